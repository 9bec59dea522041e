import type { PlatformModule } from '../module.js';
import { mediaMigration } from './migration.js';
import { mediaEntity } from './entity.js';
import { registerMediaRoutes } from './media-routes.js';
import { mediaUrl } from './media-url.js';
import { MediaFileStore } from './media-file-store.js';
import type { EntityDeletedEvent } from '../entities/writer.js';

export const mediaModule: PlatformModule = {
  name: 'media',
  migrations: [mediaMigration],
  entities: [mediaEntity],
  routes: (app, platform) => registerMediaRoutes(app, platform),
  async boot(platform) {
    // media JSON carries its absolute public URL; it depends on APP_URL, so it is computed on read
    platform.entities.addReadDecorator('media', (record) => {
      record.url = typeof record.path === 'string' ? mediaUrl(record.path, platform.env.appUrl) : null;
    });
    // a deleted media record takes its file along: otherwise it stayed public under its old URL
    const store = new MediaFileStore(platform.env.varDir);
    platform.events.on('media.deleted', (payload) => store.removeMediaFolders((payload as EntityDeletedEvent).ids));
  },
};

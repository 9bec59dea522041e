import type { PlatformModule } from '../module.js';
import { mediaMigration } from './migration.js';
import { mediaEntity } from './entity.js';
import { registerMediaRoutes } from './media-routes.js';
import { registerStoreApiMediaRoute } from './store-api-media-route.js';
import { mediaImage } from './media-image.js';
import { generateThumbnailsCommand } from './generate-thumbnails-command.js';
import { MediaFileStore } from './media-file-store.js';
import type { EntityDeletedEvent } from '../entities/writer.js';

export const mediaModule: PlatformModule = {
  name: 'media',
  migrations: [mediaMigration],
  entities: [mediaEntity],
  routes: (app, platform) => {
    registerMediaRoutes(app, platform);
    registerStoreApiMediaRoute(app, platform);
  },
  commands: [generateThumbnailsCommand],
  async boot(platform) {
    // media JSON carries its absolute public URL; it depends on APP_URL, so it is computed on read
    platform.entities.addReadDecorator('media', (record) => {
      const image = typeof record.path === 'string' ? mediaImage(record.path, record.metaData, null, platform.env.appUrl) : null;
      record.url = image?.url ?? null;
      record.thumbnails = image?.thumbnails ?? [];
    });
    // a deleted media record takes its file along: otherwise it stayed public under its old URL
    const store = new MediaFileStore(platform.env.varDir);
    platform.events.on('media.deleted', (payload) => store.removeMediaFolders((payload as EntityDeletedEvent).ids));
  },
};

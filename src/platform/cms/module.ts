import type { PlatformModule } from '../module.js';
import { cmsEntities } from './entities.js';
import { cmsMigration } from './migration.js';
import { registerCmsStoreApiRoute } from './store-api-cms-route.js';

/**
 * Shopping Experiences: layouts of sections, blocks and slots (Admin API through the generic entity
 * routes), assigned to categories, landing pages and products, resolved for the Store API.
 */
export const cmsModule: PlatformModule = {
  name: 'cms',
  migrations: [cmsMigration],
  entities: cmsEntities,
  routes: (app, platform) => registerCmsStoreApiRoute(app, platform),
};

import type { PlatformModule } from '../module.js';
import { catalogMigration } from './migration.js';
import { catalogEntities } from './entities.js';

export const catalogModule: PlatformModule = { name: 'catalog', migrations: [catalogMigration], entities: catalogEntities };

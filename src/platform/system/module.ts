import type { PlatformModule } from '../module.js';
import { systemMigration } from './migration.js';
import { systemEntities } from './entities.js';

export const systemModule: PlatformModule = { name: 'system', migrations: [systemMigration], entities: systemEntities };

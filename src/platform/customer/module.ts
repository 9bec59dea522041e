import type { PlatformModule } from '../module.js';
import { customerMigration } from './migration.js';
import { customerEntities } from './entities.js';

export const customerModule: PlatformModule = { name: 'customer', migrations: [customerMigration], entities: customerEntities };

import type { PlatformModule } from '../module.js';
import { salesChannelMigration } from './migration.js';
import { salesChannelEntities } from './entities.js';
import { footerServiceCategoriesMigration } from './migration-footer-service-categories.js';

export const salesChannelModule: PlatformModule = { name: 'sales-channel', migrations: [salesChannelMigration, footerServiceCategoriesMigration], entities: salesChannelEntities };

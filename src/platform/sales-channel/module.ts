import type { PlatformModule } from '../module.js';
import { salesChannelMigration } from './migration.js';
import { salesChannelEntities } from './entities.js';

export const salesChannelModule: PlatformModule = { name: 'sales-channel', migrations: [salesChannelMigration], entities: salesChannelEntities };

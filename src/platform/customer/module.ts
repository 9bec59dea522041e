import type { PlatformModule } from '../module.js';
import { customerMigration } from './migration.js';
import { customerEntities } from './entities.js';
import { customerBankDetailsReadMigration } from './bank-details/migration.js';
import { registerBankDetailsRoute } from './bank-details/bank-details-route.js';

export const customerModule: PlatformModule = {
  name: 'customer',
  migrations: [customerMigration, customerBankDetailsReadMigration],
  entities: customerEntities,
  routes(app, platform) {
    registerBankDetailsRoute(app, platform);
  },
};

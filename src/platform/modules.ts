import type { PlatformModule } from './module.js';
import { authMigration } from './admin-api/auth/migration.js';
import { authEntities } from './admin-api/auth/entities.js';
import { extensionMigration } from './extension-manager/migration.js';
import { systemConfigMigration } from './system-config/migration.js';
import { customFieldMigration } from './custom-fields/migration.js';
import { leaseMigration } from './leases/migration.js';
import { refreshTokenRevocationMigration } from './admin-api/auth/migration-refresh-token-revocation.js';
import { tokenGenerationMigration } from './admin-api/auth/migration-token-generation.js';
import { loginThrottleMigration } from './admin-api/auth/migration-login-throttle.js';
import { tableChangeMigration } from './database/table-change-migration.js';
import { customFieldEntities } from './custom-fields/entities.js';
import { extensionCommands } from './console/commands/extension.js';
import { userCreateCommand } from './console/commands/user-create.js';
import { integrationCreateCommand } from './console/commands/integration-create.js';
import { systemConfigGetCommand, systemConfigSetCommand } from './console/commands/system-config.js';
import { workerCommand } from './console/commands/worker.js';
import { systemModule } from './system/module.js';
import { mediaModule } from './media/module.js';
import { salesChannelModule } from './sales-channel/module.js';
import { customerModule } from './customer/module.js';
import { catalogModule } from './catalog/module.js';
import { checkoutModule } from './checkout/module.js';
import { firstStartModule } from './first-start/module.js';
import { storeApiModule } from './store-api/module.js';
import { stateMachineModule } from './state-machine/module.js';
import { storefrontModule } from './storefront/module.js';
import { mailModule } from './mail/module.js';
import { customerAccountModule } from './customer/account/module.js';
import { formsModule } from './newsletter/module.js';
import { wishlistModule } from './customer/wishlist/module.js';
import { seoModule } from './seo/module.js';
import { importExportModule } from './import-export/module.js';
import { cmsModule } from './cms/module.js';
import { scheduledTaskModule } from './scheduled-task/module.js';

const foundationModule: PlatformModule = {
  name: 'foundation',
  migrations: [authMigration, extensionMigration, systemConfigMigration, customFieldMigration, leaseMigration, refreshTokenRevocationMigration, tableChangeMigration, tokenGenerationMigration, loginThrottleMigration],
  entities: [...authEntities, ...customFieldEntities],
  commands: [
    ...extensionCommands,
    userCreateCommand,
    integrationCreateCommand,
    systemConfigGetCommand,
    systemConfigSetCommand,
    workerCommand,
  ],
};

/** The platform's modules in dependency order. Extensions bring their own declarations. */
export const platformModules: PlatformModule[] = [
  foundationModule,
  stateMachineModule,
  scheduledTaskModule,
  systemModule,
  mediaModule,
  salesChannelModule,
  customerModule,
  catalogModule,
  cmsModule,
  seoModule,
  checkoutModule,
  storeApiModule,
  storefrontModule,
  mailModule,
  customerAccountModule,
  formsModule,
  wishlistModule,
  importExportModule,
  firstStartModule,
];

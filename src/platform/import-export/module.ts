import type { PlatformModule } from '../module.js';
import { importExportCommands } from './commands.js';
import { importExportEntities } from './entities.js';
import { importExportMigration } from './migration.js';
import { importExportHandler } from './queue-handler.js';
import { registerImportExportRoutes } from './routes.js';

/**
 * CSV import and export of products and customers (orders: export only) through Shopware-style profiles,
 * as queued runs with a log of rejected rows; the Admin API's `_action/import-export` routes and
 * `bin/console import:products` / `export:products` (docs/import-export.md).
 */
export const importExportModule: PlatformModule = {
  name: 'import-export',
  migrations: [importExportMigration],
  entities: importExportEntities,
  messageHandlers: [importExportHandler],
  commands: importExportCommands,
  routes: (app, platform) => registerImportExportRoutes(app, platform),
};

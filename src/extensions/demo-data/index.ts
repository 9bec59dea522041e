import type { Extension } from '../../platform/sdk/index.js';
import { EXTENSION_NAME, GENERATE_PRIVILEGE, MANAGE_USER_PRIVILEGE, demoDataCustomFieldSet } from './config.js';
import { removeCommand } from './console/remove-command.js';
import { seedCommand } from './console/seed-command.js';
import { migrations } from './ledger/migrations.js';
import { statusCommand } from './console/status-command.js';
import { userCommand } from './console/user-command.js';
import { demoDataRoutes } from './routes/demo-data-routes.js';
import { runMessageHandler } from './run/queued-run.js';

/**
 * Demo data: creates or completes a deterministic demo catalogue through the platform's
 * repositories; idempotent, adopting what a merchant already has, and removable again
 * (only what it created and nobody changed). docs/demo-data.md is the guide.
 */
export const extDemoData: Extension = {
  name: EXTENSION_NAME,
  version: '1.0.0',
  label: 'Demo data',
  description: 'Creates or completes a demo catalogue: channels, categories, products, images, customers and orders.',
  privileges: [GENERATE_PRIVILEGE, MANAGE_USER_PRIVILEGE],
  migrations,
  customFieldSets: [demoDataCustomFieldSet],
  routes: demoDataRoutes,
  messageHandlers: [runMessageHandler],
  commands: [seedCommand, removeCommand, statusCommand, userCommand],
};

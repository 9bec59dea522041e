import type { Extension } from '../../platform/sdk/index.js';
import { acknowledgeRoute } from './acknowledgement/acknowledge-route.js';
import { exportJobHandler } from './automatic/export-job.js';
import { subscribers } from './automatic/subscribers.js';
import { EXTENSION_NAME, orderExportConfig } from './config.js';
import { exportCommand } from './console/export-command.js';
import { retryFailedCommand } from './console/retry-failed-command.js';
import { targetSimulatorCommand } from './console/target-simulator-command.js';
import { entities } from './records/entities.js';
import { migrations } from './records/migrations.js';
import { credentialRoutes } from './routes/credential-routes.js';
import { exportRoutes } from './routes/export-routes.js';
import { mappingRoutes } from './routes/mapping-routes.js';

/**
 * Order export: one order at a time to an HTTP target, rendered through a versioned
 * JSONata mapping, signed (Standard Webhooks), deduplicated by revision, every attempt recorded, and
 * acknowledged by the target through a signed callback. docs/order-export.md is the user's guide.
 */
export const extOrderExport: Extension = {
  name: EXTENSION_NAME,
  version: '1.0.0',
  label: 'Order export',
  description: 'Exports orders to ERPs and other HTTP targets through JSONata mappings, with signed deliveries and acknowledgements.',
  migrations,
  entities,
  config: orderExportConfig,
  routes: (host) => [...exportRoutes(host), ...mappingRoutes(host), ...credentialRoutes(host), acknowledgeRoute(host)],
  subscribers,
  messageHandlers: [exportJobHandler],
  commands: [exportCommand, retryFailedCommand, targetSimulatorCommand],
};

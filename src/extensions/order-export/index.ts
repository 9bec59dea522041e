import type { Extension } from '../../platform/sdk/index.js';
import { acknowledgeRoute } from './acknowledgement/acknowledge-route.js';
import { exportJobHandler } from './automatic/export-job.js';
import { subscribers } from './automatic/subscribers.js';
import { EXTENSION_NAME, orderExportConfig } from './config.js';
import { failingTargetsTask } from './health/failing-targets-task.js';
import { targetPausedMail } from './health/paused-mail.js';
import { exportCommand } from './console/export-command.js';
import { retryFailedCommand } from './console/retry-failed-command.js';
import { targetSimulatorCommand } from './console/target-simulator-command.js';
import { entities } from './records/entities.js';
import { migrations } from './records/migrations.js';
import { credentialRoutes } from './routes/credential-routes.js';
import { exportRoutes } from './routes/export-routes.js';
import { mappingRoutes } from './routes/mapping-routes.js';
import { operationRoutes } from './routes/operation-routes.js';
import { replayRunHandler } from './replay/replay-job.js';

/**
 * Order export: one order at a time to an HTTP target, rendered through a versioned
 * JSONata mapping, signed (Standard Webhooks), deduplicated by revision, every attempt recorded, and
 * acknowledged by the target through a signed callback. docs/order-export.md is the user's guide.
 */
export const extOrderExport: Extension = {
  name: EXTENSION_NAME,
  version: '1.1.0',
  label: 'Order export',
  description: 'Exports orders to ERPs and other HTTP targets through JSONata mappings, with signed deliveries and acknowledgements.',
  migrations,
  entities,
  config: orderExportConfig,
  routes: (host) => [...exportRoutes(host), ...mappingRoutes(host), ...credentialRoutes(host), ...operationRoutes(host), acknowledgeRoute(host)],
  subscribers,
  messageHandlers: [exportJobHandler, replayRunHandler],
  scheduledTasks: [failingTargetsTask],
  commands: [exportCommand, retryFailedCommand, targetSimulatorCommand],
  install: ({ host, uow }) => host.mail.installTypes(uow, [targetPausedMail]),
  update: ({ host, uow }) => host.mail.installTypes(uow, [targetPausedMail]),
};

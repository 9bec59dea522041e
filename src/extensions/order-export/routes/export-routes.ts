import type { FastifyInstance } from 'fastify';
import { errors, type ExtensionHost } from '../../../platform/sdk/index.js';
import { exportOrder } from '../export/export-order.js';
import { replayAttempt } from '../export/replay-attempt.js';
import { runtimeOf } from '../export/runtime.js';
import { loadTarget } from '../records/target-store.js';
import { ACTION_PREFIX, described, privileged } from './route-options.js';
import { ExportBody, ExportResultSchema, ReplayParams, TestConnectionBody, TestConnectionResultSchema } from './schemas.js';

export const EXPORT_PRIVILEGE = 'ext_order_export:update';
export const TARGET_READ_PRIVILEGE = 'ext_order_export_config:read';

/** Export, replay and test-connection. */
export function registerExportRoutes(app: FastifyInstance, host: ExtensionHost): void {
  app.post<{ Body: ExportBody }>(
    `${ACTION_PREFIX}/export`,
    {
      ...privileged(EXPORT_PRIVILEGE),
      schema: {
        ...described(
          'Export one order to one target, synchronously',
          EXPORT_PRIVILEGE,
          '404: target (active) or order not found; 409: another export of the pair is running; 422: the mapping could not render the order (`errors[0].meta.fieldErrors`); 502: the target gave no answer. A target answering with an error is outcome `failed` (200).',
        ),
        body: ExportBody,
        response: { 200: ExportResultSchema },
      },
    },
    async (request) => exportOrder(host, { orderId: request.body.orderId, configId: request.body.configId, forceReExport: request.body.forceReExport }),
  );

  app.post<{ Params: ReplayParams }>(
    `${ACTION_PREFIX}/attempt/:attemptId/replay`,
    {
      ...privileged(EXPORT_PRIVILEGE),
      schema: {
        ...described(
          'Send the revision of a recorded attempt again',
          EXPORT_PRIVILEGE,
          'The stored payload with the same correlation id; 404 for an unknown attempt or inactive target, 409 when the revision was superseded or an export of the pair is running, 502 as for exports.',
        ),
        params: ReplayParams,
        response: { 200: ExportResultSchema },
      },
    },
    async (request) => replayAttempt(host, request.params.attemptId),
  );

  app.post<{ Body: TestConnectionBody }>(
    `${ACTION_PREFIX}/test-connection`,
    {
      ...privileged(TARGET_READ_PRIVILEGE),
      schema: {
        ...described('Send a GET with the target\'s authentication to its URL', TARGET_READ_PRIVILEGE, 'Target errors are answers (`reachable`, `httpStatus`, `message`), not errors; 404 for an unknown target.'),
        body: TestConnectionBody,
        response: { 200: TestConnectionResultSchema },
      },
    },
    async (request) => {
      const target = await loadTarget(host, request.body.configId);
      if (!target) throw errors.notFound('ext_order_export_config', request.body.configId);
      const client = await runtimeOf(host).deliveryClient();
      return client.testConnection(target.delivery, target.credential);
    },
  );
}

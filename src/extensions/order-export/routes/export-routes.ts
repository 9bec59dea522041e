import { defineRoute, errorResponses, errors, type ExtensionHost, type RouteDeclaration } from '../../../platform/sdk/index.js';
import { exportOrder } from '../export/export-order.js';
import { replayAttempt } from '../export/replay-attempt.js';
import { runtimeOf } from '../export/runtime.js';
import { loadTarget } from '../records/target-store.js';
import { ACTION_PREFIX, described, privileged } from './route-options.js';
import { ExportBody, ExportResult, ReplayParams, TestConnectionBody, TestConnectionResult } from './schemas.js';

export const EXPORT_PRIVILEGE = 'ext_order_export:update';
export const TARGET_READ_PRIVILEGE = 'ext_order_export_config:read';

/** Export, replay and test-connection. */
export function exportRoutes(host: ExtensionHost): RouteDeclaration[] {
  return [
    defineRoute({
      method: 'POST',
      url: `${ACTION_PREFIX}/export`,
      ...privileged(EXPORT_PRIVILEGE),
      schema: {
        ...described('Export one order to one target, synchronously', EXPORT_PRIVILEGE, 'A target answering with an error is outcome `failed` (200).'),
        body: ExportBody,
        response: {
          200: ExportResult,
          ...errorResponses({
            400: 'orderId or configId missing or malformed.',
            403: 'Missing privilege.',
            404: 'Target (active) or order not found.',
            409: 'Another export of this order to this target is running.',
            422: 'The mapping could not render the order: `errors[0].meta.fieldErrors` by payload path; nothing was sent.',
            502: 'The target gave no answer; `errors[0].meta` names the recorded attempt.',
          }),
        },
      },
      handler: async (request) => exportOrder(host, { orderId: request.body.orderId, configId: request.body.configId, forceReExport: request.body.forceReExport }),
    }),
    defineRoute({
      method: 'POST',
      url: `${ACTION_PREFIX}/attempt/:attemptId/replay`,
      ...privileged(EXPORT_PRIVILEGE),
      schema: {
        ...described('Send the revision of a recorded attempt again', EXPORT_PRIVILEGE, 'The stored payload with the same correlation id, a new signature and attempt.'),
        params: ReplayParams,
        response: {
          200: ExportResult,
          ...errorResponses({
            403: 'Missing privilege.',
            404: 'Unknown attempt, or its target is inactive.',
            409: 'The revision was superseded, or an export of the pair is running.',
            502: 'The target gave no answer.',
          }),
        },
      },
      handler: async (request) => replayAttempt(host, request.params.attemptId),
    }),
    defineRoute({
      method: 'POST',
      url: `${ACTION_PREFIX}/test-connection`,
      ...privileged(TARGET_READ_PRIVILEGE),
      schema: {
        ...described('Send a GET with the target\'s authentication to its URL', TARGET_READ_PRIVILEGE, 'Target errors are answers (`reachable`, `httpStatus`, `message`), not errors.'),
        body: TestConnectionBody,
        response: { 200: TestConnectionResult, ...errorResponses({ 400: 'configId missing or malformed.', 403: 'Missing privilege.', 404: 'Unknown target.' }) },
      },
      handler: async (request) => {
        const target = await loadTarget(host, request.body.configId);
        if (!target) throw errors.notFound('ext_order_export_config', request.body.configId);
        const client = await runtimeOf(host).deliveryClient();
        return client.testConnection(target.delivery, target.credential);
      },
    }),
  ];
}

import type { FastifyInstance } from 'fastify';
import type { ExtensionHost } from '../../../platform/sdk/index.js';
import { registerWebhookRoute } from '../../_gateway-kit/webhook/webhook-route.js';
import { handleAcknowledgement } from './handle-acknowledgement.js';

export const ACKNOWLEDGE_PATH = '/ext-order-export/acknowledge';

/**
 * `POST /ext-order-export/acknowledge`: a storefront-side route without platform authentication or
 * CSRF token; the Standard Webhooks signature is the gate. The kit's webhook route hands over the raw
 * bytes, which is what the signature covers. Acknowledgements are small: 64 KiB at most.
 */
export function registerAcknowledgeRoute(app: FastifyInstance, host: ExtensionHost): void {
  registerWebhookRoute(app, host, {
    path: ACKNOWLEDGE_PATH,
    bodyLimit: 64 * 1024,
    badRequest: { status: 400, body: { errors: [{ status: '400', code: 'EXT_ORDER_EXPORT__ACK_BAD_REQUEST', title: 'Bad Request', detail: 'The body could not be read.' }] } },
    internalError: { status: 500, body: { errors: [{ status: '500', code: 'FRAMEWORK__INTERNAL_SERVER_ERROR', title: 'Internal Server Error', detail: 'An internal error occurred.' }] } },
    handle: (request) => handleAcknowledgement(host, request),
  });
}

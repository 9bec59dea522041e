import { defineRoute, sendAnswer, type ExtensionHost, type RouteDeclaration } from '../../../platform/sdk/index.js';
import { handleAcknowledgement } from './handle-acknowledgement.js';

export const ACKNOWLEDGE_PATH = '/ext-order-export/acknowledge';

/**
 * `POST /ext-order-export/acknowledge`: a storefront-side route without platform authentication or
 * CSRF token; the Standard Webhooks signature is the gate. The route takes the raw bytes, which is what
 * the signature covers, and answers only in the target-facing shapes below. Acknowledgements are small:
 * 64 KiB at most.
 */
export function acknowledgeRoute(host: ExtensionHost): RouteDeclaration {
  return defineRoute({
    method: 'POST',
    url: ACKNOWLEDGE_PATH,
    rawBody: true,
    bodyLimit: 64 * 1024,
    errorAnswers: {
      badRequest: { status: 400, body: { errors: [{ status: '400', code: 'EXT_ORDER_EXPORT__ACK_BAD_REQUEST', title: 'Bad Request', detail: 'The body could not be read.' }] } },
      internalError: { status: 500, body: { errors: [{ status: '500', code: 'FRAMEWORK__INTERNAL_SERVER_ERROR', title: 'Internal Server Error', detail: 'An internal error occurred.' }] } },
    },
    handler: async (request, reply) =>
      sendAnswer(reply, await handleAcknowledgement(host, { rawBody: Buffer.isBuffer(request.body) ? request.body : undefined, headers: request.headers })),
  });
}

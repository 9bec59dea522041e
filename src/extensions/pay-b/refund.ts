import type { FastifyInstance } from 'fastify';
import { requirePrivileges } from '../../platform/acl/context.js';
import type { Platform } from '../../platform/kernel.js';
import { requestRefund } from './refund/request-refund.js';
import { parseRefundRequest } from './refund/refund-request.js';
import { RefundRefusal } from './refund/refund-refusal.js';

export const PAY_B_REFUND_PRIVILEGE = 'pay_b.refund';

/**
 * `POST /api/_action/pay-b/refund` (spec part D): refunds a gateway D payment, fully or partly. 200 with
 * the gateway's refund response; 403 in the platform's error shape without the privilege; refusals
 * (also while another refund of the same transaction runs) as 400 `{"error": message}`. No body schema: the
 * route answers malformed input in the spec's shape itself, and nothing is coerced.
 */
export function registerRefundRoute(app: FastifyInstance, platform: Platform): void {
  app.post(
    '/api/_action/pay-b/refund',
    {
      schema: {
        tags: ['Gateway D'],
        summary: 'Refund a gateway D payment',
        description:
          'Body: orderTransactionId (required), amount (major units of the order currency, number or numeric string; default: the whole remaining balance), comments (passed to the gateway). Needs the privilege pay_b.refund.',
      },
    },
    async (request, reply) => {
      requirePrivileges(request.apiContext, [PAY_B_REFUND_PRIVILEGE]);
      try {
        const envelope = await requestRefund(platform, parseRefundRequest(request.body));
        return reply.code(200).send(envelope);
      } catch (error) {
        if (error instanceof RefundRefusal) return reply.code(400).send({ error: error.message });
        throw error;
      }
    },
  );
}

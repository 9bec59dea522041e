import type { FastifyInstance } from 'fastify';
import type { ExtensionHost } from '../../platform/sdk/index.js';
import { registerRefundRoute } from '../_gateway-kit/index.js';
import { requestRefund } from './refund/request-refund.js';
import { parseRefundRequest, RefundRequestBody } from './refund/refund-request.js';

export const PAY_B_REFUND_PRIVILEGE = 'pay_b.refund';

/**
 * `POST /api/_action/pay-b/refund` (spec part D): refunds a gateway D payment, fully or partly. 200 with
 * the gateway's refund response; refusals (also while another refund of the same transaction runs) as
 * 400 `{"error": message}`.
 */
export function registerPayBRefundRoute(app: FastifyInstance, host: ExtensionHost): void {
  registerRefundRoute(app, {
    path: '/api/_action/pay-b/refund',
    privilege: PAY_B_REFUND_PRIVILEGE,
    tag: 'Gateway D',
    summary: 'Refund a gateway D payment',
    body: RefundRequestBody,
    refund: (body) => requestRefund(host, parseRefundRequest(body)),
  });
}

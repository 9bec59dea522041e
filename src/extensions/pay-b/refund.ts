import type { FastifyInstance } from 'fastify';
import type { ExtensionHost } from '../../platform/sdk/index.js';
import { registerRefundableRoute, registerRefundRoute } from '../_gateway-kit/index.js';
import { readPayBRefundable } from './refund/refund-balance.js';
import { DEFAULT_REFUND_TIMINGS, requestRefund } from './refund/request-refund.js';
import { parseRefundRequest, RefundRequestBody } from './refund/refund-request.js';

export const PAY_B_REFUND_PRIVILEGE = 'pay_b.refund';
export const REFUNDABLE_PATH = '/api/_action/pay-b/refundable';

/**
 * `POST /api/_action/pay-b/refund`: refunds a gateway D payment, fully or partly. 200 with
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

/**
 * `GET /api/_action/pay-b/refundable/:orderTransactionId` (the gateway kit's refundable route): the
 * refundable balance read live from the gateway's refund ledger, computed as the refund route computes it.
 */
export function registerPayBRefundableRoute(app: FastifyInstance, host: ExtensionHost): void {
  registerRefundableRoute(app, {
    path: REFUNDABLE_PATH,
    gatewayName: 'Gateway D',
    codePrefix: 'PAY_B',
    tag: 'Gateway D',
    summary: 'The refundable balance of a gateway D payment, read live from the gateway',
    read: (orderTransactionId) => readPayBRefundable(host, orderTransactionId, DEFAULT_REFUND_TIMINGS),
  });
}

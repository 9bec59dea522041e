import type { FastifyInstance } from 'fastify';
import type { ExtensionHost } from '../../platform/sdk/index.js';
import { registerRefundableRoute, registerRefundRoute } from '../_gateway-kit/index.js';
import { readPayARefundable } from './refund/refund-balance.js';
import { DEFAULT_REFUND_TIMINGS, requestRefund } from './refund/request-refund.js';
import { parseRefundRequest, RefundRequestBody } from './refund/refund-request.js';

export const PAY_A_REFUND_PRIVILEGE = 'pay_a.refund';
export const REFUND_PATH = '/api/_action/pay-a/refund';
export const REFUNDABLE_PATH = '/api/_action/pay-a/refundable';

/**
 * `POST /api/_action/pay-a/refund`: refunds a gateway A payment, fully or partly. 200 with
 * the gateway's JSON for the created refund; refusals (also while another refund of the same transaction
 * runs) as 400 `{"error": message}`; 403 without the privilege.
 */
export function registerPayARefundRoute(app: FastifyInstance, host: ExtensionHost): void {
  registerRefundRoute(app, {
    path: REFUND_PATH,
    privilege: PAY_A_REFUND_PRIVILEGE,
    tag: 'Gateway A',
    summary: 'Refund a gateway A payment',
    body: RefundRequestBody,
    refund: (body) => requestRefund(host, parseRefundRequest(body)),
  });
}

/**
 * `GET /api/_action/pay-a/refundable/:orderTransactionId` (the gateway kit's refundable route): the
 * refundable balance with the gateway's refund list read live, the amount both the refund route and the
 * gateway accept at most.
 */
export function registerPayARefundableRoute(app: FastifyInstance, host: ExtensionHost): void {
  registerRefundableRoute(app, {
    path: REFUNDABLE_PATH,
    gatewayName: 'Gateway A',
    codePrefix: 'PAY_A',
    tag: 'Gateway A',
    summary: 'The refundable balance of a gateway A payment, read live from the gateway',
    read: (orderTransactionId) => readPayARefundable(host, orderTransactionId, DEFAULT_REFUND_TIMINGS),
  });
}

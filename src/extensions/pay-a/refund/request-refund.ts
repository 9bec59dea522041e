import type { ExtensionHost, LeaseOptions } from '../../../platform/sdk/index.js';
import {
  DEFAULT_REFUND_LEASE,
  GatewayClientError,
  GatewayNotConfiguredError,
  recordPendingRefund,
  refundedOnPlatformMinor,
  refusalForGatewayFailure,
  requestGatewayRefund,
} from '../../_gateway-kit/index.js';
import { toWireAmount } from '../amounts.js';
import { createPayAClient, type CreatedRefund, type PayAClient } from '../client.js';
import { loadRefundableTransaction, type RefundableTransaction } from './refund-eligibility.js';
import { PAY_A_REFUND_RECORDS } from './refund-records.js';
import type { RefundRequest } from './refund-request.js';
import { RefundRefusal, REFUND_MESSAGES } from './refund-refusal.js';

export interface RefundTimings {
  lease: LeaseOptions;
  /** Per gateway request. */
  requestTimeoutMs: number;
}

export const DEFAULT_REFUND_TIMINGS: RefundTimings = { lease: DEFAULT_REFUND_LEASE, requestTimeoutMs: 15_000 };

/**
 * `POST /api/_action/pay-a/refund` after the body's shape was checked. Malformed input and
 * amounts below the minimum are refused before anything is written or sent. Under the transaction's
 * refund lease (concurrent requests in any process are served one after the other): the refundable
 * balance is the transaction amount minus its gateway A refunds that have not failed (pending ones hold
 * their amount), the gateway is asked (`POST /refund`, the amount in its minor units), and the pending
 * capture and refund are recorded at once with externalReference = the gateway's refund id, so no refund
 * is lost when its events never come. Returns the gateway's response body.
 */
export function requestRefund(host: ExtensionHost, request: RefundRequest, timings: RefundTimings = DEFAULT_REFUND_TIMINGS): Promise<Record<string, unknown>> {
  return requestGatewayRefund<RefundableTransaction, PayAClient, CreatedRefund>(host, request.amount, {
    gateway: 'pay-a',
    lease: timings.lease,
    load: (checked) => loadRefundableTransaction(host, checked?.reference ?? request.transaction),
    client: (transaction) => clientFor(host, transaction, timings),
    async balanceMinor(_client, transaction) {
      const refundedMinor = await refundedOnPlatformMinor(host, PAY_A_REFUND_RECORDS, transaction.id, transaction.currency.decimals);
      return Math.max(transaction.amountMinor - refundedMinor, 0);
    },
    refund: (client, transaction, amountMinor) => refundAtGateway(host, client, transaction, amountMinor, request),
    record: (transaction, created, amountMinor) =>
      recordPendingRefund(host, PAY_A_REFUND_RECORDS, {
        orderTransactionId: transaction.id,
        gatewayRefundId: created.refundId,
        amountMinor,
        decimals: transaction.currency.decimals,
        reason: request.reason,
      }),
  });
}

function clientFor(host: ExtensionHost, transaction: RefundableTransaction, timings: RefundTimings): PayAClient {
  try {
    return createPayAClient(transaction.settings, { timeoutMs: timings.requestTimeoutMs });
  } catch (error) {
    if (!(error instanceof GatewayNotConfiguredError)) throw error;
    host.logger.warn({ orderTransactionId: transaction.id }, 'pay-a: refund refused, no secret key for the active mode');
    throw new RefundRefusal(REFUND_MESSAGES.notConfigured);
  }
}

/**
 * `POST /refund`: the reference, the amount always explicit, the currency, and the notes; `reason` fills
 * a note only where the caller gave none (reference: the gateway has no reason field). A refusal shows
 * the gateway's message.
 */
async function refundAtGateway(host: ExtensionHost, client: PayAClient, transaction: RefundableTransaction, amountMinor: number, request: RefundRequest): Promise<CreatedRefund> {
  try {
    return await client.createRefund({
      transaction: transaction.reference,
      amount: toWireAmount(amountMinor, transaction.currency),
      currency: transaction.currency.isoCode,
      customer_note: request.customerNote ?? request.reason,
      merchant_note: request.merchantNote ?? request.reason,
    });
  } catch (error) {
    if (!(error instanceof GatewayClientError)) throw error;
    host.logger.warn({ ...error.toLog(), orderTransactionId: transaction.id }, 'pay-a: the gateway did not accept the refund');
    throw refusalForGatewayFailure(error);
  }
}

import type { ExtensionHost, LeaseOptions } from '../../../platform/sdk/index.js';
import {
  DEFAULT_REFUND_LEASE,
  formatRefundAmount,
  GatewayClientError,
  GatewayNotConfiguredError,
  minimumRefundFor,
  minimumRefundMinor,
  recordPendingRefund,
  refundAmountWithinBounds,
  refundedOnPlatformMinor,
  refusalForGatewayFailure,
  requestedMinorOrRefuse,
  withRefundLease,
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
 * `POST /api/_action/pay-a/refund` after the body's shape was checked (spec part C). Malformed input and
 * amounts below the minimum are refused before anything is written or sent. Under the transaction's
 * refund lease (concurrent requests in any process are served one after the other): the refundable
 * balance is the transaction amount minus its gateway A refunds that have not failed (pending ones hold
 * their amount), the gateway is asked (`POST /refund`, the amount in its minor units), and the pending
 * capture and refund are recorded at once with externalReference = the gateway's refund id, so no refund
 * is lost when its events never come. Returns the gateway's response body.
 */
export async function requestRefund(host: ExtensionHost, request: RefundRequest, timings: RefundTimings = DEFAULT_REFUND_TIMINGS): Promise<Record<string, unknown>> {
  const checked = await loadRefundableTransaction(host, request.transaction);
  const minimumMinor = minimumRefundMinor(minimumRefundFor(checked.settings.minimumRefundAmount, checked.currency.isoCode), checked.currency);
  const requestedMinor = requestedMinorOrRefuse(request.amount, checked.currency);
  if (requestedMinor !== undefined && requestedMinor < minimumMinor) {
    throw new RefundRefusal(REFUND_MESSAGES.belowMinimum(formatRefundAmount(minimumMinor, checked.currency)));
  }

  return withRefundLease(host, checked.id, timings.lease, async () => {
    // read again under the lease: a refund that held it before us may have changed the state
    const transaction = await loadRefundableTransaction(host, checked.reference);
    const client = clientFor(host, transaction, timings);
    const refundedMinor = await refundedOnPlatformMinor(host, PAY_A_REFUND_RECORDS, transaction.id, transaction.currency.decimals);
    const balanceMinor = Math.max(transaction.amountMinor - refundedMinor, 0);
    const amountMinor = refundAmountWithinBounds(requestedMinor, { minimumMinor, balanceMinor, currency: transaction.currency });

    const created = await refundAtGateway(host, client, transaction, amountMinor, request);
    try {
      await recordPendingRefund(host, PAY_A_REFUND_RECORDS, {
        orderTransactionId: transaction.id,
        gatewayRefundId: created.refundId,
        amountMinor,
        decimals: transaction.currency.decimals,
        reason: request.reason,
      });
    } catch (error) {
      // the money is on its way back: say which gateway refund lacks its records (its events adopt it)
      host.logger.error({ err: error, orderTransactionId: transaction.id, gatewayRefundId: created.refundId }, 'pay-a: refund created at the gateway, but its platform records were not');
      throw error;
    }
    host.logger.info({ orderTransactionId: transaction.id, gatewayRefundId: created.refundId, amountMinor }, 'pay-a: refund requested');
    return created.envelope;
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

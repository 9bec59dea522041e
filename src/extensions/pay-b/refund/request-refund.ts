import type { ExtensionHost, LeaseOptions } from '../../../platform/sdk/index.js';
import {
  DEFAULT_REFUND_LEASE,
  GatewayClientError,
  GatewayNotConfiguredError,
  refusalForGatewayFailure,
  requestGatewayRefund,
} from '../../_gateway-kit/index.js';
import { toWireAmount } from '../amounts.js';
import { createPayBClient, type GatewayRefundResult, type PayBClient } from '../client.js';
import { loadRefundableTransaction, type RefundableTransaction } from './refund-eligibility.js';
import { readLedgerBalance, type LedgerBalance } from './refund-balance.js';
import { RefundLedgerUnavailableError, type LedgerRefund } from './refund-ledger.js';
import { recordPendingRefund } from './refund-records.js';
import type { RefundRequest } from './refund-request.js';
import { RefundRefusal, REFUND_MESSAGES } from './refund-refusal.js';

export interface RefundTimings {
  lease: LeaseOptions;
  /** Per gateway request. */
  requestTimeoutMs: number;
  /** For reading every ledger page. */
  ledgerBudgetMs: number;
}

export const DEFAULT_REFUND_TIMINGS: RefundTimings = { lease: DEFAULT_REFUND_LEASE, requestTimeoutMs: 15_000, ledgerBudgetMs: 60_000 };

/**
 * `POST /api/_action/pay-b/refund` after the body's shape was checked, in the route's steps 1-5 below.
 * Malformed input and amounts below the minimum are refused before anything is written or sent. The
 * balance check (a live ledger read) and the gateway refund run under the transaction's refund lease, so
 * concurrent requests (in any process) are served one after the other and each sees the refunds before
 * it; no database transaction is open meanwhile. Returns the gateway's response body.
 */
export function requestRefund(host: ExtensionHost, request: RefundRequest, timings: RefundTimings = DEFAULT_REFUND_TIMINGS): Promise<Record<string, unknown>> {
  return requestGatewayRefund<RefundableTransaction, PayBClient, GatewayRefundResult>(host, request.amount, {
    gateway: 'pay-b',
    lease: timings.lease,
    load: (checked) => loadRefundableTransaction(host, checked?.id ?? request.orderTransactionId),
    client: (transaction) => clientFor(host, transaction, timings),
    balanceMinor: (client, transaction) => refundableBalanceMinor(host, client, transaction, Date.now() + timings.ledgerBudgetMs),
    refund: (client, transaction, amountMinor) => refundAtGateway(host, client, transaction, amountMinor, request.comments),
    record: (transaction, result, amountMinor) =>
      recordPendingRefund(host, {
        orderTransactionId: transaction.id,
        gatewayRefundId: result.refundId,
        amountMinor,
        decimals: transaction.currency.decimals,
        comments: request.comments,
      }),
  });
}

function clientFor(host: ExtensionHost, transaction: RefundableTransaction, timings: RefundTimings): PayBClient {
  try {
    return createPayBClient(transaction.settings, { timeoutMs: timings.requestTimeoutMs });
  } catch (error) {
    if (!(error instanceof GatewayNotConfiguredError)) throw error;
    host.logger.warn({ orderTransactionId: transaction.id }, 'gateway D refund: no secret key for the active mode');
    throw new RefundRefusal(REFUND_MESSAGES.ledgerUnavailable);
  }
}

/**
 * Step 2 and the right side of step 3: the transaction amount minus what is already refunded, never
 * below zero, as readLedgerBalance computes it (the refundable route answers the same). A refund the
 * ledger lists without records in the shop (an earlier request crashed, or timed out after the gateway
 * made it) is recorded now, pending, so it is never lost.
 */
async function refundableBalanceMinor(host: ExtensionHost, client: PayBClient, transaction: RefundableTransaction, deadline: number): Promise<number> {
  let balance: LedgerBalance;
  try {
    balance = await readLedgerBalance(host, client, transaction, deadline);
  } catch (error) {
    if (!(error instanceof RefundLedgerUnavailableError)) throw error;
    host.logger.warn({ reason: error.message, orderTransactionId: transaction.id }, 'gateway D refund: the refund ledger could not be read');
    throw new RefundRefusal(REFUND_MESSAGES.ledgerUnavailable);
  }
  await recordUnrecordedRefunds(host, transaction, balance.unrecorded);
  return balance.refundableMinor;
}

/** Records (pending) the ledger's refunds of this charge that the shop had no record of. */
async function recordUnrecordedRefunds(host: ExtensionHost, transaction: RefundableTransaction, refunds: LedgerRefund[]): Promise<void> {
  for (const refund of refunds) {
    await recordPendingRefund(host, {
      orderTransactionId: transaction.id,
      gatewayRefundId: refund.gatewayRefundId,
      amountMinor: refund.amountMinor,
      decimals: transaction.currency.decimals,
      comments: undefined,
    });
    host.logger.warn({ orderTransactionId: transaction.id, gatewayRefundId: refund.gatewayRefundId }, 'gateway D refund found on the ledger without records in the shop: recorded as pending');
  }
}

/** Step 4, amount always explicit in major units. A refusal shows the gateway's message. */
async function refundAtGateway(
  host: ExtensionHost,
  client: PayBClient,
  transaction: RefundableTransaction,
  amountMinor: number,
  comments: string | undefined,
): Promise<GatewayRefundResult> {
  try {
    return await client.refundTransaction(transaction.gatewayTransactionId, {
      amount: toWireAmount(amountMinor, transaction.currency.decimals),
      ...(comments === undefined ? {} : { comments }),
    });
  } catch (error) {
    if (!(error instanceof GatewayClientError)) throw error;
    host.logger.warn({ ...error.toLog(), orderTransactionId: transaction.id }, 'gateway D refund was not accepted');
    // no answer, or one without a refund id: the refund may exist anyway; the next request's ledger read shows it
    throw refusalForGatewayFailure(error);
  }
}

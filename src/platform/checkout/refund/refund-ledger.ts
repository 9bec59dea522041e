import { refundEventKey } from '../order-transaction/processed-events.js';
import { applyRefundOutcome } from './refund-completion.js';
import type { RefundHost } from './refund-host.js';
import { DEFAULT_REFUND_LEASE, refundLeaseName } from './refund-lease.js';
import { isUndecidedRefund } from './refund-matching.js';
import type { RefundablePayment, RefundProvider, RefundTransaction } from './refund-provider.js';
import { recordedGatewayRefundIds, recordPendingRefund } from './refund-records.js';
import { DEFAULT_REFUND_TIMINGS } from './refund-request.js';

/** The reason an adopted refund gets when the gateway kept no note. */
export const LEDGER_REFUND_REASON = 'Refund made at the gateway';

/**
 * What reading a transaction's refund ledger did: `read` with the refunds adopted (recorded, having had no
 * record) and completed (recorded and now final at the gateway); `busy` when a refund of the transaction
 * holds its lease (its answer may not be recorded yet: read again next time); `unreachable` /
 * `not-configured` when the gateway could not be read; `unsupported` when the provider lists no refund ids.
 */
export type LedgerReadResult =
  | { outcome: 'read'; adopted: number; completed: number }
  | { outcome: 'busy' | 'unreachable' | 'not-configured' | 'unsupported' | 'no-payment' };

/**
 * Brings the shop's records of one paid transaction in line with the gateway's refund ledger, for refunds
 * the events never announced (made in the gateway's dashboard with the webhook lost, or whose final event
 * never came): a listed refund without platform records is recorded pending with ids derived from the
 * gateway's refund id, as the refund route would have; a listed refund the gateway reports completed
 * completes its record and moves the transaction to refunded or refunded_partially, under the row lock
 * and recorded under the key its `refund.*` event would carry, so a late event (or a second reader) changes
 * nothing. The gateway's list is the source, never a webhook body. Runs under the transaction's refund
 * lease, so it never races a refund request recording its answer. Failed refunds are not listed, so a
 * pending record is only ever failed by its event.
 */
export async function adoptLedgerRefunds<P extends RefundablePayment>(host: RefundHost, provider: RefundProvider<P, unknown>, transaction: RefundTransaction): Promise<LedgerReadResult> {
  const payment = provider.paymentOf(transaction);
  if (!payment) return { outcome: 'no-payment' };
  // a refund holding the lease may not have recorded its answer yet: taken, the ledger waits for the next run
  const run = await host.leases.run(refundLeaseName(transaction.id), { ...DEFAULT_REFUND_LEASE, waitMs: 0 }, async (): Promise<LedgerReadResult> => {
    const settings = await provider.settingsOf(transaction);
    const { requestTimeoutMs, holdingsBudgetMs } = DEFAULT_REFUND_TIMINGS;
    const read = await provider.readRefundHoldings(payment, settings, { requestTimeoutMs, deadline: Date.now() + holdingsBudgetMs });
    if (read.outcome !== 'read') return { outcome: read.outcome };
    const listed = read.holdings.listed;
    if (!listed) return { outcome: 'unsupported' };

    const { decimals } = payment.currency;
    const recorded = recordedGatewayRefundIds(await host.paymentRecords.refundsOf(transaction.id, decimals));
    let adopted = 0;
    for (const refund of listed.filter((item) => !recorded.has(String(item.gatewayRefundId)))) {
      await recordPendingRefund(host, { namespace: provider.recordNamespace }, {
        orderTransactionId: transaction.id,
        gatewayRefundId: refund.gatewayRefundId,
        amountMinor: refund.amountMinor,
        decimals,
        reason: refund.note ?? LEDGER_REFUND_REASON,
      });
      adopted += 1;
    }

    let completed = 0;
    const records = await host.paymentRecords.refundsOf(transaction.id, decimals);
    for (const refund of listed.filter((item) => item.completed)) {
      const record = records.find((candidate) => candidate.externalReference === String(refund.gatewayRefundId));
      if (!record || !isUndecidedRefund(record)) continue;
      const result = await applyRefundOutcome(host, {
        orderTransactionId: transaction.id,
        refundId: record.id,
        captureId: record.captureId,
        action: 'complete',
        eventKey: refundEventKey(refund.gatewayRefundId),
        processedEventsField: provider.processedEventsField,
        decimalsOf: () => decimals,
      });
      if (result === 'applied') completed += 1;
    }
    if (adopted + completed > 0) {
      host.logger.info({ orderTransactionId: transaction.id, adopted, completed }, `${provider.logPrefix}: refunds read from the gateway's ledger recorded`);
    }
    return { outcome: 'read', adopted, completed };
  });
  return run.acquired ? run.value : { outcome: 'busy' };
}

import type { ExtensionHost } from '../../../platform/sdk/index.js';
import {
  isPaidState,
  minimumRefundFor,
  minimumRefundMinor,
  ownRefundHoldings,
  readRefundableView,
  RefundableTransactionNotFound,
  refundBalance,
  type RefundableView,
  type RefundBalance,
  type RefundCurrency,
} from '../../_gateway-kit/index.js';
import { createPayBClient, type PayBClient } from '../client.js';
import { readPayBSettings } from '../config.js';
import { payBDecimals } from '../payment/order-transaction.js';
import { gatewayPaymentOf, loadPayBTransaction, refusalOf, type GatewayPayment } from './refund-eligibility.js';
import { readRefundLedger, RefundLedgerUnavailableError, type LedgerRefund } from './refund-ledger.js';
import { PAY_B_REFUND_RECORDS, refundIdFor } from './refund-records.js';

/** The balance with the ledger's refunds the shop has no record of (counted as the shop's: the refund route records them). */
export interface LedgerBalance extends RefundBalance {
  unrecorded: LedgerRefund[];
}

/**
 * Refund step 2 and the right side of step 3, for the refund route and the refundable route alike: the
 * gateway's live ledger (failed refunds excluded) against the shop's own non-failed refunds of the
 * transaction, the larger holding counting (the ledger may lag behind a refund the gateway has just
 * accepted). A ledger refund without records in the shop (an earlier request crashed, or timed out after
 * the gateway made it; a dashboard refund) counts on the shop's side too, as it will once the refund
 * route has recorded it: so both routes compute the same amount whether it is recorded yet or not.
 * Nothing is written here. Throws RefundLedgerUnavailableError when the ledger cannot be read by `deadline`.
 */
export async function readLedgerBalance(host: ExtensionHost, client: PayBClient, payment: GatewayPayment, deadline: number): Promise<LedgerBalance> {
  const ledger = await readRefundLedger(client, payment.gatewayTransactionId, payment.currency.decimals, { deadline, since: payment.createdAt });
  const records = await host.paymentRecords.refundsOf(payment.id, payment.currency.decimals);
  const recorded = new Set(records.map((record) => record.id));
  const unrecorded = ledger.refunds.filter((refund) => !recorded.has(refundIdFor(refund.gatewayRefundId)));
  // recorded, they are pending platform refunds of gateway D
  const shop = ownRefundHoldings(PAY_B_REFUND_RECORDS, records, unrecorded.map((refund) => ({ amountMinor: refund.amountMinor, completed: false })));
  const balance = refundBalance(payment.amountMinor, { heldMinor: ledger.totalMinor, completedMinor: ledger.completedMinor }, shop);
  return { ...balance, unrecorded };
}

export interface RefundableReadTimings {
  /** Per gateway request. */
  requestTimeoutMs: number;
  /** For reading every ledger page. */
  ledgerBudgetMs: number;
}

/**
 * `GET /api/_action/pay-b/refundable/:orderTransactionId`: the balance the refund route would check an
 * amount against now (readLedgerBalance), its minimum, and its refusal for any amount. A transaction the
 * gateway holds no payment of (not paid yet, cancelled, never verified) answers zeros without asking it.
 */
export async function readPayBRefundable(host: ExtensionHost, orderTransactionId: string, timings: RefundableReadTimings): Promise<RefundableView> {
  const transaction = await loadPayBTransaction(host, orderTransactionId);
  if (!transaction) throw new RefundableTransactionNotFound(orderTransactionId);
  const settings = await readPayBSettings(host, transaction.salesChannelId);
  const payment = gatewayPaymentOf(transaction);
  const currency: RefundCurrency = payment?.currency ?? { isoCode: transaction.currency.isoCode, decimals: payBDecimals(transaction) };
  return readRefundableView({
    host,
    logPrefix: 'pay-b',
    orderTransactionId: transaction.id,
    currency,
    minimumMinor: minimumRefundMinor(minimumRefundFor(settings.minimumRefundAmount, currency.isoCode), currency),
    refusal: refusalOf(transaction, settings),
    paid: payment !== undefined && isPaidState(transaction.state),
    createClient: () => createPayBClient(settings, { timeoutMs: timings.requestTimeoutMs }),
    async readBalance(client) {
      const { unrecorded: _unrecorded, ...balance } = await readLedgerBalance(host, client, payment!, Date.now() + timings.ledgerBudgetMs);
      return balance;
    },
    isReadFailure: (error) => error instanceof RefundLedgerUnavailableError,
  });
}

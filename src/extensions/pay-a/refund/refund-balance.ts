import type { ExtensionHost } from '../../../platform/sdk/index.js';
import {
  GatewayClientError,
  isPaidState,
  minimumRefundFor,
  minimumRefundMinor,
  ownRefundHoldings,
  readRefundableView,
  RefundableTransactionNotFound,
  refundBalance,
  refundHoldings,
  type RefundableView,
  type RefundBalance,
  type RefundHoldings,
} from '../../_gateway-kit/index.js';
import { wireToMinor, type PayACurrency } from '../amounts.js';
import { createPayAClient, type ListedRefund, type PayAClient } from '../client.js';
import { readPayASettings } from '../config.js';
import { isPayATransaction } from '../payment/order-transaction.js';
import { gatewayPaymentOf, refusalOf, type GatewayPayment } from './refund-eligibility.js';
import { PAY_A_REFUND_RECORDS } from './refund-records.js';

/**
 * What the gateway's refund list holds of one transaction (`GET /refund?transaction=<id>`, every page):
 * every refund but a failed one, `processed` ones completed. A listed amount that is no whole amount of
 * the currency's minor units is skipped (it cannot be one of the shop's refunds).
 */
export function listedRefundHoldings(listed: readonly ListedRefund[], currency: PayACurrency): RefundHoldings {
  return refundHoldings(
    listed.flatMap((refund) => {
      if (refund.status === 'failed' || refund.amount === null) return [];
      const amountMinor = wireToMinor(refund.amount, currency);
      return amountMinor === null ? [] : [{ amountMinor, completed: refund.status === 'processed' }];
    }),
  );
}

/**
 * The balance of a verified payment as gateway A lets it be refunded now: the refund route refuses what
 * exceeds the amount minus the shop's own non-failed refunds, and the gateway refuses what exceeds its own
 * unrefunded balance (the amount minus the refunds it lists that have not failed, as its simulator counts
 * it; a refund made in its dashboard counts there before its events reach the shop). So the larger of the
 * two holdings counts, and the amount answered is one both accept.
 * Throws GatewayClientError when the list cannot be read.
 */
export async function readGatewayBalance(host: ExtensionHost, client: PayAClient, orderTransactionId: string, payment: GatewayPayment): Promise<RefundBalance> {
  const listed = await client.refundsOfTransaction(payment.gatewayTransactionId);
  const records = await host.paymentRecords.refundsOf(orderTransactionId, payment.currency.decimals);
  return refundBalance(payment.amountMinor, listedRefundHoldings(listed, payment.currency), ownRefundHoldings(PAY_A_REFUND_RECORDS, records));
}

/**
 * `GET /api/_action/pay-a/refundable/:orderTransactionId`: the balance (readGatewayBalance), the refund
 * route's minimum and its refusal for any amount. A transaction the gateway holds no payment of (not paid
 * yet, cancelled, never verified) answers zeros without asking it.
 */
export async function readPayARefundable(host: ExtensionHost, orderTransactionId: string, timings: { requestTimeoutMs: number }): Promise<RefundableView> {
  const transaction = await host.orderTransactions.load(orderTransactionId);
  if (!transaction || !isPayATransaction(transaction)) throw new RefundableTransactionNotFound(orderTransactionId);
  const settings = await readPayASettings(host, transaction.salesChannelId);
  const payment = gatewayPaymentOf(transaction);
  // an unverified transaction in a currency the gateway does not take: the shop's digits
  const { isoCode, decimals } = payment?.currency ?? transaction.currency;
  const currency = { isoCode, decimals };
  return readRefundableView({
    host,
    logPrefix: 'pay-a',
    orderTransactionId: transaction.id,
    currency,
    minimumMinor: minimumRefundMinor(minimumRefundFor(settings.minimumRefundAmount, isoCode), currency),
    refusal: refusalOf(transaction, settings),
    paid: payment !== undefined && isPaidState(transaction.state),
    createClient: () => createPayAClient(settings, { timeoutMs: timings.requestTimeoutMs }),
    readBalance: (client) => readGatewayBalance(host, client, transaction.id, payment!),
    isReadFailure: (error) => error instanceof GatewayClientError,
  });
}

import type { ExtensionHost, OrderTransactionView } from '../../../platform/sdk/index.js';
import { isOwnRefund, recordPendingRefund, refundRecordIds } from '../../_gateway-kit/index.js';
import type { PayACurrency } from '../amounts.js';
import { toWireAmount } from '../amounts.js';
import { createPayAClient } from '../client.js';
import { readPayASettings } from '../config.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { PAY_A_REFUND_RECORDS } from './refund-records.js';

/** Why a refund is adopted: the event's outcome (a failed refund is only adopted from a failed listing). */
export type AdoptionFor = 'pending' | 'complete' | 'fail';

/**
 * A refund event for a refund the shop has no record of: made in the gateway's dashboard, or its
 * request's answer was lost. The event carries no refund id, so the gateway is asked (`GET /refund` for
 * the transaction's id) and the oldest refund of that amount without a platform record is recorded
 * pending, as the refund route would have (capture and refund, externalReference = its id). Returns
 * whether one was adopted; gateway faults throw (the webhook answers 500 and is delivered again).
 */
export async function adoptGatewayRefund(
  host: ExtensionHost,
  transaction: OrderTransactionView,
  currency: PayACurrency,
  amountMinor: number,
  adoptionFor: AdoptionFor,
): Promise<boolean> {
  const gatewayTransactionId = transaction.customFields[TRANSACTION_FIELDS.transactionId];
  if (typeof gatewayTransactionId !== 'string') return false;
  const client = createPayAClient(await readPayASettings(host, transaction.salesChannelId));
  const listed = await client.refundsOfTransaction(gatewayTransactionId);

  const recorded = new Set((await host.paymentRecords.refundsOf(transaction.id, currency.decimals)).filter((r) => isOwnRefund(PAY_A_REFUND_RECORDS, r)).map((r) => r.id));
  const wire = toWireAmount(amountMinor, currency);
  const candidate = listed
    .filter((refund) => refund.amount === wire && (refund.currency === null || refund.currency === currency.isoCode))
    .filter((refund) => (adoptionFor === 'fail' ? refund.status === 'failed' : refund.status !== 'failed'))
    .filter((refund) => !recorded.has(refundRecordIds(PAY_A_REFUND_RECORDS, refund.id).refundId))
    .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))[0];
  if (!candidate) return false;

  await recordPendingRefund(host, PAY_A_REFUND_RECORDS, {
    orderTransactionId: transaction.id,
    gatewayRefundId: candidate.id,
    amountMinor,
    decimals: currency.decimals,
    reason: candidate.merchantNote ?? 'Refund made at the gateway',
  });
  host.logger.info({ orderTransactionId: transaction.id, gatewayRefundId: candidate.id }, 'pay-a: refund without platform records adopted');
  return true;
}

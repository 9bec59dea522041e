import { sql } from 'kysely';
import type { Platform } from '../../../platform/kernel.js';
import { gatewayAmountToMinor } from '../amounts.js';
import { createPayBClient, PayBClientError } from '../client.js';
import { PAY_B_PAYMENT_METHOD_ID, readPayBSettings } from '../config.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { loadPayBOrderTransaction } from '../order-transaction/order-transaction-data.js';
import { chargeIdOfRefund, refundedAmountOf } from './gateway-refund-record.js';
import { recordPendingRefund } from './refund-records.js';

/**
 * A refund.completed for a refund of one of the shop's gateway D charges that the shop has no record of:
 * the refund request's answer was lost (a timeout or a crash after the gateway accepted it), or the
 * merchant refunded in the gateway's dashboard. Without records the transaction could never become
 * refunded, so the refund is adopted: fetched from the API (the webhook body is untrusted; charge and
 * amount come from `GET /v3/refunds/:id`) and recorded pending as the refund route would have. Returns
 * whether records exist now. Gateway faults throw, so the webhook answers 500 and is delivered again.
 */
export async function adoptGatewayRefund(platform: Platform, gatewayRefundId: number, chargeId: number): Promise<boolean> {
  const row = await platform.db
    .selectFrom('order_transaction')
    .select('id')
    .where('payment_method_id', '=', PAY_B_PAYMENT_METHOD_ID)
    .where(sql<boolean>`custom_fields ->> ${TRANSACTION_FIELDS.transactionId}::text = ${String(chargeId)}::text`)
    .executeTakeFirst();
  const transaction = row && (await loadPayBOrderTransaction(platform.db, row.id as string));
  if (!transaction) return false;

  const client = createPayBClient(await readPayBSettings(platform, transaction.salesChannelId));
  let fetched: Record<string, unknown>;
  try {
    fetched = await client.getRefund(gatewayRefundId);
  } catch (error) {
    // the gateway answered that it knows no such refund: a retry would hear the same
    if (error instanceof PayBClientError && error.kind === 'gateway' && error.details.gatewayMessage && (error.details.httpStatus ?? 0) < 500) {
      platform.logger.warn({ gatewayRefundId, chargeId }, 'gateway D refund.completed names a refund the gateway does not confirm: ignored');
      return false;
    }
    throw error;
  }
  const amountMinor = gatewayAmountToMinor(refundedAmountOf(fetched), transaction.decimals);
  if (chargeIdOfRefund(fetched) !== chargeId || amountMinor === null || amountMinor <= 0) {
    platform.logger.warn({ gatewayRefundId, chargeId }, 'gateway D refund.completed: the gateway shows the refund for another charge or without an amount; ignored');
    return false;
  }
  await recordPendingRefund(platform, {
    orderTransactionId: transaction.orderTransactionId,
    gatewayRefundId,
    amountMinor,
    decimals: transaction.decimals,
    comments: typeof fetched.comment === 'string' ? fetched.comment : undefined,
  });
  platform.logger.info({ gatewayRefundId, chargeId, orderTransactionId: transaction.orderTransactionId }, 'gateway D refund without platform records adopted');
  return true;
}

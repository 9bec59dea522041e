import type { ExtensionHost } from '../../../platform/sdk/index.js';
import { GatewayClientError } from '../../_gateway-kit/index.js';
import { gatewayAmountToMinor } from '../amounts.js';
import { createPayBClient } from '../client.js';
import { readPayBSettings } from '../config.js';
import { payBDecimals } from '../payment/order-transaction.js';
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
export async function adoptGatewayRefund(host: ExtensionHost, gatewayRefundId: number, chargeId: number, orderTransactionId: string | undefined): Promise<boolean> {
  const transaction = orderTransactionId === undefined ? undefined : await host.orderTransactions.load(orderTransactionId);
  if (!transaction) return false;

  const client = createPayBClient(await readPayBSettings(host, transaction.salesChannelId));
  let fetched: Record<string, unknown>;
  try {
    fetched = await client.getRefund(gatewayRefundId);
  } catch (error) {
    // the gateway answered that it knows no such refund: a retry would hear the same
    if (error instanceof GatewayClientError && error.kind === 'gateway' && error.details.gatewayMessage && (error.details.httpStatus ?? 0) < 500) {
      host.logger.warn({ gatewayRefundId, chargeId }, 'gateway D refund.completed names a refund the gateway does not confirm: ignored');
      return false;
    }
    throw error;
  }
  const decimals = payBDecimals(transaction);
  const amountMinor = gatewayAmountToMinor(refundedAmountOf(fetched), decimals);
  if (chargeIdOfRefund(fetched) !== chargeId || amountMinor === null || amountMinor <= 0) {
    host.logger.warn({ gatewayRefundId, chargeId }, 'gateway D refund.completed: the gateway shows the refund for another charge or without an amount; ignored');
    return false;
  }
  await recordPendingRefund(host, {
    orderTransactionId: transaction.id,
    gatewayRefundId,
    amountMinor,
    decimals,
    comments: typeof fetched.comment === 'string' ? fetched.comment : undefined,
  });
  host.logger.info({ gatewayRefundId, chargeId, orderTransactionId: transaction.id }, 'gateway D refund without platform records adopted');
  return true;
}

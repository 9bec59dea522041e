import type { ExtensionHost, RefundEventSupport } from '../../../platform/sdk/index.js';
import { GatewayClientError } from '../../_gateway-kit/index.js';
import { gatewayAmountToMinor } from '../amounts.js';
import { createPayBClient, isGatewayId } from '../client.js';
import { PAY_B_PAYMENT_METHOD_ID, readPayBSettings } from '../config.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { payBCurrencyOf, payBDecimals } from '../payment/order-transaction.js';
import { chargeIdOfRefund, refundedAmountOf } from './gateway-refund-record.js';
/** What the host needs to apply gateway D's refund events: amounts in major units, refunds named by id. */
export function payBRefundEvents(host: ExtensionHost): RefundEventSupport {
  return {
    currencyOf: payBCurrencyOf,
    toMinor: (amount, currency) => gatewayAmountToMinor(amount, currency.decimals),
    transactionsOfCharge: (chargeId) => host.orderTransactions.idsByCustomField(TRANSACTION_FIELDS.transactionId, chargeId, { paymentMethodId: PAY_B_PAYMENT_METHOD_ID }),
    chargeOf(transaction) {
      const stored = transaction.customFields[TRANSACTION_FIELDS.transactionId];
      return isGatewayId(stored) ? Number(stored) : undefined;
    },
    // a refund without records (its answer was lost, or a dashboard refund): charge and amount from `GET /v3/refunds/:id`,
    // not from the untrusted body; gateway faults throw, so the webhook answers 500 and is delivered again
    async confirmRefund(transaction, gatewayRefundId) {
      const client = createPayBClient(await readPayBSettings(host, transaction.salesChannelId));
      const logged = { gatewayRefundId, orderTransactionId: transaction.id };
      let fetched: Record<string, unknown>;
      try {
        fetched = await client.getRefund(gatewayRefundId);
      } catch (error) {
        // the gateway answered that it knows no such refund: a retry would hear the same
        if (error instanceof GatewayClientError && error.kind === 'gateway' && error.details.gatewayMessage && (error.details.httpStatus ?? 0) < 500) {
          host.logger.warn(logged, 'gateway D refund.completed names a refund the gateway does not confirm: ignored');
          return undefined;
        }
        throw error;
      }
      const amountMinor = gatewayAmountToMinor(refundedAmountOf(fetched), payBDecimals(transaction));
      const stored = transaction.customFields[TRANSACTION_FIELDS.transactionId];
      if (!isGatewayId(stored) || chargeIdOfRefund(fetched) !== Number(stored) || amountMinor === null || amountMinor <= 0) {
        host.logger.warn(logged, 'gateway D refund.completed: the gateway shows the refund for another charge or without an amount; ignored');
        return undefined;
      }
      return { gatewayRefundId, amountMinor, note: typeof fetched.comment === 'string' ? fetched.comment : undefined };
    },
  };
}

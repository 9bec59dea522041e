import { Type } from '@sinclair/typebox';
import { COMMON_REFUND_MESSAGES, optionalRefundAmount, optionalRefundText, RefundAmountField, REFUNDABLE_STATES, refundBodyFields, requiredRefundText } from '../../platform/sdk/index.js';
import type { ExtensionHost, OrderTransactionView, RefundablePayment, RefundProvider } from '../../platform/sdk/index.js';
import { gatewayRefundRoutes, holdingsReadOf, refundAttemptOf } from '../_gateway-kit/index.js';
import { toWireAmount } from './amounts.js';
import { createPayBClient, isGatewayId } from './client.js';
import { PAY_B_PAYMENT_METHOD_ID, readPayBSettings, type PayBSettings } from './config.js';
import { TRANSACTION_FIELDS } from './custom-fields.js';
import { payBAmountMinor, payBCurrencyOf } from './payment/order-transaction.js';
import { payBRefundEvents } from './refund/refund-event-support.js';
import { readRefundLedger, RefundLedgerUnavailableError } from './refund/refund-ledger.js';

export const PAY_B_REFUND_PRIVILEGE = 'pay_b.refund';
/** Capture and refund record ids derive from this namespace and the gateway's refund id. */
export const PAY_B_REFUND_NAMESPACE = '9b2f6c1e4a7d4e8f8c3b0d5a6e1f2a4b';

/** Longer comments are refused rather than cut: the merchant should see what reaches the gateway. */
const MAX_COMMENTS_LENGTH = 500;

/** Gateway D's refusal messages, worded exactly as the refund route's clients expect them. */
export const REFUND_MESSAGES = {
  ...COMMON_REFUND_MESSAGES,
  idRequired: 'Order transaction id is required',
  notFound: 'Refundable transaction not found',
  ledgerUnavailable: 'Unable to verify the refundable balance. Please try again.',
} as const;

/** The body as the route documents it (OpenAPI); `readRequest` checks it and refuses with the route's fixed messages. */
const RefundRequestBody = Type.Object({
  orderTransactionId: Type.String({ description: 'The platform order transaction id', pattern: '^[0-9a-fA-F-]{32,36}$' }),
  amount: RefundAmountField,
  comments: Type.Optional(Type.String({ maxLength: MAX_COMMENTS_LENGTH, description: 'Passed to the gateway' })),
});

/** A gateway D payment the gateway was verified to hold. */
interface PayBPayment extends RefundablePayment {
  gatewayTransactionId: number;
  /** When the order transaction was created: its charge, and so every refund of it, came later. */
  createdAt: Date;
}

/** A gateway D payment in any state: a known gateway id, the currency the gateway verified (another would change what major units mean), an exact positive amount. */
function paymentOf(transaction: OrderTransactionView): PayBPayment | null {
  const { customFields } = transaction;
  const amountMinor = payBAmountMinor(transaction);
  const gatewayTransactionId = customFields[TRANSACTION_FIELDS.transactionId];
  const gatewayCurrency = customFields[TRANSACTION_FIELDS.currency];
  const currency = payBCurrencyOf(transaction);
  if (!isGatewayId(gatewayTransactionId)) return null;
  if (typeof gatewayCurrency === 'string' && gatewayCurrency.trim() !== '' && gatewayCurrency.trim().toUpperCase() !== currency.isoCode) return null;
  if (amountMinor === null || amountMinor <= 0) return null;
  return { orderTransactionId: transaction.id, currency, amountMinor, gatewayTransactionId: Number(gatewayTransactionId), createdAt: transaction.createdAt };
}

/**
 * Gateway D's part of refunds, which the host runs (`POST /api/_action/pay-b/refund`, `GET .../refundable/:id`): both
 * routes check amounts against the gateway's live refund ledger and the shop's records; `refund.completed` names the refund by id.
 */
export function createPayBRefundProvider(host: ExtensionHost): RefundProvider<PayBPayment, { comments: string | undefined }, PayBSettings> {
  return {
    ...gatewayRefundRoutes({ gatewayName: 'Gateway D', prefix: 'pay-b', privilege: PAY_B_REFUND_PRIVILEGE, body: RefundRequestBody }),
    paymentMethodId: PAY_B_PAYMENT_METHOD_ID,
    recordNamespace: PAY_B_REFUND_NAMESPACE,
    processedEventsField: TRANSACTION_FIELDS.processedEvents,
    eligibility: { refundableStates: REFUNDABLE_STATES, messages: { ...REFUND_MESSAGES, notConfigured: REFUND_MESSAGES.ledgerUnavailable, holdingsUnavailable: REFUND_MESSAGES.ledgerUnavailable } },
    checksGatewayHoldings: true,
    readRequest(body) {
      const fields = refundBodyFields(body);
      const comments = optionalRefundText(fields.comments, 'Comments', MAX_COMMENTS_LENGTH);
      return { locator: requiredRefundText(fields.orderTransactionId, REFUND_MESSAGES.idRequired), amount: optionalRefundAmount(fields.amount), reason: comments, notes: { comments } };
    },
    notesFor: (reason) => ({ comments: reason }),
    settingsOf: (transaction) => readPayBSettings(host, transaction.salesChannelId),
    paymentOf,
    currencyOf: payBCurrencyOf,
    // the amount always explicit, in major units; a refusal shows the gateway's message
    createRefund: ({ payment, amountMinor, request: { notes } }, settings, { requestTimeoutMs }) =>
      refundAttemptOf(
        async () => {
          const body = { amount: toWireAmount(amountMinor, payment.currency.decimals), ...(notes.comments === undefined ? {} : { comments: notes.comments }) };
          const result = await createPayBClient(settings, { timeoutMs: requestTimeoutMs }).refundTransaction(payment.gatewayTransactionId, body);
          return { gatewayRefundId: result.refundId, answer: result.envelope, amountMinor };
        },
        // no answer, or one without a refund id: the refund may exist anyway; the next request's ledger read shows it
        (log) => host.logger.warn({ ...log, orderTransactionId: payment.orderTransactionId }, 'gateway D refund was not accepted'),
      ),
    readRefundHoldings: (payment, settings, { requestTimeoutMs, deadline }) =>
      holdingsReadOf(async () => {
        const client = createPayBClient(settings, { timeoutMs: requestTimeoutMs });
        const ledger = await readRefundLedger(client, payment.gatewayTransactionId, payment.currency.decimals, { deadline, since: payment.createdAt });
        return { paidMinor: payment.amountMinor, refundedMinor: ledger.completedMinor, pendingMinor: ledger.totalMinor - ledger.completedMinor, listed: ledger.refunds };
      }, (error) => error instanceof RefundLedgerUnavailableError),
    events: payBRefundEvents(host),
  };
}

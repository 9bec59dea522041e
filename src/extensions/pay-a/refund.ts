import { Type } from '@sinclair/typebox';
import { COMMON_REFUND_MESSAGES, REFUNDABLE_STATES, optionalRefundAmount, optionalRefundText, RefundAmountField, refundBodyFields, refundHoldings, requiredRefundText } from '../../platform/sdk/index.js';
import type { ExtensionHost, OrderTransactionView, RefundablePayment, RefundProvider, RefundRequest } from '../../platform/sdk/index.js';
import { gatewayRefundRoutes, holdingsReadOf, refundAttemptOf } from '../_gateway-kit/index.js';
import { toWireAmount, wireToMinor, type PayACurrency } from './amounts.js';
import { createPayAClient, isGatewayId } from './client.js';
import { PAY_A_PAYMENT_METHOD_ID, readPayASettings, type PayASettings } from './config.js';
import { TRANSACTION_FIELDS } from './custom-fields.js';
import { amountMinorOf, currencyOf } from './payment/order-transaction.js';
import { isGatewayReference } from './payment/reference.js';
import { payARefundEvents } from './refund/listed-refunds.js';

export const PAY_A_REFUND_PRIVILEGE = 'pay_a.refund';

/** Longer texts are refused rather than cut: the merchant should see what reaches the gateway. */
const MAX_NOTE_LENGTH = 500;
/** The platform refund's reason column. */
const MAX_REASON_LENGTH = 255;
/** The `reason` sent to the gateway when the merchant gives none. */
const DEFAULT_REFUND_REASON = 'Refund initiated from shop administration';

/** Gateway A's refusal messages, worded exactly as the refund route's clients expect them, then our own. */
export const REFUND_MESSAGES = {
  ...COMMON_REFUND_MESSAGES,
  referenceRequired: 'Transaction reference is required',
  // our own: a shop without a key for the mode cannot ask the gateway anything
  notConfigured: 'Gateway A has no secret key for the active mode; refunds cannot be sent.',
} as const;

/** The body as the route documents it (OpenAPI); `readRequest` checks it and refuses with the route's fixed messages. */
const RefundRequestBody = Type.Object({
  transaction: Type.String({ description: "The order transaction's gateway reference (pay_a_reference)", minLength: 1 }),
  amount: RefundAmountField,
  reason: Type.Optional(Type.String({ maxLength: MAX_REASON_LENGTH, description: `Stored on the platform refund, and sent as a note the caller did not give; default "${DEFAULT_REFUND_REASON}"` })),
  customer_note: Type.Optional(Type.String({ maxLength: MAX_NOTE_LENGTH, description: 'Passed to the gateway' })),
  merchant_note: Type.Optional(Type.String({ maxLength: MAX_NOTE_LENGTH, description: 'Passed to the gateway' })),
});

interface Notes {
  customerNote: string | undefined;
  merchantNote: string | undefined;
}

/** A verified gateway A payment: the gateway's transaction id and reference, the currency the gateway's and the order's. */
interface PayAPayment extends RefundablePayment {
  currency: PayACurrency;
  gatewayTransactionId: string;
  reference: string;
}

function paymentOf(transaction: OrderTransactionView): PayAPayment | null {
  const { customFields } = transaction;
  const currency = currencyOf(transaction);
  const amountMinor = amountMinorOf(transaction);
  const gatewayTransactionId = customFields[TRANSACTION_FIELDS.transactionId];
  const reference = customFields[TRANSACTION_FIELDS.reference];
  if (!isGatewayId(gatewayTransactionId) || !currency || customFields[TRANSACTION_FIELDS.currency] !== currency.isoCode || amountMinor === null || amountMinor <= 0) {
    return null;
  }
  return { orderTransactionId: transaction.id, currency, amountMinor, gatewayTransactionId: String(gatewayTransactionId), reference: String(reference) };
}

/**
 * Gateway A's part of refunds, which the host runs (`POST /api/_action/pay-a/refund`, `GET .../refundable/:id`): the
 * refund route checks the shop's records (the gateway checks its own balance), the refundable route also the gateway's list.
 */
export function createPayARefundProvider(host: ExtensionHost): RefundProvider<PayAPayment, Notes, PayASettings> {
  const byReference = async (reference: string) => {
    const ids = isGatewayReference(reference) ? await host.orderTransactions.idsByCustomField(TRANSACTION_FIELDS.reference, reference, { paymentMethodId: PAY_A_PAYMENT_METHOD_ID }) : [];
    return ids.length === 1 ? host.orderTransactions.load(ids[0]!) : undefined;
  };
  return {
    ...gatewayRefundRoutes({ gatewayName: 'Gateway A', prefix: 'pay-a', privilege: PAY_A_REFUND_PRIVILEGE, body: RefundRequestBody }),
    paymentMethodId: PAY_A_PAYMENT_METHOD_ID,
    recordNamespace: '4d7e2a913c5b4f60a8e1b2c3d4f5a6b7',
    processedEventsField: TRANSACTION_FIELDS.processedEvents,
    // the route has no "not found" message: an unknown reference is "not in a refundable state"
    eligibility: { refundableStates: REFUNDABLE_STATES, messages: { ...REFUND_MESSAGES, notFound: REFUND_MESSAGES.notRefundable, holdingsUnavailable: REFUND_MESSAGES.notConfigured } },
    checksGatewayHoldings: false,
    readRequest(body): RefundRequest<Notes> {
      const fields = refundBodyFields(body);
      return {
        locator: requiredRefundText(fields.transaction, REFUND_MESSAGES.referenceRequired),
        amount: optionalRefundAmount(fields.amount),
        reason: optionalRefundText(fields.reason, 'Reason', MAX_REASON_LENGTH) ?? DEFAULT_REFUND_REASON,
        notes: {
          customerNote: optionalRefundText(fields.customer_note, 'Customer note', MAX_NOTE_LENGTH),
          merchantNote: optionalRefundText(fields.merchant_note, 'Merchant note', MAX_NOTE_LENGTH),
        },
      };
    },
    // a refund from the Administration: its reason is sent as both notes, as for a body without them
    notesFor: () => ({ customerNote: undefined, merchantNote: undefined }),
    findTransaction: byReference,
    settingsOf: (transaction) => readPayASettings(host, transaction.salesChannelId),
    paymentOf,
    // an unverified transaction: the shop's digits
    currencyOf: ({ currency }) => ({ isoCode: currency.isoCode, decimals: currency.decimals }),
    // `POST /refund`: the amount always explicit; `reason` fills a note only where the caller gave none (the gateway has no reason field)
    createRefund: ({ payment, amountMinor, request }, settings, { requestTimeoutMs }) =>
      refundAttemptOf(
        async () => {
          const created = await createPayAClient(settings, { timeoutMs: requestTimeoutMs }).createRefund({
            transaction: payment.reference,
            amount: toWireAmount(amountMinor, payment.currency),
            currency: payment.currency.isoCode,
            customer_note: request.notes.customerNote ?? request.reason,
            merchant_note: request.notes.merchantNote ?? request.reason,
          });
          return { gatewayRefundId: created.refundId, answer: created.envelope, amountMinor };
        },
        (log) => host.logger.warn({ ...log, orderTransactionId: payment.orderTransactionId }, 'pay-a: the gateway did not accept the refund'),
      ),
    // `GET /refund?transaction=<id>`, every page: every refund but a failed one, `processed` ones completed
    readRefundHoldings: (payment, settings, { requestTimeoutMs }) =>
      holdingsReadOf(async () => {
        const refunds = await createPayAClient(settings, { timeoutMs: requestTimeoutMs }).refundsOfTransaction(payment.gatewayTransactionId);
        const listed = refunds.flatMap((refund) => {
          // an amount that is no whole amount of the currency cannot be one of the shop's refunds
          const amountMinor = refund.status === 'failed' || refund.amount === null ? null : wireToMinor(refund.amount, payment.currency);
          return amountMinor === null ? [] : [{ gatewayRefundId: refund.id, amountMinor, completed: refund.status === 'processed', note: refund.merchantNote ?? undefined }];
        });
        const held = refundHoldings(listed);
        return { paidMinor: payment.amountMinor, refundedMinor: held.completedMinor, pendingMinor: held.heldMinor - held.completedMinor, listed };
      }),
    events: payARefundEvents(host),
  };
}

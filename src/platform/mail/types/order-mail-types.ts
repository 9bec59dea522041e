import { systemContext } from '../../acl/context.js';
import type { PlatformMailType } from '../mail-type.js';
import { COMMON_VARIABLES, shippedTemplate } from './common.js';
import { loadOrderMail, ORDER_VARIABLES } from './order-variables.js';
import { sampleOrder } from './sample-order.js';

/** Mails about orders: placed, paid, refunded, cancelled. Each reads the order when it is sent. */

export const orderConfirmationMailType: PlatformMailType = {
  technicalName: 'order_confirmation_mail',
  name: 'Order confirmation',
  availableVariables: { ...ORDER_VARIABLES, ...COMMON_VARIABLES },
  templateData: { order: sampleOrder(2) },
  defaultTemplate: shippedTemplate('order_confirmation_mail', 'Your order {{ order.orderNumber }} at {{ shopName }}', 'Sent when an order is placed.'),
  async load(platform, { orderId }) {
    return orderId ? loadOrderMail(platform, orderId) : undefined;
  },
};

export const paymentReceivedMailType: PlatformMailType = {
  technicalName: 'order_transaction.state.paid',
  name: 'Payment received',
  availableVariables: {
    ...ORDER_VARIABLES,
    orderTransaction: 'The payment that was received: `amount.totalPrice`, `paymentMethod.name`.',
    ...COMMON_VARIABLES,
  },
  templateData: { order: sampleOrder(2), orderTransaction: { amount: { totalPrice: 34.99 }, paymentMethod: { name: 'Invoice' } } },
  defaultTemplate: shippedTemplate('order_transaction.state.paid', 'Payment received for your order {{ order.orderNumber }}', 'Sent when a payment of an order enters the state paid.'),
  async load(platform, { orderId, orderTransactionId }) {
    if (!orderId || !orderTransactionId) return undefined;
    const loaded = await loadOrderMail(platform, orderId);
    const transactions = loaded?.order.transactions;
    const orderTransaction = Array.isArray(transactions) ? transactions.find((t) => (t as { id?: unknown }).id === orderTransactionId) : undefined;
    if (!loaded || !orderTransaction) return undefined;
    return { ...loaded, variables: { ...loaded.variables, orderTransaction } };
  },
};

export const refundCompletedMailType: PlatformMailType = {
  technicalName: 'order_transaction_capture_refund.state.completed',
  name: 'Refund processed',
  availableVariables: {
    ...ORDER_VARIABLES,
    'refund.amount.totalPrice': 'The refunded amount in major units of the order currency.',
    'refund.reason': 'Why it was refunded, when given.',
    'refund.externalReference': 'The payment provider\'s reference of the refund.',
    ...COMMON_VARIABLES,
  },
  templateData: { order: sampleOrder(2), refund: { amount: { totalPrice: 12.5 }, reason: 'Returned item', externalReference: 're_123' } },
  defaultTemplate: shippedTemplate(
    'order_transaction_capture_refund.state.completed',
    'Refund of {{ refund.amount.totalPrice | currency(order.currency) }} for your order {{ order.orderNumber }}',
    'Sent when a refund is completed.',
  ),
  async load(platform, { refundId }) {
    if (!refundId) return undefined;
    const refund = await platform.repositories
      .get('order_transaction_capture_refund')
      .get(refundId, systemContext, undefined, { associations: { transactionCapture: { associations: { transaction: {} } } } });
    const orderId = (refund?.transactionCapture as { transaction?: { orderId?: unknown } } | undefined)?.transaction?.orderId;
    if (!refund || typeof orderId !== 'string') return undefined;
    const loaded = await loadOrderMail(platform, orderId);
    if (!loaded) return undefined;
    const { amount, reason, externalReference } = refund;
    return { ...loaded, variables: { ...loaded.variables, refund: JSON.parse(JSON.stringify({ id: refundId, amount, reason, externalReference })) } };
  },
};

export const orderCancelledMailType: PlatformMailType = {
  technicalName: 'order.state.cancelled',
  name: 'Order cancelled',
  availableVariables: { ...ORDER_VARIABLES, ...COMMON_VARIABLES },
  templateData: { order: sampleOrder(2) },
  defaultTemplate: shippedTemplate('order.state.cancelled', 'Your order {{ order.orderNumber }} has been cancelled', 'Sent when an order enters the state cancelled.'),
  async load(platform, { orderId }) {
    return orderId ? loadOrderMail(platform, orderId) : undefined;
  },
};

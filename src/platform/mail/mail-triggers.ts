import type { SubscriberDeclaration } from '../declarations.js';
import type { PlatformServices } from '../platform-services.js';
import { ORDER_PLACED_EVENT } from '../checkout/order/order-events.js';
import { CUSTOMER_REGISTERED_EVENT } from '../customer/account/customer-events.js';
import { stateEnterEvent } from '../state-machine/events.js';
import { customerDoubleOptInMailType, customerRegisterMailType } from './types/customer-mail-types.js';
import { orderCancelledMailType, orderConfirmationMailType, paymentReceivedMailType, refundCompletedMailType } from './types/order-mail-types.js';

/**
 * The events that mail customers. Every subscriber runs inside the transaction of its event and only
 * queues the mail (one insert): the mail exists exactly when the order, payment or refund committed, a
 * crash right after the commit cannot lose it, and the request does not wait for rendering or the mail
 * server. The dedupe key is `<type>:<entity id>:<event>`: an event delivered twice mails once.
 */

const PAID = stateEnterEvent('order_transaction.state', 'paid');
const CANCELLED = stateEnterEvent('order.state', 'cancelled');
const REFUND_COMPLETED = stateEnterEvent('order_transaction_capture_refund.state', 'completed');

export const mailTriggers: SubscriberDeclaration<Pick<PlatformServices, 'mail' | 'db'>>[] = [
  {
    event: ORDER_PLACED_EVENT,
    phase: 'in-transaction',
    async handle({ orderId, salesChannelId }, platform, within) {
      const type = orderConfirmationMailType.technicalName;
      await platform.mail.enqueue(within ?? platform.db, { type, dedupeKey: `${type}:${orderId}:${ORDER_PLACED_EVENT}`, salesChannelId, references: { orderId } });
    },
  },
  {
    event: PAID,
    phase: 'in-transaction',
    async handle({ entityId, orderId }, platform, within) {
      const type = paymentReceivedMailType.technicalName;
      await platform.mail.enqueue(within ?? platform.db, {
        type,
        dedupeKey: `${type}:${entityId}:${PAID}`,
        references: { orderTransactionId: entityId, ...(orderId ? { orderId } : {}) },
      });
    },
  },
  {
    event: REFUND_COMPLETED,
    phase: 'in-transaction',
    async handle({ entityId }, platform, within) {
      const type = refundCompletedMailType.technicalName;
      await platform.mail.enqueue(within ?? platform.db, { type, dedupeKey: `${type}:${entityId}:${REFUND_COMPLETED}`, references: { refundId: entityId } });
    },
  },
  {
    event: CANCELLED,
    phase: 'in-transaction',
    async handle({ entityId }, platform, within) {
      const type = orderCancelledMailType.technicalName;
      await platform.mail.enqueue(within ?? platform.db, { type, dedupeKey: `${type}:${entityId}:${CANCELLED}`, references: { orderId: entityId } });
    },
  },
  {
    event: CUSTOMER_REGISTERED_EVENT,
    phase: 'in-transaction',
    async handle({ customerId, salesChannelId, guest, doubleOptIn }, platform, within) {
      // a guest has no account to welcome them to
      if (guest) return;
      const type = doubleOptIn ? customerDoubleOptInMailType.technicalName : customerRegisterMailType.technicalName;
      await platform.mail.enqueue(within ?? platform.db, {
        type,
        dedupeKey: `${type}:${customerId}:${CUSTOMER_REGISTERED_EVENT}`,
        salesChannelId,
        references: { customerId },
        ...(doubleOptIn ? { secrets: { confirmUrl: doubleOptIn.confirmUrl } } : {}),
      });
    },
  },
];

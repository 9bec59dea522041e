import { systemContext } from '../../acl/context.js';
import { transaction } from '../../database/transaction.js';
import { isId } from '../../ids.js';
import type { CoreServices } from '../../core-services.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { availablePaymentMethods } from '../../store-api/payment-method-listing.js';
import { orderErrors } from './order-errors.js';

/** Transaction states whose payment may still be switched (Shopware's SetPaymentOrderRoute). */
const CHANGEABLE_STATES = new Set(['open', 'failed', 'cancelled', 'unconfirmed', 'reminded']);
/** States a switch leaves alone: nothing of them is collected any more. */
const FINISHED_STATES = new Set(['cancelled', 'failed']);

/**
 * Switches the payment method of the customer's unpaid order, as Shopware's SetPaymentOrderRoute: the
 * newest transaction must be open, failed, cancelled, unconfirmed or reminded, the method one of the
 * channel's with `afterOrderEnabled`; the live transactions are cancelled and a new open one with the
 * new method and the same amount is written. The same method on an open transaction changes nothing.
 */
export async function switchOrderPayment(platform: Pick<CoreServices, 'db' | 'repositories' | 'stateMachines' | 'payments'>, context: SalesChannelContext, customerId: string, orderId: string, paymentMethodId: string): Promise<void> {
  if (!isId(orderId)) throw orderErrors.orderNotFound(orderId);
  const method = (await availablePaymentMethods(platform, context)).find((candidate) => candidate.id === paymentMethodId);
  if (!method) throw orderErrors.unknownPaymentMethod(paymentMethodId);
  if (method.afterOrderEnabled !== true) throw orderErrors.paymentMethodNotChangeable();

  await transaction(platform.db, async (uow) => {
    const order = await uow.db
      .selectFrom('order')
      .innerJoin('order_customer', 'order_customer.order_id', 'order.id')
      .select(['order.id'])
      .where('order.id', '=', orderId)
      .where('order.sales_channel_id', '=', context.salesChannel.id)
      .where('order_customer.customer_id', '=', customerId)
      .forUpdate('order')
      .executeTakeFirst();
    if (!order) throw orderErrors.orderNotFound(orderId);
    const transactions = await uow.db
      .selectFrom('order_transaction')
      .innerJoin('state_machine_state', 'state_machine_state.id', 'order_transaction.state_id')
      .select(['order_transaction.id', 'order_transaction.payment_method_id', 'order_transaction.amount', 'state_machine_state.technical_name'])
      .where('order_transaction.order_id', '=', orderId)
      .orderBy('order_transaction.created_at', 'desc')
      .orderBy('order_transaction.id', 'desc')
      .execute();
    const newest = transactions[0];
    if (!newest || !CHANGEABLE_STATES.has(newest.technical_name as string)) throw orderErrors.paymentMethodNotChangeable();
    if (newest.payment_method_id === paymentMethodId && newest.technical_name === 'open') return;

    for (const live of transactions.filter((row) => !FINISHED_STATES.has(row.technical_name as string))) {
      await platform.stateMachines.tryTransition({ within: uow, entity: 'order_transaction', id: live.id as string, action: 'cancel', context: systemContext });
    }
    await platform.repositories
      .get('order_transaction')
      .create({ orderId, paymentMethodId, amount: typeof newest.amount === 'string' ? JSON.parse(newest.amount) : newest.amount }, systemContext, uow, { trustReferences: true });
  });
}

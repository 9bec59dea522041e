import { systemContext } from '../../acl/context.js';
import { transaction } from '../../database/transaction.js';
import { isId } from '../../ids.js';
import type { CoreServices } from '../../core-services.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { orderErrors } from './order-errors.js';

/** System config: customers may cancel their orders (Shopware's `core.cart.enableOrderRefunds`; off unless set to true). */
export const ORDER_CANCELLATION_KEY = 'core.cart.enableOrderRefunds';

/**
 * Shopware's CancelOrderRoute: where the channel allows it, the customer's order moves to `cancelled`
 * through the state machine (whose events send the order-cancelled mail). Answers the new state.
 */
export async function cancelCustomerOrder(platform: Pick<CoreServices, 'db' | 'repositories' | 'stateMachines' | 'systemConfig'>, context: SalesChannelContext, customerId: string, orderId: string): Promise<Record<string, unknown>> {
  if ((await platform.systemConfig.get(ORDER_CANCELLATION_KEY, context.salesChannel.id)) !== true) throw orderErrors.orderNotCancellable();
  if (!isId(orderId)) throw orderErrors.orderNotFound(orderId);
  const stateId = await transaction(platform.db, async (uow) => {
    const order = await uow.db
      .selectFrom('order')
      .innerJoin('order_customer', 'order_customer.order_id', 'order.id')
      .select('order.id')
      .where('order.id', '=', orderId)
      .where('order.sales_channel_id', '=', context.salesChannel.id)
      .where('order_customer.customer_id', '=', customerId)
      .executeTakeFirst();
    if (!order) throw orderErrors.orderNotFound(orderId);
    const outcome = await platform.stateMachines.tryTransition({ within: uow, entity: 'order', id: orderId, action: 'cancel', context: systemContext });
    // an order already cancelled has no cancel transition either (Shopware answers the illegal transition)
    if (outcome.result !== 'moved') throw orderErrors.orderNotCancellable();
    return outcome.toState.id;
  });
  const state = await platform.repositories.get('state_machine_state').get(stateId, systemContext, platform.db);
  if (!state) throw new Error(`state ${stateId} vanished after the transition`);
  return { ...state, translated: { name: state.name, customFields: {} } };
}

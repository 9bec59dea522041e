import { systemContext } from '../../acl/context.js';
import { transaction } from '../../database/transaction.js';
import type { CoreServices } from '../../core-services.js';
import type { CustomerOrderView } from './customer-order.js';

/** Transaction states a customer may start a new payment from: nothing is paid or in progress. */
const RETRYABLE_PAYMENT_STATES = new Set(['open', 'reminded', 'failed', 'cancelled']);

export function canRetryPayment(order: CustomerOrderView): boolean {
  return order.transaction !== null && RETRYABLE_PAYMENT_STATES.has(order.transaction.state?.technicalName ?? '');
}

/**
 * Prepares another payment attempt with `paymentMethodId` (as Shopware's SetPaymentOrderRoute): an
 * open transaction with that method is paid as it is; otherwise an unpaid (open or reminded) one is
 * cancelled and a new open transaction for the same amount is added, so the failed or cancelled
 * attempt stays in the order's history. The caller then runs handle-payment, which pays the newest
 * open transaction. Returns false when the newest transaction may not be paid again (paid or in
 * progress meanwhile).
 */
export async function preparePaymentRetry(platform: Pick<CoreServices, 'db' | 'repositories' | 'stateMachines'>, orderId: string, paymentMethodId: string): Promise<boolean> {
  return transaction(platform.db, async (uow) => {
    // one attempt at a time per order: two clicks must not leave two open transactions
    await uow.db.selectFrom('order').select('id').where('id', '=', orderId).forUpdate().executeTakeFirstOrThrow();
    const latest = await uow.db
      .selectFrom('order_transaction as t')
      .innerJoin('state_machine_state as s', 's.id', 't.state_id')
      .select(['t.id', 't.payment_method_id', 't.amount', 's.technical_name'])
      .where('t.order_id', '=', orderId)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .executeTakeFirst();
    const state = latest?.technical_name as string | undefined;
    if (!latest || !state || !RETRYABLE_PAYMENT_STATES.has(state)) return false;
    if (state === 'open' && latest.payment_method_id === paymentMethodId) return true;
    // an unpaid attempt of another method must not stay payable beside the new one
    if (state === 'open' || state === 'reminded') {
      await platform.stateMachines.transition({ within: uow, entity: 'order_transaction', id: latest.id as string, action: 'cancel', context: systemContext });
    }
    await platform.repositories
      .get('order_transaction')
      .create({ orderId, paymentMethodId, amount: latest.amount, validationData: null }, systemContext, uow);
    return true;
  });
}

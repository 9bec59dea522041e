import { systemContext } from '../../acl/context.js';
import type { CoreServices } from '../../core-services.js';

/**
 * Moves an order transaction after a payment step went wrong (`fail`, `cancel`). The payment outcome
 * is already decided, so a refused transition (e.g. the handler had moved the transaction elsewhere
 * before throwing) is logged rather than hiding the original error from the customer.
 */
export async function transitionAfterPaymentError(platform: Pick<CoreServices, 'db' | 'logger' | 'stateMachines'>, orderTransactionId: string, action: 'fail' | 'cancel'): Promise<void> {
  try {
    await platform.stateMachines.transition({ within: platform.db, entity: 'order_transaction', id: orderTransactionId, action, context: systemContext });
  } catch (error) {
    platform.logger.warn({ err: error, orderTransactionId, action }, 'could not move the order transaction after a payment error');
  }
}

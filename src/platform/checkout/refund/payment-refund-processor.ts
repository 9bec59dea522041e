import { isClientError } from '../../errors/app-error.js';
import { systemContext, type ApiContext } from '../../acl/context.js';
import type { CoreServices } from '../../core-services.js';
import { paymentErrors } from '../payment/payment-errors.js';

/**
 * Runs a refund through its payment method's handler (Shopware's PaymentRefundProcessor).
 * The refund must be `open`; it is moved to `in_progress` before the handler runs, and the
 * handler (which talks to the gateway) completes or fails it and moves the transaction. No database
 * transaction is held while the handler runs (it may call a gateway); if it throws, the refund is
 * failed and the error answered.
 */
export async function processRefund(platform: Pick<CoreServices, 'db' | 'logger' | 'payments' | 'stateMachines'>, refundId: string, context: ApiContext): Promise<void> {
  const row = await platform.db
    .selectFrom('order_transaction_capture_refund as r')
    .innerJoin('order_transaction_capture as c', 'c.id', 'r.capture_id')
    .innerJoin('order_transaction as t', 't.id', 'c.order_transaction_id')
    .innerJoin('payment_method as p', 'p.id', 't.payment_method_id')
    .innerJoin('state_machine_state as s', 's.id', 'r.state_id')
    .select(['t.id as orderTransactionId', 'p.handler_identifier as handlerIdentifier', 's.technical_name as state', 'r.external_reference as externalReference'])
    .where('r.id', '=', refundId)
    .executeTakeFirst();
  if (!row) throw paymentErrors.unknownRefund(refundId);
  if (row.state !== 'open') throw paymentErrors.refundInvalidTransition(refundId, row.state as string);
  // a gateway's refund id: the refund was made at the gateway already (its refund route recorded it), and
  // processing it would refund twice; refused before anything moves
  if (row.externalReference !== null) throw paymentErrors.refundInterrupted(refundId, `The refund was made at the payment provider already (reference ${String(row.externalReference)}).`);
  const handler = platform.payments.get(row.handlerIdentifier as string);
  if (!handler?.refund) throw paymentErrors.unknownRefundHandler(refundId);
  // claim the refund (open -> in_progress under the row lock) before the gateway is asked: of two
  // requests at once only one gets past here, so a refund is never sent twice
  const claim = await platform.stateMachines.transition({
    within: platform.db,
    entity: 'order_transaction_capture_refund',
    id: refundId,
    action: 'process',
    context: systemContext,
  });
  if (!claim.changed) throw paymentErrors.refundInvalidTransition(refundId, claim.fromState.technicalName);
  try {
    await handler.refund({ refundId, orderTransactionId: row.orderTransactionId as string, context });
  } catch (error) {
    await platform.stateMachines
      .transition({ within: platform.db, entity: 'order_transaction_capture_refund', id: refundId, action: 'fail', context: systemContext })
      .catch((failError) => platform.logger.error({ err: failError, refundId }, 'could not mark the refund as failed'));
    // the handler's own client errors are meaningful to the caller; anything else says nothing inside
    if (isClientError(error)) throw error;
    platform.logger.error({ err: error, refundId }, 'refund handler failed');
    throw paymentErrors.refundInterrupted(refundId, 'The payment handler failed.');
  }
}

import { paymentErrors } from './payment-errors.js';
import type { PaymentFinalizeInput } from './payment-handler.js';
import type { PaymentProvider, Verification } from './provider.js';
import { settlePayment, type SettlementServices } from './settlement.js';
import { isSettledState } from './settled-states.js';

/**
 * The customer's return for a provider's payment (PaymentHandler.finalize). The URL is a hint only: the
 * attempt it names (or the provider stored) is verified at the gateway, and the verified answer decides,
 * applied by the settlement the webhook uses too. A webhook may have settled the payment before the
 * customer came back: then an odd return (cancelled, no attempt, the gateway unreachable) moves nothing.
 * Throwing `customerCanceled` cancels the transaction, any other error fails it (PaymentFinalizer).
 */
export async function finalizeWithProvider(provider: PaymentProvider, services: SettlementServices, { transaction, requestData }: PaymentFinalizeInput): Promise<void> {
  const { orderTransactionId } = transaction;
  const { messages } = provider;
  const current = await services.orderTransactions.load(orderTransactionId);
  if (!current) throw paymentErrors.invalidTransaction(orderTransactionId);
  const alreadySettled = isSettledState(current.state);

  const returned = provider.returnedAttempt({ transaction: current, requestData });
  if (returned.kind === 'cancelled') {
    if (alreadySettled) return;
    throw paymentErrors.customerCanceled(orderTransactionId, messages.cancelled);
  }
  if (returned.kind === 'unconfirmed') {
    if (alreadySettled) return;
    services.logger.warn({ orderTransactionId }, `${provider.name}: the return names no payment attempt to verify`);
    throw paymentErrors.asyncFinalizeInterrupted(orderTransactionId, messages.notConfirmed);
  }

  let verification: Verification;
  try {
    verification = await provider.verify(returned.attempt, current);
  } catch (error) {
    verification = { outcome: 'unreachable', log: { reason: error instanceof Error ? error.message : String(error) } };
  }
  if (verification.outcome !== 'verified') {
    const log = verification.outcome === 'not-configured' ? { reason: 'no secret key for the active mode' } : verification.log;
    services.logger.error({ orderTransactionId, ...log }, `${provider.name}: the payment could not be verified`);
    // read again: a webhook may have paid the transaction while the gateway kept us waiting
    if (alreadySettled || isSettledState((await services.orderTransactions.load(orderTransactionId))?.state ?? '')) return;
    throw paymentErrors.asyncFinalizeInterrupted(orderTransactionId, messages.notConfirmed);
  }

  const { payment } = verification;
  const settled = await settlePayment(services, { orderTransactionId, payment, processedEventsField: provider.processedEventsField, source: 'finalize' });
  if (isSettledState(settled.state)) return;
  if (settled.outcome === 'mismatch' || settled.outcome === 'not-found') throw paymentErrors.asyncFinalizeInterrupted(orderTransactionId, messages.notConfirmed);
  switch (payment.verdict) {
    case 'failed':
      throw paymentErrors.asyncFinalizeInterrupted(orderTransactionId, messages.declined);
    case 'cancelled':
      throw paymentErrors.customerCanceled(orderTransactionId, messages.cancelled);
    // successful, yet the transaction could not move to paid (the state machine refused): not paid
    case 'successful':
      throw paymentErrors.asyncFinalizeInterrupted(orderTransactionId, messages.notConfirmed);
    // pending: the transaction stays open; the webhook settles it later
    case 'pending':
      return;
  }
}

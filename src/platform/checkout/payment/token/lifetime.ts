/** System config key of the payment token lifetime in minutes (Shopware's name). */
export const PAYMENT_FINALIZE_TRANSACTION_TIME_KEY = 'core.cart.paymentFinalizeTransactionTime';

export const DEFAULT_PAYMENT_TOKEN_LIFETIME_MINUTES = 30;

/**
 * The token lifetime from the configured value: a positive number of minutes (or numeric string), else
 * the default. Shopware falls back the same way for non-numeric values; a zero or negative value would
 * issue tokens that are expired at once, so it falls back too; anything shorter than a minute counts as one.
 */
export function paymentTokenLifetimeMinutes(configValue: unknown): number {
  const minutes = typeof configValue === 'string' && configValue.trim() !== '' ? Number(configValue) : configValue;
  if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes <= 0) return DEFAULT_PAYMENT_TOKEN_LIFETIME_MINUTES;
  // below a minute a customer could not finish any payment (and sub-second lifetimes cannot be signed)
  return Math.max(1, minutes);
}

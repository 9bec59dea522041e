import { formatMoney, type CurrencyDisplay } from '../../checkout/money/money.js';

/**
 * `{{ amount | money(currency) }}`: integer minor units shown in the currency (e.g. "€19.99"). An
 * amount that is not an integer (a template mistake) prints as empty rather than as a wrong price.
 */
export function moneyFilter(minor: number, currency: CurrencyDisplay): string {
  if (!Number.isSafeInteger(minor) || !currency) return '';
  return formatMoney(minor, currency);
}

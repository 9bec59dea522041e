import { decimalsFor } from '../../checkout/money/currency-decimals.js';
import { formatMoney, toMinorUnits, type CurrencyDisplay } from '../../checkout/money/money.js';
import { isPlainObject } from '../../util/is-plain-object.js';

/**
 * Filters mail templates have beyond nunjucks' own. Amounts in mail data are major units, as the order
 * documents store them (Shopware's `{{ order.amountTotal|currency(...) }}` habit).
 */

/**
 * `{{ 19.99 | currency(order.currency) }}` → "€19.99"; the currency is the order's currency record
 * (`isoCode`, `symbol`, `decimals`) or an ISO code (`currency('EUR')`, shown with the code's usual symbol).
 * Anything that is no amount prints as empty: a wrong price is worse than none.
 */
export function currencyFilter(amount: unknown, currency: unknown): string {
  if (typeof amount !== 'number' && typeof amount !== 'string') return '';
  const display = currencyDisplay(currency);
  if (!display) return '';
  try {
    return formatMoney(toMinorUnits(amount, display.decimals), display);
  } catch {
    return '';
  }
}

function currencyDisplay(currency: unknown): CurrencyDisplay | undefined {
  if (typeof currency === 'string') {
    try {
      return { isoCode: currency.toUpperCase(), symbol: narrowSymbol(currency), decimals: decimalsFor(currency) };
    } catch {
      return undefined;
    }
  }
  if (!isPlainObject(currency) || typeof currency.isoCode !== 'string') return undefined;
  const decimals = typeof currency.decimals === 'number' && Number.isInteger(currency.decimals) ? currency.decimals : undefined;
  try {
    return {
      isoCode: currency.isoCode,
      symbol: typeof currency.symbol === 'string' ? currency.symbol : narrowSymbol(currency.isoCode),
      decimals: decimals ?? decimalsFor(currency.isoCode),
    };
  } catch {
    return undefined;
  }
}

const narrowSymbols = new Map<string, string>();

/** The usual symbol of an ISO code ("€" for EUR, "RF" for RWF); the code itself when Intl has none. */
function narrowSymbol(isoCode: string): string {
  let symbol = narrowSymbols.get(isoCode);
  if (symbol === undefined) {
    const parts = new Intl.NumberFormat('en', { style: 'currency', currency: isoCode, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    symbol = parts.find((part) => part.type === 'currency')?.value ?? '';
    if (narrowSymbols.size < 512) narrowSymbols.set(isoCode, symbol);
  }
  return symbol;
}

const DATE_STYLES = {
  date: { dateStyle: 'long' },
  short: { dateStyle: 'short', timeStyle: 'short' },
  medium: { dateStyle: 'medium', timeStyle: 'short' },
  long: { dateStyle: 'long', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const dateFormats = new Map(Object.entries(DATE_STYLES).map(([name, options]) => [name, new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' })]));

/**
 * `{{ order.orderDateTime | date }}` → "25 Nov 2026, 14:03" (UTC); `date('date')` the day alone,
 * `date('short')`, `date('long')`. Anything that is no date prints as empty.
 */
export function dateFilter(value: unknown, style: unknown = 'medium'): string {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const format = dateFormats.get(typeof style === 'string' ? style : 'medium') ?? dateFormats.get('medium')!;
  return format.format(date);
}

import { AppError } from '../../errors/app-error.js';
import { canonicalDecimalString, formatScaled, parseExactDecimal, roundToScale } from './exact-decimal.js';

/**
 * Amounts inside the platform are integer minor units (cents, or yen, or fils) held in a JS number.
 * The limit is Number.MAX_SAFE_INTEGER (2^53 - 1, about 9.007e15 minor units: 90 trillion in a
 * 2-decimal currency); intermediate products and sums are computed on BigInt and only the result is
 * checked against that limit, so nothing is ever silently rounded by float arithmetic.
 */
export const MAX_MINOR_UNITS = Number.MAX_SAFE_INTEGER;

export interface CurrencyDisplay {
  isoCode: string;
  /** e.g. "€"; an empty symbol shows the ISO code instead */
  symbol: string;
  decimals: number;
}

/**
 * Converts a major-unit amount to integer minor units, exactly: "19.99" with 2 decimals is 1999.
 * A JS number is read through its shortest decimal form (`String(19.99)` = "19.99"), never multiplied
 * as a float. Extra fraction digits are rounded half-up, away from zero ("0.125" -> 13, "-0.125" -> -13).
 * Throws a 400 `CHECKOUT__INVALID_AMOUNT` for NaN, Infinity, malformed strings and out-of-range results.
 */
export function toMinorUnits(major: string | number, decimals: number): number {
  assertDecimals(decimals);
  const parsed = parseExactDecimal(major);
  if (!parsed) throw invalidAmount(major, 'expected a finite decimal number such as "19.99"');
  return bigIntToMinorUnits(roundToScale(parsed, decimals), major);
}

/** The exact major-unit decimal string: (1999, 2) -> "19.99", (5, 0) -> "5", (1234, 3) -> "1.234", (1900, 2) -> "19.00". */
export function toMajorUnits(minor: number | bigint, decimals: number): string {
  assertDecimals(decimals);
  return formatScaled(minorToBigInt(minor), decimals);
}

/**
 * The major-unit amount as a JS number, for JSON documents (Shopware stores prices as floats). It is
 * the double nearest to the exact decimal, so `toMinorUnits(toMajorNumber(x, d), d) === x` for every
 * amount of up to 15 significant digits.
 */
export function toMajorNumber(minor: number | bigint, decimals: number): number {
  return Number(toMajorUnits(minor, decimals));
}

const moneyFormatters = new Map<string, Intl.NumberFormat>();

/**
 * A display string: the locale decides symbol position, grouping and decimal separator ("€1,234.50"
 * in `en`, "1.234,50 €" in `de-DE`, the default locale is `en`); the currency's own symbol is shown,
 * and its ISO code when it has no symbol. Always exactly `decimals` fraction digits.
 */
export function formatMoney(minor: number | bigint, currency: CurrencyDisplay, locale = 'en'): string {
  const amount = toMajorUnits(minor, currency.decimals);
  const useSymbol = currency.symbol !== '';
  const key = `${locale}|${currency.isoCode}|${currency.decimals}|${useSymbol}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.isoCode,
      // the narrow symbol's spacing ("€1", "CHF 1") suits shop symbols; without one the ISO code shows
      currencyDisplay: useSymbol ? 'narrowSymbol' : 'code',
      minimumFractionDigits: currency.decimals,
      maximumFractionDigits: currency.decimals,
    });
    // a handful of currencies and locales per shop; building a formatter costs about 35 µs, using one 2
    if (moneyFormatters.size >= 256) moneyFormatters.clear();
    moneyFormatters.set(key, formatter);
  }
  // Intl formats decimal strings exactly; only the currency part is swapped for the shop's symbol.
  // Intl types accept only numbers although the runtime (ES2023 Intl.NumberFormat v3) takes strings.
  const parts = formatter.formatToParts(amount as unknown as number);
  return parts.map((part) => (part.type === 'currency' && useSymbol ? currency.symbol : part.value)).join('');
}

/** Converts a BigInt count of minor units to a number, refusing anything beyond the safe-integer range. */
export function bigIntToMinorUnits(value: bigint, input?: unknown): number {
  if (value > BigInt(MAX_MINOR_UNITS) || value < -BigInt(MAX_MINOR_UNITS)) {
    throw invalidAmount(input ?? value.toString(), `the amount exceeds ${MAX_MINOR_UNITS} minor units`);
  }
  // Number(-0n) is 0, never -0
  return Number(value);
}

/** Minor units as BigInt, refusing a number that is not a safe integer (a major amount passed by mistake). */
export function minorToBigInt(minor: number | bigint): bigint {
  if (typeof minor === 'bigint') return minor;
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Minor units must be a safe integer, got ${minor}`);
  return BigInt(minor);
}

function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 18) {
    throw new RangeError(`Currency decimals must be an integer from 0 to 18, got ${decimals}`);
  }
}

function invalidAmount(input: unknown, reason: string): AppError {
  const shown = typeof input === 'string' ? JSON.stringify(input) : String(input);
  return new AppError(400, 'CHECKOUT__INVALID_AMOUNT', `Invalid amount ${shown}: ${reason}.`, {
    meta: { parameters: { amount: String(input) } },
  });
}

/**
 * An amount received from outside (a JSON number or decimal string in major units) as integer minor
 * units, exactly, or null: not a number, negative, out of range, or with more fraction digits than the
 * currency has ("19.995" in a 2-decimal currency is no amount of it, so it never rounds into a match).
 * Trailing zeros are not extra digits ("100.000" with 2 decimals is 10000).
 */
export function exactMinorUnits(amount: unknown, decimals: number): number | null {
  if (typeof amount !== 'number' && typeof amount !== 'string') return null;
  const parsed = parseExactDecimal(amount);
  if (!parsed || parsed.coefficient < 0n) return null;
  let { coefficient, scale } = parsed;
  while (scale > decimals && coefficient % 10n === 0n) {
    coefficient /= 10n;
    scale -= 1;
  }
  if (scale > decimals) return null;
  const minor = coefficient * 10n ** BigInt(decimals - scale);
  return minor <= BigInt(MAX_MINOR_UNITS) ? Number(minor) : null;
}

/** Minor units as the shortest exact major-unit string: (10000, 2) -> "100", (1990, 2) -> "19.9", (5, 0) -> "5". */
export function toShortestMajorUnits(minor: number | bigint, decimals: number): string {
  return canonicalDecimalString(parseExactDecimal(toMajorUnits(minor, decimals))!);
}

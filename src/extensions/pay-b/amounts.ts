import { canonicalDecimalString, parseExactDecimal } from '../../platform/checkout/money/exact-decimal.js';
import { MAX_MINOR_UNITS, toMajorUnits } from '../../platform/checkout/money/money.js';

/**
 * Gateway D's units (spec part D, major-unit rule): amounts sent to it are major units, never scaled
 * (100.00 goes out as "100"); amounts compared are integer minor units on both sides, per currency
 * decimals (0 for RWF and UGX, 3 for KWD, see currency-decimals.ts).
 */

/** Minor units as the major-unit decimal string the gateway is sent: (10000, 2) -> "100", (1990, 2) -> "19.9". */
export function toWireAmount(minor: number, decimals: number): string {
  return canonicalDecimalString(parseExactDecimal(toMajorUnits(minor, decimals))!);
}

/**
 * A gateway amount (JSON number or decimal string, major units) as integer minor units, exactly:
 * null when it is not a number, is negative, or has more fraction digits than the currency has
 * (e.g. "19.995" in a 2-decimal currency is no amount of that currency, so it never rounds into a match).
 */
export function gatewayAmountToMinor(amount: unknown, decimals: number): number | null {
  if (typeof amount !== 'number' && typeof amount !== 'string') return null;
  const parsed = parseExactDecimal(amount);
  if (!parsed || parsed.coefficient < 0n) return null;
  let { coefficient, scale } = parsed;
  // trailing zeros do not count as extra digits ("100.000" in a 2-decimal currency is 100.00)
  while (scale > decimals && coefficient % 10n === 0n) {
    coefficient /= 10n;
    scale -= 1;
  }
  if (scale > decimals) return null;
  const minor = coefficient * 10n ** BigInt(decimals - scale);
  return minor <= BigInt(MAX_MINOR_UNITS) ? Number(minor) : null;
}

import { exactMinorUnits, toMajorUnits } from '../money/money.js';
import { parseExactDecimal } from '../money/exact-decimal.js';
import type { RefundCurrency } from './refund-provider.js';
import { COMMON_REFUND_MESSAGES, RefundRefusal } from './refund-refusal.js';

/** `<minimum>` and `<balance>` in messages: the exact major amount with all the currency's decimals and its code ("100.00 NGN", "500 RWF", "0.500 KWD"). */
export function formatRefundAmount(minor: number, currency: RefundCurrency): string {
  return `${toMajorUnits(Math.max(minor, 0), currency.decimals)} ${currency.isoCode}`;
}

/** The configured minimum of a currency (major units): its own entry, else `default`, else 1. */
export function minimumRefundFor(table: Readonly<Record<string, string>>, isoCode: string): string {
  return table[isoCode.toUpperCase()] ?? table.default ?? '1';
}

/**
 * A minimum (major units, decimal string) in minor units. A minimum finer than the currency (0.005 NGN)
 * is rounded up to the next minor unit, so the check never lets through less than configured; at least 1.
 */
export function minimumRefundMinor(minimum: string, currency: RefundCurrency): number {
  const parsed = parseExactDecimal(minimum);
  if (!parsed || parsed.coefficient <= 0n) return 1;
  let minor: bigint;
  if (parsed.scale <= currency.decimals) {
    minor = parsed.coefficient * 10n ** BigInt(currency.decimals - parsed.scale);
  } else {
    const divisor = 10n ** BigInt(parsed.scale - currency.decimals);
    minor = (parsed.coefficient + divisor - 1n) / divisor;
  }
  return Number(minor > 0n ? minor : 1n);
}

/**
 * A caller's amount (JSON number or decimal string, major units) as minor units, exactly; null when it
 * is not a positive amount the currency can hold (zero, negative, more decimals than the currency has).
 */
export function requestedAmountToMinor(amount: number | string, currency: RefundCurrency): number | null {
  if (typeof amount === 'string' && amount.trim() === '') return null;
  const minor = exactMinorUnits(amount, currency.decimals);
  return minor !== null && minor > 0 ? minor : null;
}

/** The refusal for an amount that is no positive amount of the currency. */
export function malformedAmountMessage(currency: RefundCurrency): string {
  return currency.decimals === 0
    ? `Refund amount must be a positive whole number of ${currency.isoCode}`
    : `Refund amount must be a positive number of ${currency.isoCode} with at most ${currency.decimals} decimals`;
}

/** A caller's optional amount in minor units: undefined when absent (the whole balance), refused when malformed for the currency. */
export function requestedMinorOrRefuse(amount: number | string | undefined, currency: RefundCurrency): number | undefined {
  if (amount === undefined) return undefined;
  const minor = requestedAmountToMinor(amount, currency);
  if (minor === null) throw new RefundRefusal(malformedAmountMessage(currency));
  return minor;
}

/**
 * The amount to refund, in minor units: the requested one, or the whole balance when none was asked for;
 * refused (with the fixed refusal messages) below the minimum or above the refundable balance.
 */
export function refundAmountWithinBounds(requestedMinor: number | undefined, bounds: { minimumMinor: number; balanceMinor: number; currency: RefundCurrency }): number {
  const amountMinor = requestedMinor ?? bounds.balanceMinor;
  if (amountMinor < bounds.minimumMinor) throw new RefundRefusal(COMMON_REFUND_MESSAGES.belowMinimum(formatRefundAmount(bounds.minimumMinor, bounds.currency)));
  if (amountMinor > bounds.balanceMinor) throw new RefundRefusal(COMMON_REFUND_MESSAGES.exceedsBalance(formatRefundAmount(bounds.balanceMinor, bounds.currency)));
  return amountMinor;
}

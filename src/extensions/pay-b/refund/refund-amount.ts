import { parseExactDecimal } from '../../../platform/checkout/money/exact-decimal.js';
import { toMajorUnits } from '../../../platform/checkout/money/money.js';
import { gatewayAmountToMinor } from '../amounts.js';
import { minimumRefundFor, type PayBSettings } from '../config.js';

/** The order currency as refunds compare it: minor units per the gateway's decimals (0 RWF, 3 KWD). */
export interface RefundCurrency {
  isoCode: string;
  decimals: number;
}

/** `<minimum>` and `<balance>` in messages: the exact major amount with all the currency's decimals and its code ("100.00 NGN", "500 RWF", "0.500 KWD"). */
export function formatRefundAmount(minor: number, currency: RefundCurrency): string {
  return `${toMajorUnits(Math.max(minor, 0), currency.decimals)} ${currency.isoCode}`;
}

/**
 * The configured minimum in minor units. A minimum finer than the currency (0.005 NGN) is rounded up
 * to the next minor unit, so the check never lets through less than configured; at least 1 minor unit.
 */
export function minimumRefundMinor(settings: PayBSettings, currency: RefundCurrency): number {
  const parsed = parseExactDecimal(minimumRefundFor(settings, currency.isoCode));
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
  const minor = gatewayAmountToMinor(amount, currency.decimals);
  return minor !== null && minor > 0 ? minor : null;
}

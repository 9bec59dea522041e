import { AppError } from '../../../errors/app-error.js';
import { canonicalDecimalString, divideRoundHalfUp, parseExactDecimal, type ExactDecimal } from '../../money/exact-decimal.js';

/**
 * A tax rate in percent as callers hold it: a JSON number (19, 7.7) or a decimal string ("7.7").
 * Numbers are read through their shortest decimal form, so 7.7 is exactly 77/10, never 7.7000000000000002.
 */
export type TaxRateInput = number | string;

export interface ParsedTaxRate {
  exact: ExactDecimal;
  /** The rate as a JSON number for output (7.7), read back exactly by parseTaxRate. */
  value: number;
  /** Canonical decimal string ("7.7" for 7.7, "7.70" and "7.700"): the key taxes are merged by. */
  key: string;
}

/** Throws a 400 `CHECKOUT__INVALID_TAX_RATE` for anything but a finite, non-negative decimal. */
export function parseTaxRate(rate: TaxRateInput): ParsedTaxRate {
  const exact = parseExactDecimal(rate);
  if (!exact || exact.coefficient < 0n) {
    throw new AppError(400, 'CHECKOUT__INVALID_TAX_RATE', `Invalid tax rate ${JSON.stringify(rate)}: expected a non-negative percentage such as 19 or 7.7.`, {
      meta: { parameters: { taxRate: String(rate) } },
    });
  }
  const key = canonicalDecimalString(exact);
  return { exact, value: Number(key), key };
}

/**
 * The tax contained in a gross amount: gross - gross / (1 + rate/100) = gross * rate / (100 + rate),
 * computed on integers (rate = c / 10^s gives gross * c / (100 * 10^s + c)) and rounded half-up.
 */
export function taxIncludedInGross(grossMinor: bigint, rate: ParsedTaxRate): bigint {
  const { coefficient, scale } = rate.exact;
  return divideRoundHalfUp(grossMinor * coefficient, 100n * 10n ** BigInt(scale) + coefficient);
}

/** The tax on a net amount, net * rate / 100 (rate = c / 10^s: net * c / (100 * 10^s)), rounded half-up. */
export function taxOnNet(netMinor: bigint, rate: ParsedTaxRate): bigint {
  const { coefficient, scale } = rate.exact;
  return divideRoundHalfUp(netMinor * coefficient, 100n * 10n ** BigInt(scale));
}

/** The net amount of a gross amount, gross / (1 + rate/100), rounded half-up. */
export function netOfGross(grossMinor: bigint, rate: ParsedTaxRate): bigint {
  const { coefficient, scale } = rate.exact;
  const hundred = 100n * 10n ** BigInt(scale);
  return divideRoundHalfUp(grossMinor * hundred, hundred + coefficient);
}

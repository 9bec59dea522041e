import { divideRoundHalfUp, parseExactDecimal, MAX_MINOR_UNITS } from '../../../platform/sdk/index.js';

/**
 * The gateway speaks major units ("7500", 99.5); the simulator keeps every amount as BigInt minor units of
 * its currency, so fees, balances and comparisons are exact whatever the currency's decimals (0, 2 or 3).
 */
export type AmountParse =
  | { ok: true; minor: bigint }
  | { ok: false; problem: 'not-a-number' | 'not-positive' | 'too-precise' | 'too-large' };

/** The gateway's fee on card payments, in tenths of a percent (1.4 %). */
const APP_FEE_PER_MILLE = 14n;

const ISO_CODE = /^[A-Z]{3}$/;

export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && ISO_CODE.test(value);
}

/**
 * Reads a major-unit amount (JSON number or numeric string) exactly. A value that needs more fraction
 * digits than the currency has is refused ("100.005" NGN), while trailing zeros are fine ("100.0" UGX = 100).
 */
export function parseMajorAmount(input: unknown, decimals: number, options: { allowZero?: boolean } = {}): AmountParse {
  if (typeof input !== 'number' && typeof input !== 'string') return { ok: false, problem: 'not-a-number' };
  const parsed = parseExactDecimal(input);
  if (!parsed) return { ok: false, problem: 'not-a-number' };
  let minor: bigint;
  if (parsed.scale <= decimals) {
    minor = parsed.coefficient * 10n ** BigInt(decimals - parsed.scale);
  } else {
    const divisor = 10n ** BigInt(parsed.scale - decimals);
    if (parsed.coefficient % divisor !== 0n) return { ok: false, problem: 'too-precise' };
    minor = parsed.coefficient / divisor;
  }
  if (minor < 0n || (minor === 0n && !options.allowZero)) return { ok: false, problem: 'not-positive' };
  if (minor > BigInt(MAX_MINOR_UNITS)) return { ok: false, problem: 'too-large' };
  return { ok: true, minor };
}

/** The same amount expressed in another currency's minor units, or undefined when it is not representable there. */
export function rescaleMinor(minor: bigint, fromDecimals: number, toDecimals: number): bigint | undefined {
  if (toDecimals >= fromDecimals) return minor * 10n ** BigInt(toDecimals - fromDecimals);
  const divisor = 10n ** BigInt(fromDecimals - toDecimals);
  return minor % divisor === 0n ? minor / divisor : undefined;
}

/** 1.4 % of the amount, rounded half-up to the currency's smallest unit. */
export function appFeeMinor(amountMinor: bigint): bigint {
  return divideRoundHalfUp(amountMinor * APP_FEE_PER_MILLE, 1000n);
}

export function describeAmountProblem(field: string, problem: Exclude<AmountParse, { ok: true }>['problem'], currency: string, decimals: number): string {
  switch (problem) {
    case 'not-a-number':
      return `${field} must be a number`;
    case 'not-positive':
      return `${field} must be greater than 0`;
    case 'too-precise':
      return `${field} has more decimal places than ${currency} allows (${decimals})`;
    case 'too-large':
      return `${field} is too large`;
  }
}

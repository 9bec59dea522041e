/**
 * Exact decimal arithmetic on BigInt, the ground the money and price code stands on: a decimal is
 * `coefficient / 10^scale`, so "19.99" is exactly 1999 / 10^2 and never the binary float 19.989999...
 */
export interface ExactDecimal {
  coefficient: bigint;
  /** Number of decimal places, >= 0. */
  scale: number;
}

// Forms like "19.99", "-5", "+.5", "5.", "1e+21", "1.5E-3" (JS numbers stringify to the exponent form).
const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

// Exponents beyond this would build absurdly long digit strings; no amount or rate comes near.
const MAX_EXPONENT = 400;

/**
 * Parses a decimal string exactly, or a JS number through its shortest round-tripping decimal form
 * (`String(19.99)` is "19.99"), which is what a person or a JSON document meant by that number.
 * Returns null for anything that is not a finite decimal number.
 */
export function parseExactDecimal(input: string | number): ExactDecimal | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    input = String(input);
  }
  if (typeof input !== 'string') return null;
  const match = DECIMAL_PATTERN.exec(input.trim());
  if (!match) return null;
  const [, sign, integerDigits = '', fractionDigits = '', exponentDigits] = match;
  if (integerDigits === '' && fractionDigits === '') return null;
  const exponent = exponentDigits === undefined ? 0 : Number(exponentDigits);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;

  let coefficient = BigInt(`${integerDigits}${fractionDigits}` || '0');
  let scale = fractionDigits.length - exponent;
  if (scale < 0) {
    coefficient *= 10n ** BigInt(-scale);
    scale = 0;
  }
  if (sign === '-') coefficient = -coefficient;
  return { coefficient, scale };
}

/** `numerator / denominator` rounded half-up, i.e. ties away from zero (2.5 -> 3, -2.5 -> -3). */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  if ((n % d) * 2n >= d) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** The decimal rescaled to `decimals` places, rounded half-up: the integer count of 10^-decimals units. */
export function roundToScale(value: ExactDecimal, decimals: number): bigint {
  if (decimals >= value.scale) return value.coefficient * 10n ** BigInt(decimals - value.scale);
  return divideRoundHalfUp(value.coefficient, 10n ** BigInt(value.scale - decimals));
}

/** The exact decimal string of `units / 10^decimals`: always `decimals` fraction digits, no exponent. */
export function formatScaled(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const integerPart = digits.slice(0, digits.length - decimals);
  const fractionPart = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${integerPart}${decimals > 0 ? `.${fractionPart}` : ''}`;
}

/** Drops trailing zero fraction digits ("7.70" -> "7.7", "19.00" -> "19"): a canonical key for equal values. */
export function canonicalDecimalString(value: ExactDecimal): string {
  let { coefficient, scale } = value;
  while (scale > 0 && coefficient % 10n === 0n) {
    coefficient /= 10n;
    scale -= 1;
  }
  return formatScaled(coefficient, scale);
}

import { parseExactDecimal, roundToScale, divideRoundHalfUp, formatScaled } from '../checkout/money/exact-decimal.js';

/** What is wrong with a row: its message goes into the log with the row number. */
export class RowProblem extends Error {}

const TRUE = new Set(['1', 'true', 'yes', 'y', 'ja']);
const FALSE = new Set(['0', 'false', 'no', 'n', 'nein']);

export function parseBool(value: string, column: string): boolean {
  const v = value.trim().toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  throw new RowProblem(`${column}: "${value}" is not a yes/no value (use 1 or 0)`);
}

export function parseInteger(value: string, column: string): number {
  const v = value.trim();
  if (!/^-?\d{1,15}$/.test(v)) throw new RowProblem(`${column}: "${value}" is not a whole number`);
  return Number(v);
}

/**
 * A decimal amount ("12.50"; a decimal comma "12,50" too when it is the only separator), rounded half-up to
 * `decimals` places exactly: the result is the minor units.
 */
export function parseAmountMinor(value: string, column: string, decimals: number): bigint {
  const v = value.trim().replace(/^(\d+),(\d+)$/, '$1.$2');
  const parsed = /^-?\d+(\.\d+)?$/.test(v) ? parseExactDecimal(v) : null;
  if (!parsed) throw new RowProblem(`${column}: "${value}" is not an amount (use a dot for decimals, e.g. 12.50)`);
  if (parsed.coefficient < 0n) throw new RowProblem(`${column}: ${value} is negative`);
  return roundToScale(parsed, decimals);
}

/** The net amount of a gross one at `taxRate` percent, exactly, rounded half-up to the minor unit. */
export function netFromGross(grossMinor: bigint, taxRate: string): bigint {
  const rate = parseExactDecimal(taxRate)!;
  const scale = 10n ** BigInt(rate.scale);
  return divideRoundHalfUp(grossMinor * 100n * scale, 100n * scale + rate.coefficient);
}

/** Minor units as the major-unit number the price JSON holds. */
export function majorNumber(minor: bigint, decimals: number): number {
  return Number(formatScaled(minor, decimals));
}

/** A list cell: values separated by `|` (Shopware's), blanks dropped. */
export function listValues(value: string): string[] {
  return value
    .split('|')
    .map((v) => v.trim())
    .filter(Boolean);
}

import { exactMinorUnits, toShortestMajorUnits } from '../../platform/sdk/index.js';

/**
 * Gateway D's units: its API takes and returns amounts in major units, so amounts sent are never scaled
 * (100.00 goes out as "100"); amounts compared are integer minor units on both sides, per currency
 * decimals (0 for RWF and UGX, 3 for KWD: the platform's `decimalsFor`).
 */

/** Minor units as the major-unit decimal string the gateway is sent: (10000, 2) -> "100", (1990, 2) -> "19.9". */
export function toWireAmount(minor: number, decimals: number): string {
  return toShortestMajorUnits(minor, decimals);
}

/**
 * A gateway amount (JSON number or decimal string, major units) as integer minor units, exactly:
 * null when it is not a number, is negative, or has more fraction digits than the currency has
 * (e.g. "19.995" in a 2-decimal currency is no amount of that currency, so it never rounds into a match).
 */
export function gatewayAmountToMinor(amount: unknown, decimals: number): number | null {
  return exactMinorUnits(amount, decimals);
}

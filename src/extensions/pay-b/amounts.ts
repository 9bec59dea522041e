import { exactMinorUnits, toShortestMajorUnits } from '../../platform/sdk/index.js';

/**
 * Gateway D's units: major units on the wire, never scaled (100.00 goes out as "100"); compared as integer
 * minor units on both sides, per currency decimals (0 for RWF and UGX, 3 for KWD: the platform's `decimalsFor`).
 */

/** (10000, 2) -> "100", (1990, 2) -> "19.9". */
export function toWireAmount(minor: number, decimals: number): string {
  return toShortestMajorUnits(minor, decimals);
}

/** A JSON number or decimal string as exact minor units; null when negative or not a number, or with more digits than the currency ("19.995" never rounds into a match). */
export function gatewayAmountToMinor(amount: unknown, decimals: number): number | null {
  return exactMinorUnits(amount, decimals);
}

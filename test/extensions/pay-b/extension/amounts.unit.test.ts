import { describe, expect, it } from 'vitest';
import { gatewayAmountToMinor, toWireAmount } from '../../../../src/extensions/pay-b/amounts.js';

describe('gateway D amounts: major units on the wire, exact minor units for comparison', () => {
  it('sends major units without trailing zeros, never scaled', () => {
    expect(toWireAmount(10000, 2)).toBe('100');
    expect(toWireAmount(1990, 2)).toBe('19.9');
    expect(toWireAmount(1999, 2)).toBe('19.99');
    expect(toWireAmount(1500, 0)).toBe('1500');
    expect(toWireAmount(125, 3)).toBe('0.125');
    expect(toWireAmount(12500, 3)).toBe('12.5');
    expect(toWireAmount(0, 2)).toBe('0');
  });

  it('reads gateway amounts (numbers or strings) exactly into minor units per currency decimals', () => {
    expect(gatewayAmountToMinor(100, 2)).toBe(10000);
    expect(gatewayAmountToMinor('19.99', 2)).toBe(1999);
    expect(gatewayAmountToMinor(19.99, 2)).toBe(1999);
    expect(gatewayAmountToMinor(0.1 + 0.2, 2)).toBeNull(); // 0.30000000000000004: a float artefact is no amount of a 2-decimal currency
    expect(gatewayAmountToMinor(1500, 0)).toBe(1500);
    expect(gatewayAmountToMinor('0.125', 3)).toBe(125);
    expect(gatewayAmountToMinor('100.000', 2)).toBe(10000); // trailing zeros are no extra digits
  });

  it('refuses what is no amount of the currency instead of rounding it into a match', () => {
    expect(gatewayAmountToMinor('19.995', 2)).toBeNull();
    expect(gatewayAmountToMinor('1500.5', 0)).toBeNull();
    expect(gatewayAmountToMinor('0.1255', 3)).toBeNull();
    expect(gatewayAmountToMinor(-1, 2)).toBeNull();
    expect(gatewayAmountToMinor('abc', 2)).toBeNull();
    expect(gatewayAmountToMinor(null, 2)).toBeNull();
    expect(gatewayAmountToMinor({ amount: 1 }, 2)).toBeNull();
    expect(gatewayAmountToMinor(Number.NaN, 2)).toBeNull();
    expect(gatewayAmountToMinor('1e30', 2)).toBeNull();
  });
});

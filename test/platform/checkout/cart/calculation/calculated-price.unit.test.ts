import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../../src/platform/errors/app-error.js';
import { calculateLineItem } from '../../../../../src/platform/checkout/cart/calculation/calculated-price.js';

describe('calculateLineItem', () => {
  it('multiplies the gross unit price and takes the tax from the total (19%)', () => {
    expect(calculateLineItem({ unitPriceMinor: 1999, quantity: 3, taxRate: 19 })).toEqual({
      unitPrice: 1999,
      totalPrice: 5997,
      quantity: 3,
      // 5997 * 19 / 119 = 957.50..., not 3 x round(319.17) = 957
      calculatedTaxes: [{ tax: 958, taxRate: 19, price: 5997 }],
      taxRules: [{ taxRate: 19, percentage: 100 }],
    });
  });

  it('handles 7%, 0% and decimal rates exactly', () => {
    expect(calculateLineItem({ unitPriceMinor: 1070, quantity: 1, taxRate: 7 }).calculatedTaxes).toEqual([{ tax: 70, taxRate: 7, price: 1070 }]);
    expect(calculateLineItem({ unitPriceMinor: 500, quantity: 2, taxRate: 0 }).calculatedTaxes).toEqual([{ tax: 0, taxRate: 0, price: 1000 }]);
    expect(calculateLineItem({ unitPriceMinor: 1077, quantity: 1, taxRate: 7.7 }).calculatedTaxes).toEqual([{ tax: 77, taxRate: 7.7, price: 1077 }]);
    const swiss = calculateLineItem({ unitPriceMinor: 500, quantity: 2, taxRate: '7.70' });
    expect(swiss.calculatedTaxes).toEqual([{ tax: 71, taxRate: 7.7, price: 1000 }]);
    expect(swiss.taxRules).toEqual([{ taxRate: 7.7, percentage: 100 }]);
  });

  it('works in minor units of 0- and 3-decimal currencies', () => {
    // JPY 1,500 at 10%: 136.36 yen of tax
    expect(calculateLineItem({ unitPriceMinor: 1500, quantity: 1, taxRate: 10 }).calculatedTaxes[0].tax).toBe(136);
    // RWF 1,000 x 3 at 18%: 457.63
    expect(calculateLineItem({ unitPriceMinor: 1000, quantity: 3, taxRate: 18 }).calculatedTaxes[0].tax).toBe(458);
    // KWD 1.234 x 3 at 10%: 0.336545 KWD
    const kwd = calculateLineItem({ unitPriceMinor: 1234, quantity: 3, taxRate: 10 });
    expect(kwd.totalPrice).toBe(3702);
    expect(kwd.calculatedTaxes[0].tax).toBe(337);
  });

  it('rounds an exact half away from zero, for discounts too', () => {
    // 20% of a gross 0.03 is 0.005
    expect(calculateLineItem({ unitPriceMinor: 3, quantity: 1, taxRate: 20 }).calculatedTaxes[0].tax).toBe(1);
    const discount = calculateLineItem({ unitPriceMinor: -3, quantity: 1, taxRate: 20 });
    expect(discount.totalPrice).toBe(-3);
    expect(discount.calculatedTaxes[0].tax).toBe(-1);
  });

  it('refuses quantities that are not positive integers', () => {
    for (const quantity of [0, -1, 1.5, Number.NaN]) {
      let caught: unknown;
      try {
        calculateLineItem({ unitPriceMinor: 100, quantity, taxRate: 19 });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect((caught as AppError).code).toBe('CHECKOUT__CART_INVALID_QUANTITY');
    }
  });

  it('refuses a unit price that is not integer minor units, and totals beyond the safe range', () => {
    expect(() => calculateLineItem({ unitPriceMinor: 19.99, quantity: 1, taxRate: 19 })).toThrow(RangeError);
    expect(() => calculateLineItem({ unitPriceMinor: Number.MAX_SAFE_INTEGER, quantity: 2, taxRate: 19 })).toThrow(AppError);
  });
});

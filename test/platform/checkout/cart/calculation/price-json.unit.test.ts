import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../../src/platform/errors/app-error.js';
import { calculateLineItem } from '../../../../../src/platform/checkout/cart/calculation/calculated-price.js';
import { calculateCartTotals } from '../../../../../src/platform/checkout/cart/calculation/cart-totals.js';
import {
  fromCalculatedPriceJson,
  fromCartPriceJson,
  toCalculatedPriceJson,
  toCartPriceJson,
} from '../../../../../src/platform/checkout/cart/calculation/price-json.js';

describe('price JSON in major units', () => {
  it('writes a Shopware-shaped CalculatedPrice and reads it back unchanged', () => {
    const price = calculateLineItem({ unitPriceMinor: 1999, quantity: 3, taxRate: 19 });
    const json = toCalculatedPriceJson(price, 2);
    expect(json).toEqual({
      unitPrice: 19.99,
      totalPrice: 59.97,
      quantity: 3,
      calculatedTaxes: [{ tax: 9.58, taxRate: 19, price: 59.97 }],
      taxRules: [{ taxRate: 19, percentage: 100 }],
      referencePrice: null,
      listPrice: null,
      regulationPrice: null,
    });
    // as stored in and read from a JSON column
    expect(fromCalculatedPriceJson(JSON.parse(JSON.stringify(json)), 2)).toEqual(price);
  });

  it('uses the currency decimals: yen and dinar', () => {
    const yen = calculateLineItem({ unitPriceMinor: 1500, quantity: 1, taxRate: 10 });
    expect(toCalculatedPriceJson(yen, 0)).toMatchObject({ unitPrice: 1500, totalPrice: 1500, calculatedTaxes: [{ tax: 136, taxRate: 10, price: 1500 }] });
    expect(fromCalculatedPriceJson(toCalculatedPriceJson(yen, 0), 0)).toEqual(yen);

    const dinar = calculateLineItem({ unitPriceMinor: 1234, quantity: 3, taxRate: 7.7 });
    const json = toCalculatedPriceJson(dinar, 3);
    expect(json).toMatchObject({ unitPrice: 1.234, totalPrice: 3.702, calculatedTaxes: [{ tax: 0.265, taxRate: 7.7, price: 3.702 }] });
    expect(fromCalculatedPriceJson(json, 3)).toEqual(dinar);
  });

  it('rounds stored amounts with more decimals than the currency half-up, and refuses non-numbers', () => {
    const stored = {
      unitPrice: 0.335,
      totalPrice: 1.005,
      quantity: 3,
      calculatedTaxes: [{ tax: 0.16045, taxRate: 19, price: 1.005 }],
      taxRules: [{ taxRate: 19, percentage: 100 }],
    };
    expect(fromCalculatedPriceJson(stored, 2)).toMatchObject({ unitPrice: 34, totalPrice: 101, calculatedTaxes: [{ tax: 16, taxRate: 19, price: 101 }] });
    expect(() => fromCalculatedPriceJson({ ...stored, totalPrice: 'x' as unknown as number }, 2)).toThrow(AppError);
  });

  it('writes the cart price (the order price) and reads it back', () => {
    const totals = calculateCartTotals(
      [calculateLineItem({ unitPriceMinor: 1999, quantity: 3, taxRate: 19 }), calculateLineItem({ unitPriceMinor: 1070, quantity: 1, taxRate: 7 })],
      { unitPrice: 499, taxRate: 19 },
    );
    const json = toCartPriceJson(totals, 2);
    expect(json).toEqual({
      netPrice: 64.58,
      totalPrice: 75.66,
      positionPrice: 70.67,
      rawTotal: 75.66,
      calculatedTaxes: [
        { tax: 10.38, taxRate: 19, price: 64.96 },
        { tax: 0.7, taxRate: 7, price: 10.7 },
      ],
      taxRules: totals.taxRules,
      taxStatus: 'gross',
    });
    const { netPrice, totalPrice, positionPrice, rawTotal, calculatedTaxes, taxRules, taxStatus } = totals;
    expect(fromCartPriceJson(JSON.parse(JSON.stringify(json)), 2)).toEqual({ netPrice, totalPrice, positionPrice, rawTotal, calculatedTaxes, taxRules, taxStatus });
  });
});

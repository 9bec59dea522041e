import { describe, expect, it } from 'vitest';
import { calculateLineItem } from '../../../../../src/platform/checkout/cart/calculation/calculated-price.js';
import { calculateCartTotals } from '../../../../../src/platform/checkout/cart/calculation/cart-totals.js';

describe('calculateCartTotals', () => {
  it('sums positions and shipping exactly and merges taxes per rate', () => {
    const items = [
      calculateLineItem({ unitPriceMinor: 1999, quantity: 3, taxRate: 19 }), // tax 958
      calculateLineItem({ unitPriceMinor: 1070, quantity: 1, taxRate: 7 }), // tax 70
      calculateLineItem({ unitPriceMinor: 500, quantity: 1, taxRate: 19 }), // tax 80
      calculateLineItem({ unitPriceMinor: 1000, quantity: 2, taxRate: 7.7 }), // tax 143
      calculateLineItem({ unitPriceMinor: 300, quantity: 1, taxRate: 0 }), // tax 0
    ];
    const totals = calculateCartTotals(items, { unitPrice: 499, taxRate: 19 }); // tax 80

    expect(totals.positionPrice).toBe(9867);
    expect(totals.shippingTotal).toBe(499);
    expect(totals.totalPrice).toBe(10366);
    expect(totals.amountTotal).toBe(10366);
    expect(totals.rawTotal).toBe(10366);
    expect(totals.taxStatus).toBe('gross');
    expect(totals.calculatedTaxes).toEqual([
      { tax: 1118, taxRate: 19, price: 6996 },
      { tax: 70, taxRate: 7, price: 1070 },
      { tax: 143, taxRate: 7.7, price: 2000 },
      { tax: 0, taxRate: 0, price: 300 },
    ]);
    expect(totals.netPrice).toBe(10366 - 1118 - 70 - 143);
    expect(totals.shippingCosts).toEqual({
      unitPrice: 499,
      totalPrice: 499,
      quantity: 1,
      calculatedTaxes: [{ tax: 80, taxRate: 19, price: 499 }],
      taxRules: [{ taxRate: 19, percentage: 100 }],
    });
    expect(totals.taxRules.map((rule) => rule.taxRate)).toEqual([19, 7, 7.7, 0]);
    expect(totals.taxRules[0].percentage).toBeCloseTo((6996 / 10366) * 100, 10);
    expect(totals.taxRules.reduce((acc, rule) => acc + rule.percentage, 0)).toBeCloseTo(100, 10);
  });

  it('merges a rate written differently (7.7 and "7.70") into one entry', () => {
    const items = [
      calculateLineItem({ unitPriceMinor: 1077, quantity: 1, taxRate: 7.7 }),
      calculateLineItem({ unitPriceMinor: 1077, quantity: 1, taxRate: '7.70' }),
    ];
    const totals = calculateCartTotals(items, { unitPrice: 0, taxRate: '7.7' });
    expect(totals.calculatedTaxes).toEqual([{ tax: 154, taxRate: 7.7, price: 2154 }]);
    expect(totals.netPrice).toBe(2000);
    expect(totals.taxRules).toEqual([{ taxRate: 7.7, percentage: 100 }]);
  });

  it('sums taxes per position, so a cart of three thirds keeps every rounded cent', () => {
    // three positions of 0.33 at 19%: 5.27 cents of tax each, rounded to 5; 15 in total, not round(99 * 19 / 119) = 16
    const third = calculateLineItem({ unitPriceMinor: 33, quantity: 1, taxRate: 19 });
    const totals = calculateCartTotals([third, third, third], { unitPrice: 0, taxRate: 19 });
    expect(totals.totalPrice).toBe(99);
    expect(totals.calculatedTaxes).toEqual([{ tax: 15, taxRate: 19, price: 99 }]);
    expect(totals.netPrice).toBe(84);
  });

  it('works for 0- and 3-decimal currencies', () => {
    const yen = calculateCartTotals([calculateLineItem({ unitPriceMinor: 1500, quantity: 2, taxRate: 10 })], { unitPrice: 500, taxRate: 10 });
    expect(yen).toMatchObject({ positionPrice: 3000, totalPrice: 3500, shippingTotal: 500 });
    // 3000 * 10/110 = 272.7 -> 273; 500 * 10/110 = 45.45 -> 45
    expect(yen.calculatedTaxes).toEqual([{ tax: 318, taxRate: 10, price: 3500 }]);
    expect(yen.netPrice).toBe(3182);

    const dinar = calculateCartTotals([calculateLineItem({ unitPriceMinor: 1234, quantity: 3, taxRate: 10 })], { unitPrice: 2500, taxRate: 10 });
    expect(dinar).toMatchObject({ positionPrice: 3702, totalPrice: 6202, shippingTotal: 2500 });
    // 336.545 -> 337 and 227.27 -> 227 thousandths
    expect(dinar.calculatedTaxes).toEqual([{ tax: 564, taxRate: 10, price: 6202 }]);
    expect(dinar.netPrice).toBe(5638);
  });

  it('adds the taxes on top of net positions and net shipping for a net cart', () => {
    const items = [
      calculateLineItem({ unitPriceMinor: 1999, quantity: 3, taxRate: 19, taxState: 'net' }), // 5997, tax 1139.43 -> 1139
      calculateLineItem({ unitPriceMinor: 1005, quantity: 1, taxRate: 7, taxState: 'net' }), // tax 70.35 -> 70
      calculateLineItem({ unitPriceMinor: 1000, quantity: 1, taxRate: 7.7, taxState: 'net' }), // tax 77
    ];
    expect(items[0]!.calculatedTaxes).toEqual([{ tax: 1139, taxRate: 19, price: 5997 }]);
    const totals = calculateCartTotals(items, { unitPrice: 419, taxRate: 19 }, 'net'); // tax 79.61 -> 80
    expect(totals).toMatchObject({ positionPrice: 8002, netPrice: 8421, shippingTotal: 419, taxStatus: 'net' });
    expect(totals.calculatedTaxes).toEqual([
      { tax: 1219, taxRate: 19, price: 6416 },
      { tax: 70, taxRate: 7, price: 1005 },
      { tax: 77, taxRate: 7.7, price: 1000 },
    ]);
    expect(totals.totalPrice).toBe(8421 + 1219 + 70 + 77);
    expect(totals.amountTotal).toBe(totals.totalPrice);
  });

  it('an empty cart with free shipping is all zeros', () => {
    const totals = calculateCartTotals([], { unitPrice: 0, taxRate: 19 });
    expect(totals).toMatchObject({ positionPrice: 0, totalPrice: 0, netPrice: 0, amountTotal: 0, shippingTotal: 0 });
    expect(totals.calculatedTaxes).toEqual([{ tax: 0, taxRate: 19, price: 0 }]);
    expect(totals.taxRules).toEqual([]);
  });
});

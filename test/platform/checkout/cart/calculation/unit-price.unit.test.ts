import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../../src/platform/errors/app-error.js';
import { resolveUnitPrice, type PriceCurrency } from '../../../../../src/platform/checkout/cart/calculation/unit-price.js';
import { calculateLineItem } from '../../../../../src/platform/checkout/cart/calculation/calculated-price.js';

const EUR: PriceCurrency = { id: 'b7d2554b0ce847cd82f3ac9bd1c0dfca', isoCode: 'EUR', decimals: 2, factor: 1 };
const USD: PriceCurrency = { id: '0190d3a1a2b47bd4a2a2a1c1d1e1f101', isoCode: 'USD', decimals: 2, factor: 1.1 };
const JPY: PriceCurrency = { id: '0190d3a1a2b47bd4a2a2a1c1d1e1f102', isoCode: 'JPY', decimals: 0, factor: 161.5 };
const KWD: PriceCurrency = { id: '0190d3a1a2b47bd4a2a2a1c1d1e1f103', isoCode: 'KWD', decimals: 3, factor: '0.3317' };

describe('resolveUnitPrice', () => {
  it("takes the currency's own entry; a linked net price follows the gross price", () => {
    const prices = [{ currencyId: EUR.id, gross: 19.99, net: 16.8, linked: true }];
    expect(resolveUnitPrice(prices, EUR, EUR.id, 19)).toEqual({ gross: 1999, net: 1680 }); // 1679.83
  });

  it('takes an unlinked net price as stored', () => {
    const prices = [{ currencyId: EUR.id, gross: 19.99, net: 17, linked: false }];
    expect(resolveUnitPrice(prices, EUR, EUR.id, 19)).toEqual({ gross: 1999, net: 1700 });
  });

  it("prefers the currency's own entry over converting the default one", () => {
    const prices = [
      { currencyId: EUR.id, gross: 19.99, net: 16.8, linked: true },
      { currencyId: USD.id, gross: 24.5, net: 20.59, linked: false },
    ];
    expect(resolveUnitPrice(prices, USD, EUR.id, 19)).toEqual({ gross: 2450, net: 2059 });
  });

  it("converts the default currency's entry with the factor, exactly, then rounds half-up", () => {
    const linked = [{ currencyId: EUR.id, gross: 19.99, net: 16.8, linked: true }];
    // 19.99 x 1.1 = 21.989
    expect(resolveUnitPrice(linked, USD, EUR.id, 19)).toEqual({ gross: 2199, net: 1848 });
    // 19.99 x 161.5 = 3228.385 yen
    expect(resolveUnitPrice(linked, JPY, EUR.id, 10)).toEqual({ gross: 3228, net: 2935 });
    // 19.99 x 0.3317 = 6.630683 KWD
    expect(resolveUnitPrice(linked, KWD, EUR.id, 5)).toEqual({ gross: 6631, net: 6315 });

    const unlinked = [{ currencyId: EUR.id, gross: 19.99, net: 15, linked: false }];
    expect(resolveUnitPrice(unlinked, USD, EUR.id, 19)).toEqual({ gross: 2199, net: 1650 });

    // 0.05 x 0.5 = 0.025: an exact half rounds up
    const half = [{ currencyId: EUR.id, gross: 0.05, net: 0.05, linked: false }];
    expect(resolveUnitPrice(half, { ...USD, factor: 0.5 }, EUR.id, 0)).toEqual({ gross: 3, net: 3 });
  });

  it('rounds the converted unit price before multiplying: 3 x 0.333... is 0.99', () => {
    const prices = [{ currencyId: EUR.id, gross: 1, net: 1, linked: true }];
    const third = { ...USD, factor: 1 / 3 };
    const unit = resolveUnitPrice(prices, third, EUR.id, 19);
    expect(unit).toEqual({ gross: 33, net: 28 });
    const line = calculateLineItem({ unitPriceMinor: unit.gross, quantity: 3, taxRate: 19 });
    expect(line.totalPrice).toBe(99);
    expect(line.calculatedTaxes).toEqual([{ tax: 16, taxRate: 19, price: 99 }]); // 15.81
  });

  it('fails with a 400 when neither the currency nor the default currency has a price', () => {
    const prices = [{ currencyId: USD.id, gross: 10, net: 8.4, linked: true }];
    let caught: unknown;
    try {
      resolveUnitPrice(prices, JPY, EUR.id, 19);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).status).toBe(400);
    expect((caught as AppError).code).toBe('CHECKOUT__CART_MISSING_LINE_ITEM_PRICE');
  });

  it('refuses a currency factor that is not a positive number', () => {
    const prices = [{ currencyId: EUR.id, gross: 10, net: 8.4, linked: true }];
    expect(() => resolveUnitPrice(prices, { ...USD, factor: 0 }, EUR.id, 19)).toThrow(RangeError);
    expect(() => resolveUnitPrice(prices, { ...USD, factor: Number.NaN }, EUR.id, 19)).toThrow(RangeError);
  });
});

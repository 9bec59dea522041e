import { describe, expect, it } from 'vitest';
import { derive } from '../../../src/extensions/demo-data/values/derive.js';
import {
  applyPriceFactor,
  charmPrice,
  discounted,
  divRoundHalfUp,
  formatMinor,
  netFromGross,
  snapDownToCharm,
  toMajor,
  toMinor,
} from '../../../src/extensions/demo-data/values/prices.js';

describe('demo-data prices', () => {
  it('converts between major and minor units exactly and refuses a third decimal', () => {
    expect(toMinor(12.99)).toBe(1299);
    expect(toMinor(0.07)).toBe(7);
    expect(toMinor(1234.5)).toBe(123450);
    expect(() => toMinor(1.005)).toThrow(/two decimals/);
    expect(toMajor(1299)).toBe(12.99);
    expect(formatMinor(1299)).toBe('12.99');
    expect(formatMinor(5)).toBe('0.05');
  });

  it('charm prices lie in the range and end in .99, .49 or (from 20.00) .00', () => {
    const endings = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const range = i % 2 ? { min: 2.49, max: 9.99 } : { min: 19, max: 189 };
      const price = charmPrice(derive(`product:x#${i}`, 'price'), range);
      expect(price).toBeGreaterThanOrEqual(toMinor(range.min));
      expect(price).toBeLessThanOrEqual(toMinor(range.max));
      const cents = price % 100;
      expect([99, 49, 0]).toContain(cents);
      if (cents === 0) expect(price).toBeGreaterThanOrEqual(2000);
      endings.add(cents);
    }
    expect([...endings].sort()).toEqual([0, 49, 99]);
  });

  it('a range too narrow for any charm ending gives its lower bound', () => {
    expect(charmPrice(derive('k', 'price'), { min: 2.1, max: 2.4 })).toBe(210);
  });

  it('is the same price for the same key, whatever was drawn before', () => {
    const a = charmPrice(derive('product:fresh/bakery/bread#2', 'price'), { min: 2.49, max: 7.99 });
    charmPrice(derive('product:fresh/bakery/bread#1', 'price'), { min: 2.49, max: 7.99 });
    expect(charmPrice(derive('product:fresh/bakery/bread#2', 'price'), { min: 2.49, max: 7.99 })).toBe(a);
  });

  it('net from gross rounds half up to the cent', () => {
    expect(netFromGross(1190, 19)).toBe(1000);
    expect(netFromGross(107, 7)).toBe(100);
    expect(netFromGross(1999, 19)).toBe(1680); // 16.798...
    expect(netFromGross(1999, 0)).toBe(1999);
    expect(netFromGross(1077, 7.7)).toBe(1000);
  });

  it('divides exactly with half-up rounding', () => {
    expect(divRoundHalfUp(5, 2)).toBe(3);
    expect(divRoundHalfUp(7, 2)).toBe(4);
    expect(divRoundHalfUp(4, 3)).toBe(1);
    expect(divRoundHalfUp(0, 3)).toBe(0);
    expect(divRoundHalfUp(2 ** 52 + 1, 2)).toBe(2 ** 51 + 1);
    expect(() => divRoundHalfUp(1, 0)).toThrow();
  });

  it('bulk discounts and price factors', () => {
    expect(discounted(1999, 5)).toBe(1899); // 18.9905
    expect(discounted(1000, 12.5)).toBe(875);
    expect(applyPriceFactor(4999, 0.72)).toBe(3599);
    expect(applyPriceFactor(4999, 0.92)).toBe(4599); // 45.9908
    expect(applyPriceFactor(2999, 0.92)).toBe(2749); // 27.5908
    expect(applyPriceFactor(4999, 1)).toBe(4999);
  });

  it('snaps down to the nearest charm ending', () => {
    expect(snapDownToCharm(3599)).toBe(3599);
    expect(snapDownToCharm(3560)).toBe(3549);
    expect(snapDownToCharm(3520)).toBe(3500);
    expect(snapDownToCharm(320)).toBe(299);
    expect(snapDownToCharm(30)).toBe(30);
  });
});

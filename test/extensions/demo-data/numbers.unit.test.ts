import { describe, expect, it } from 'vitest';
import { derive } from '../../../src/extensions/demo-data/values/derive.js';
import { customerNumber, demoEan, eanCheckDigit, leafCode, orderNumber, productNumber, variantNumber } from '../../../src/extensions/demo-data/values/numbers.js';

describe('demo numbers', () => {
  it('product, variant, customer and order numbers are readable and padded', () => {
    expect(productNumber('DEMO', 'FLG', 'KNI', 3)).toBe('DEMO-FLG-KNI-0003');
    expect(variantNumber('DEMO-FLG-KNI-0003', '15-cm')).toBe('DEMO-FLG-KNI-0003-15-CM');
    expect(customerNumber('DEMO', 'TRD', 7)).toBe('DEMO-TRD-C-0007');
    expect(orderNumber('DEMO', 'TRD', 12)).toBe('DEMO-TRD-O-00012');
  });

  it('a leaf code is its code, else the first three letters or digits of its key', () => {
    expect(leafCode({ key: 'knives' })).toBe('KNI');
    expect(leafCode({ key: 'oils-balms', code: 'OIB' })).toBe('OIB');
    expect(leafCode({ key: 'a-b-c-d' })).toBe('ABC');
  });

  it('EANs are valid EAN-13 from the in-store range 20-29', () => {
    expect(eanCheckDigit('400638133393')).toBe('1'); // a published example: 4006381333931
    for (let i = 0; i < 50; i++) {
      const ean = demoEan(derive(`product:x#${i}`, 'ean'));
      expect(ean).toMatch(/^2\d{12}$/);
      expect(ean.at(-1)).toBe(eanCheckDigit(ean.slice(0, 12)));
    }
  });
});

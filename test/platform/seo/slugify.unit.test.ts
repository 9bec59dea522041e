import { describe, expect, it } from 'vitest';
import { slugify } from '../../../src/platform/seo/slugify.js';

describe('slugify (a SEO path segment as Shopware writes it)', () => {
  it('keeps case, digits and dots and joins words with one dash', () => {
    expect(slugify('Main product')).toBe('Main-product');
    expect(slugify('SW10001')).toBe('SW10001');
    expect(slugify('Version 1.2 -- final!')).toBe('Version-1.2-final');
  });

  it('transliterates letters to ASCII and trims separators', () => {
    expect(slugify('  Süße Äpfel & Crème brûlée  ')).toBe('Susse-Apfel-Creme-brulee');
    expect(slugify("Men's <b>Shirts</b>")).toBe('Men-s-Shirts');
    expect(slugify('summer/sale 2026')).toBe('summer-sale-2026');
    expect(slugify('???')).toBe('');
  });
});

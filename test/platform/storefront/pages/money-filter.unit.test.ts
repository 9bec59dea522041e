import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TemplateViews } from '../../../../src/platform/storefront/http/template-views.js';
import { moneyFilter } from '../../../../src/platform/storefront/pages/money-filter.js';

const EUR = { isoCode: 'EUR', symbol: '€', decimals: 2 };
const KWD = { isoCode: 'KWD', symbol: 'KD', decimals: 3 };
const RWF = { isoCode: 'RWF', symbol: 'FRw', decimals: 0 };

function folderWith(files: Record<string, string>): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'views-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(folder, name), content);
  return folder;
}

describe('money filter', () => {
  it('prints minor units exactly in the currency', () => {
    expect(moneyFilter(1999, EUR)).toBe('€19.99');
    expect(moneyFilter(1234567, EUR)).toBe('€12,345.67');
    expect(moneyFilter(1500, KWD)).toBe('KD\u00a01.500');
    expect(moneyFilter(2500, RWF)).toBe('FRw\u00a02,500');
    expect(moneyFilter(-499, EUR)).toBe('-€4.99');
  });

  it('prints nothing for a value that is not an amount in minor units', () => {
    expect(moneyFilter(19.99, EUR)).toBe('');
    expect(moneyFilter(undefined as unknown as number, EUR)).toBe('');
  });

  it('works in templates, also after another template folder was added', async () => {
    const views = new TemplateViews(folderWith({ 'price.njk': '<b>{{ amount | money(currency) }}</b>' }));
    views.addFilter('money', moneyFilter);
    expect(await views.render('price.njk', { amount: 4990, currency: EUR })).toBe('<b>€49.90</b>');
    views.addFolder(folderWith({ 'other.njk': '{{ amount | money(currency) }}' }));
    expect(await views.render('other.njk', { amount: 5, currency: EUR })).toBe('€0.05');
    expect(() => views.addFilter('money', moneyFilter)).toThrow('already registered');
  });
});

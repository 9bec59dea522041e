import { describe, expect, it } from 'vitest';
import { effectiveTaxRate, type TaxRuleCandidate } from '../../../src/platform/system/tax-rule/tax-rule-selection.js';

const AT = 'a'.repeat(32);
const STATE = 'b'.repeat(32);
const rule = (type: TaxRuleCandidate['type'], taxRate: string, data: TaxRuleCandidate['data'] = null, activeFrom: string | null = null): TaxRuleCandidate => ({
  type,
  position: { zip_code: 1, zip_code_range: 2, individual_states: 3, entire_country: 4 }[type],
  taxRate,
  data,
  activeFrom,
});
const at = (zipcode: string | null = null, countryStateId: string | null = null) => ({ countryId: AT, countryStateId, zipcode });

/** Which rate applies at a shipping location: the most specific matching, active rule, else the tax's own. */
describe('effectiveTaxRate', () => {
  const rules = [
    rule('entire_country', '20'),
    rule('individual_states', '12', { states: [STATE] }),
    rule('zip_code_range', '10', { fromZipCode: '1000', toZipCode: '1999' }),
    rule('zip_code', '5', { zipCode: '1010' }),
  ];

  it('takes the zip code over the zip range over the state over the entire country', () => {
    expect(effectiveTaxRate('19', rules, at('1010', STATE))).toBe('5');
    expect(effectiveTaxRate('19', rules, at('1020', STATE))).toBe('10');
    expect(effectiveTaxRate('19', rules, at('2000', STATE))).toBe('12');
    expect(effectiveTaxRate('19', rules, at('2000'))).toBe('20');
    expect(effectiveTaxRate('19', rules, at())).toBe('20');
  });

  it("keeps the tax's own rate when no rule matches", () => {
    expect(effectiveTaxRate('19', null, at('1010'))).toBe('19');
    expect(effectiveTaxRate('19', [rule('zip_code', '5', { zipCode: '1010' })], at('1011'))).toBe('19');
  });

  it('compares numeric zip codes as numbers and others by characters', () => {
    const range = [rule('zip_code_range', '10', { fromZipCode: '900', toZipCode: '1100' })];
    expect(effectiveTaxRate('19', range, at('1010'))).toBe('10');
    expect(effectiveTaxRate('19', range, at('1200'))).toBe('19');
    const letters = [rule('zip_code_range', '10', { fromZipCode: 'SW1A', toZipCode: 'SW9Z' })];
    expect(effectiveTaxRate('19', letters, at('SW2B'))).toBe('10');
    expect(effectiveTaxRate('19', letters, at('W1A'))).toBe('19');
  });

  it('ignores rules not active yet and prefers the latest activated of one type', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const dated = [rule('entire_country', '20', null, '2026-01-01T00:00:00Z'), rule('entire_country', '22', null, '2026-03-01T00:00:00Z'), rule('entire_country', '25', null, '2027-01-01T00:00:00Z')];
    expect(effectiveTaxRate('19', dated, at(), now)).toBe('22');
    expect(effectiveTaxRate('19', [dated[2]!], at(), now)).toBe('19');
  });
});

import { sql, type RawBuilder } from 'kysely';
import type { TaxRuleTypeName } from './tax-rule-types.js';

/** Where the goods go: the shipping address, else the context's country. Tax rules are chosen by it. */
export interface TaxLocation {
  countryId: string;
  countryStateId: string | null;
  zipcode: string | null;
}

/** A tax rule of one tax for the location's country, as `taxRulesJsonSql` reads it. */
export interface TaxRuleCandidate {
  type: TaxRuleTypeName;
  position: number;
  /** Exact decimal string ("7.000"). */
  taxRate: string;
  data: { states?: string[]; zipCode?: string | null; fromZipCode?: string | null; toZipCode?: string | null } | null;
  activeFrom: string | null;
}

/**
 * The rules of the tax `taxId` (an SQL expression) for `countryId` as a JSON array (null when none), to
 * ride on the statement that reads the tax, so prices cost no extra round trip.
 */
export function taxRulesJsonSql(taxId: RawBuilder<unknown>, countryId: string): RawBuilder<TaxRuleCandidate[] | null> {
  return sql<TaxRuleCandidate[] | null>`(SELECT json_agg(json_build_object('type', tt.technical_name, 'position', tt.position,
      'taxRate', tr.tax_rate::text, 'data', tr.data, 'activeFrom', tr.active_from))
    FROM tax_rule tr JOIN tax_rule_type tt ON tt.id = tr.tax_rule_type_id
    WHERE tr.tax_id = ${taxId} AND tr.country_id = ${countryId})`;
}

/**
 * The rate that applies at `location`, as Shopware's tax detection picks it: of the rules that match
 * the location and are active, the most specific type wins (zip code, then zip code range, then states,
 * then the entire country), among rules of one type the one activated last; the tax's own rate when
 * none matches. The candidates are those of the location's country already.
 */
export function effectiveTaxRate(baseRate: string, candidates: readonly TaxRuleCandidate[] | null, location: TaxLocation, now: Date = new Date()): string {
  const matching = (candidates ?? []).filter((rule) => isActive(rule, now) && matches(rule, location));
  matching.sort((a, b) => a.position - b.position || activeFromTime(b) - activeFromTime(a));
  return matching[0]?.taxRate ?? baseRate;
}

function matches(rule: TaxRuleCandidate, location: TaxLocation): boolean {
  const zipcode = location.zipcode?.trim() ?? '';
  switch (rule.type) {
    case 'entire_country':
      return true;
    case 'individual_states':
      return location.countryStateId !== null && (rule.data?.states ?? []).some((id) => id.toLowerCase() === location.countryStateId);
    case 'zip_code':
      return zipcode !== '' && rule.data?.zipCode?.trim() === zipcode;
    case 'zip_code_range': {
      const from = rule.data?.fromZipCode?.trim();
      const to = rule.data?.toZipCode?.trim();
      return zipcode !== '' && !!from && !!to && compareZipcodes(zipcode, from) >= 0 && compareZipcodes(zipcode, to) <= 0;
    }
  }
}

const NUMERIC = /^\d+$/;

/** Numerically when both are digits only (so "900" < "1010"), else by characters, as Shopware's PHP comparison does. */
function compareZipcodes(a: string, b: string): number {
  if (NUMERIC.test(a) && NUMERIC.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

function isActive(rule: TaxRuleCandidate, now: Date): boolean {
  return rule.activeFrom === null || activeFromTime(rule) <= now.getTime();
}

function activeFromTime(rule: TaxRuleCandidate): number {
  return rule.activeFrom === null ? 0 : new Date(rule.activeFrom).getTime();
}

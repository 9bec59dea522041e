/**
 * Shopware's tax rule types, most specific first: a rule of a lower `position` wins over one of a higher
 * position for the same tax and country. The matcher (tax-rule-selection.ts) knows each of them, so
 * they are fixed data, seeded with the table and read-only through the API.
 */
export const TAX_RULE_TYPES = [
  { technicalName: 'zip_code', typeName: 'Zip Code', position: 1 },
  { technicalName: 'zip_code_range', typeName: 'Zip Code Range', position: 2 },
  { technicalName: 'individual_states', typeName: 'Individual States', position: 3 },
  { technicalName: 'entire_country', typeName: 'Entire Country', position: 4 },
] as const;

export type TaxRuleTypeName = (typeof TAX_RULE_TYPES)[number]['technicalName'];

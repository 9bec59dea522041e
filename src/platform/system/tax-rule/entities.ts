import type { EntityDefinition } from '../../entities/definition.js';
import { isId } from '../../ids.js';
import { isPlainObject } from '../../util/is-plain-object.js';

const DATA_KEYS = new Set(['states', 'zipCode', 'fromZipCode', 'toZipCode']);

/** The shape of `data` whatever the type; whether it fits the rule's type is checked after the write (tax-rule-data-check.ts). */
function checkRuleData(value: unknown): string | undefined {
  if (!isPlainObject(value)) return 'must be an object';
  for (const [key, entry] of Object.entries(value)) {
    if (!DATA_KEYS.has(key)) return `has an unknown key "${key}" (allowed: states, zipCode, fromZipCode, toZipCode)`;
    if (key === 'states') {
      if (!Array.isArray(entry) || !entry.every((id) => typeof id === 'string' && isId(id.toLowerCase()))) return 'must list country state ids in "states"';
    } else if (entry !== null && typeof entry !== 'string') return `must hold a string in "${key}"`;
  }
  return undefined;
}

export const taxRuleTypeEntity: EntityDefinition = {
  name: 'tax_rule_type',
  readOnlyEntity: true,
  fields: {
    technicalName: { type: 'string', required: true, maxLength: 255, searchable: true },
    typeName: { type: 'string', required: true, maxLength: 255, searchable: true },
    position: { type: 'int', required: true },
  },
  associations: { rules: { type: 'one-to-many', entity: 'tax_rule', foreignKey: 'taxRuleTypeId' } },
  defaultSort: [{ field: 'position', order: 'ASC' }],
};

export const taxRuleEntity: EntityDefinition = {
  name: 'tax_rule',
  fields: {
    taxRuleTypeId: { type: 'id', required: true },
    countryId: { type: 'id', required: true },
    taxId: { type: 'id', required: true },
    taxRate: {
      type: 'float',
      required: true,
      validate: (v) => (typeof v === 'number' && v >= 0 && v < 100 ? undefined : 'must be at least 0 and below 100'),
    },
    /** `states` (ids of the country's states), `zipCode`, or `fromZipCode` and `toZipCode`, as the type needs. */
    data: { type: 'json', validate: checkRuleData },
    /** The rule applies from this moment on; null: always. */
    activeFrom: { type: 'datetime' },
  },
  associations: {
    type: { type: 'many-to-one', entity: 'tax_rule_type', foreignKey: 'taxRuleTypeId' },
    country: { type: 'many-to-one', entity: 'country', foreignKey: 'countryId' },
    tax: { type: 'many-to-one', entity: 'tax', foreignKey: 'taxId' },
  },
};

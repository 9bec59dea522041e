import type { EntityDefinition } from '../entities/definition.js';

const ISO_CODE = /^[A-Z]{3}$/;
const COUNTRY_ISO = /^[A-Z]{2}$/;

export const languageEntity: EntityDefinition = {
  name: 'language',
  fields: {
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    localeCode: { type: 'string', maxLength: 16, default: 'en-GB' },
  },
};

export const currencyEntity: EntityDefinition = {
  name: 'currency',
  fields: {
    isoCode: {
      type: 'string',
      required: true,
      maxLength: 3,
      searchable: true,
      validate: (v) => (typeof v === 'string' && ISO_CODE.test(v) ? undefined : 'must be three upper-case letters (ISO 4217)'),
    },
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    shortName: { type: 'string', maxLength: 255 },
    symbol: { type: 'string', required: true, maxLength: 16 },
    /** Exchange rate to the default currency (EUR): amount in this currency = amount in EUR × factor. */
    factor: { type: 'float', default: 1, validate: (v) => (typeof v === 'number' && v > 0 ? undefined : 'must be greater than 0') },
    /** Minor-unit digits: 0 for RWF and UGX, 3 for KWD, 2 for most. */
    decimals: { type: 'int', required: true, validate: (v) => (typeof v === 'number' && v >= 0 && v <= 4 ? undefined : 'must be between 0 and 4') },
    position: { type: 'int', default: 1 },
  },
};

export const countryEntity: EntityDefinition = {
  name: 'country',
  fields: {
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    iso: {
      type: 'string',
      required: true,
      maxLength: 2,
      searchable: true,
      validate: (v) => (typeof v === 'string' && COUNTRY_ISO.test(v) ? undefined : 'must be two upper-case letters (ISO 3166-1)'),
    },
    iso3: { type: 'string', maxLength: 3 },
    active: { type: 'bool', default: true },
    shippingAvailable: { type: 'bool', default: true },
    position: { type: 'int', default: 1 },
  },
  associations: { states: { type: 'one-to-many', entity: 'country_state', foreignKey: 'countryId', cascadeDelete: true } },
};

export const taxEntity: EntityDefinition = {
  name: 'tax',
  fields: {
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    taxRate: {
      type: 'float',
      required: true,
      validate: (v) => (typeof v === 'number' && v >= 0 && v < 100 ? undefined : 'must be at least 0 and below 100'),
    },
    position: { type: 'int', default: 1 },
  },
  /** Other rates per country, state or zip code (tax-rule/). */
  associations: { rules: { type: 'one-to-many', entity: 'tax_rule', foreignKey: 'taxId', cascadeDelete: true } },
};

export const ruleEntity: EntityDefinition = {
  name: 'rule',
  fields: {
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    priority: { type: 'int', default: 1 },
    description: { type: 'text' },
    /** The rule's condition tree as stored data; src/platform/rule/ evaluates the few condition types docs/limits.md names. */
    conditions: { type: 'json' },
    invalid: { type: 'bool', default: false },
  },
};

export const customerGroupEntity: EntityDefinition = {
  name: 'customer_group',
  fields: {
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    displayGross: { type: 'bool', default: true },
    /** Shoppers may register into the group in `registrationSalesChannels` (Store API `customer-group-registration/config/{id}`). */
    registrationActive: { type: 'bool', default: false },
    registrationTitle: { type: 'string', maxLength: 255 },
    registrationIntroduction: { type: 'text' },
    registrationOnlyCompanyRegistration: { type: 'bool', default: false },
    registrationSeoMetaDescription: { type: 'text' },
  },
  associations: {
    registrationSalesChannels: {
      type: 'many-to-many',
      entity: 'sales_channel',
      mappingTable: 'customer_group_registration_sales_channels',
      localColumn: 'customer_group_id',
      referenceColumn: 'sales_channel_id',
    },
  },
};

export const salutationEntity: EntityDefinition = {
  name: 'salutation',
  fields: {
    salutationKey: { type: 'string', required: true, maxLength: 255, searchable: true },
    displayName: { type: 'string', required: true, maxLength: 255, searchable: true },
    letterName: { type: 'string', required: true, maxLength: 255 },
    position: { type: 'int', default: 1 },
  },
  defaultSort: [{ field: 'position', order: 'ASC' }],
};

export const countryStateEntity: EntityDefinition = {
  name: 'country_state',
  fields: {
    countryId: { type: 'id', required: true },
    /** ISO 3166-2, e.g. `DE-BE`. */
    shortCode: { type: 'string', required: true, maxLength: 255, searchable: true },
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    position: { type: 'int', default: 1 },
    active: { type: 'bool', default: true },
  },
  associations: { country: { type: 'many-to-one', entity: 'country', foreignKey: 'countryId' } },
};

export const numberRangeEntity: EntityDefinition = {
  name: 'number_range',
  fields: {
    name: { type: 'string', required: true, maxLength: 255 },
    /** What the range numbers: `order`, `customer`. */
    technicalName: { type: 'string', required: true, maxLength: 255 },
    /** `{n}` is replaced by the number, e.g. `SW{n}`. */
    pattern: {
      type: 'string',
      default: '{n}',
      maxLength: 255,
      validate: (v) => (typeof v === 'string' && v.includes('{n}') ? undefined : 'must contain "{n}"'),
    },
    start: { type: 'int', default: 10000 },
  },
};

export const systemEntities = [languageEntity, currencyEntity, countryEntity, countryStateEntity, taxEntity, ruleEntity, customerGroupEntity, numberRangeEntity, salutationEntity];

import type { EntityDefinition } from '../entities/definition.js';

/** Shopware's sales channel type ids (`Defaults`). */
export const SALES_CHANNEL_TYPE_STOREFRONT = '8a243080f92e4c719546314b577cf82b';
export const SALES_CHANNEL_TYPE_API = 'f183ee5650cf4bdb8a774337575067a6';

const ACCESS_KEY = /^SWSC[A-Z0-9]{16,}$/;

export const salesChannelEntity: EntityDefinition = {
  name: 'sales_channel',
  fields: {
    typeId: {
      type: 'id',
      required: true,
      validate: (v) =>
        v === SALES_CHANNEL_TYPE_STOREFRONT || v === SALES_CHANNEL_TYPE_API
          ? undefined
          : `must be the storefront (${SALES_CHANNEL_TYPE_STOREFRONT}) or headless (${SALES_CHANNEL_TYPE_API}) type`,
    },
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    shortName: { type: 'string', maxLength: 255 },
    /** `sw-access-key` of the Store API. */
    accessKey: {
      type: 'string',
      required: true,
      maxLength: 255,
      validate: (v) => (typeof v === 'string' && ACCESS_KEY.test(v) ? undefined : 'must be "SWSC" followed by at least 16 upper-case letters or digits'),
    },
    languageId: { type: 'id', required: true },
    currencyId: { type: 'id', required: true },
    paymentMethodId: { type: 'id', required: true },
    shippingMethodId: { type: 'id', required: true },
    countryId: { type: 'id', required: true },
    customerGroupId: { type: 'id', required: true },
    navigationCategoryId: { type: 'id', required: true },
    /** Roots of the footer and service navigations (Store API `footer-navigation`, `service-navigation`). */
    footerCategoryId: { type: 'id' },
    serviceCategoryId: { type: 'id' },
    active: { type: 'bool', default: true },
    maintenance: { type: 'bool', default: false },
    configuration: { type: 'json' },
  },
  associations: {
    language: { type: 'many-to-one', entity: 'language', foreignKey: 'languageId' },
    currency: { type: 'many-to-one', entity: 'currency', foreignKey: 'currencyId' },
    paymentMethod: { type: 'many-to-one', entity: 'payment_method', foreignKey: 'paymentMethodId' },
    shippingMethod: { type: 'many-to-one', entity: 'shipping_method', foreignKey: 'shippingMethodId' },
    country: { type: 'many-to-one', entity: 'country', foreignKey: 'countryId' },
    customerGroup: { type: 'many-to-one', entity: 'customer_group', foreignKey: 'customerGroupId' },
    navigationCategory: { type: 'many-to-one', entity: 'category', foreignKey: 'navigationCategoryId' },
    footerCategory: { type: 'many-to-one', entity: 'category', foreignKey: 'footerCategoryId' },
    serviceCategory: { type: 'many-to-one', entity: 'category', foreignKey: 'serviceCategoryId' },
    domains: { type: 'one-to-many', entity: 'sales_channel_domain', foreignKey: 'salesChannelId', cascadeDelete: true },
    languages: { type: 'many-to-many', entity: 'language', mappingTable: 'sales_channel_language', localColumn: 'sales_channel_id', referenceColumn: 'language_id' },
    currencies: { type: 'many-to-many', entity: 'currency', mappingTable: 'sales_channel_currency', localColumn: 'sales_channel_id', referenceColumn: 'currency_id' },
    countries: { type: 'many-to-many', entity: 'country', mappingTable: 'sales_channel_country', localColumn: 'sales_channel_id', referenceColumn: 'country_id' },
    paymentMethods: {
      type: 'many-to-many',
      entity: 'payment_method',
      mappingTable: 'sales_channel_payment_method',
      localColumn: 'sales_channel_id',
      referenceColumn: 'payment_method_id',
    },
    shippingMethods: {
      type: 'many-to-many',
      entity: 'shipping_method',
      mappingTable: 'sales_channel_shipping_method',
      localColumn: 'sales_channel_id',
      referenceColumn: 'shipping_method_id',
    },
  },
};

export const salesChannelDomainEntity: EntityDefinition = {
  name: 'sales_channel_domain',
  fields: {
    salesChannelId: { type: 'id', required: true },
    url: {
      type: 'string',
      required: true,
      maxLength: 255,
      validate: (v) => (typeof v === 'string' && /^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(v) ? undefined : 'must be an http(s) URL'),
    },
    languageId: { type: 'id', required: true },
    currencyId: { type: 'id', required: true },
  },
  associations: {
    salesChannel: { type: 'many-to-one', entity: 'sales_channel', foreignKey: 'salesChannelId' },
    language: { type: 'many-to-one', entity: 'language', foreignKey: 'languageId' },
    currency: { type: 'many-to-one', entity: 'currency', foreignKey: 'currencyId' },
  },
};

export const salesChannelEntities = [salesChannelEntity, salesChannelDomainEntity];

import { ADDRESS_FIELDS } from './address-fields.js';
import type { EntityDefinition } from '../entities/definition.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const customerEntity: EntityDefinition = {
  name: 'customer',
  fields: {
    groupId: { type: 'id', required: true },
    salesChannelId: { type: 'id', required: true },
    languageId: { type: 'id', required: true },
    defaultPaymentMethodId: { type: 'id' },
    defaultBillingAddressId: { type: 'id' },
    defaultShippingAddressId: { type: 'id' },
    customerNumber: { type: 'string', required: true, maxLength: 255, searchable: true },
    firstName: { type: 'string', required: true, maxLength: 255, searchable: true },
    lastName: { type: 'string', required: true, maxLength: 255, searchable: true },
    email: {
      type: 'string',
      required: true,
      maxLength: 254,
      searchable: true,
      validate: (v) => (typeof v === 'string' && EMAIL.test(v) ? undefined : 'must be an e-mail address'),
    },
    password: { type: 'password' },
    title: { type: 'string', maxLength: 100 },
    company: { type: 'string', maxLength: 255 },
    birthday: { type: 'string', validate: (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? undefined : 'must be a date (YYYY-MM-DD)') },
    active: { type: 'bool', default: true },
    guest: { type: 'bool', default: false },
    firstLogin: { type: 'datetime', readOnly: true },
    lastLogin: { type: 'datetime', readOnly: true },
    /** Registered in a sales channel with double opt-in: inactive until the mailed link is opened. */
    doubleOptInRegistration: { type: 'bool', readOnly: true },
    doubleOptInEmailSentDate: { type: 'datetime', readOnly: true },
    doubleOptInConfirmDate: { type: 'datetime', readOnly: true },
  },
  associations: {
    group: { type: 'many-to-one', entity: 'customer_group', foreignKey: 'groupId' },
    salesChannel: { type: 'many-to-one', entity: 'sales_channel', foreignKey: 'salesChannelId' },
    language: { type: 'many-to-one', entity: 'language', foreignKey: 'languageId' },
    defaultPaymentMethod: { type: 'many-to-one', entity: 'payment_method', foreignKey: 'defaultPaymentMethodId' },
    defaultBillingAddress: { type: 'many-to-one', entity: 'customer_address', foreignKey: 'defaultBillingAddressId' },
    defaultShippingAddress: { type: 'many-to-one', entity: 'customer_address', foreignKey: 'defaultShippingAddressId' },
    addresses: { type: 'one-to-many', entity: 'customer_address', foreignKey: 'customerId', cascadeDelete: true },
  },
};

export const customerAddressEntity: EntityDefinition = {
  name: 'customer_address',
  fields: {
    customerId: { type: 'id', required: true },
    ...ADDRESS_FIELDS,
  },
  associations: {
    customer: { type: 'many-to-one', entity: 'customer', foreignKey: 'customerId' },
    country: { type: 'many-to-one', entity: 'country', foreignKey: 'countryId' },
  },
};

export const customerEntities = [customerEntity, customerAddressEntity];

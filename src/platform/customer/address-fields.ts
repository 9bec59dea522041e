import type { FieldDefinition } from '../entities/definition.js';

/** What an address holds; customer addresses and the order's copies of them share it. */
export const ADDRESS_FIELDS: Record<string, FieldDefinition> = {
  countryId: { type: 'id', required: true },
  firstName: { type: 'string', required: true, maxLength: 255 },
  lastName: { type: 'string', required: true, maxLength: 255 },
  street: { type: 'string', required: true, maxLength: 255 },
  zipcode: { type: 'string', maxLength: 50 },
  city: { type: 'string', required: true, maxLength: 255 },
  company: { type: 'string', maxLength: 255 },
  phoneNumber: { type: 'string', maxLength: 40 },
  additionalAddressLine1: { type: 'string', maxLength: 255 },
};

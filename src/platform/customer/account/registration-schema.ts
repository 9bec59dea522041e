import { Type } from '@sinclair/typebox';
import { documentedOnly } from '../../http/schemas/index.js';
import { PASSWORD_MIN_LENGTH } from './registration-input.js';

const Address = Type.Object({
  firstName: Type.Optional(Type.String({ maxLength: 255, description: 'Default: the customer\'s.' })),
  lastName: Type.Optional(Type.String({ maxLength: 255, description: 'Default: the customer\'s.' })),
  street: Type.String({ maxLength: 255 }),
  zipcode: Type.Optional(Type.String({ maxLength: 50 })),
  city: Type.String({ maxLength: 255 }),
  countryId: Type.String({ description: 'A country of the sales channel.' }),
  company: Type.Optional(Type.String({ maxLength: 255 })),
  phoneNumber: Type.Optional(Type.String({ maxLength: 40 })),
  additionalAddressLine1: Type.Optional(Type.String({ maxLength: 255 })),
});

/**
 * The body of `POST /store-api/account/register`, as parseRegistration (registration-input.ts) reads
 * it. Documentation: that parser reports every problem as a Shopware violation (`VIOLATION::IS_BLANK_ERROR`
 * at `/billingAddress/street`), which a schema check could not.
 */
export const RegistrationBody = documentedOnly(
  Type.Object({
    email: Type.String({ maxLength: 254 }),
    password: Type.Optional(Type.String({ minLength: PASSWORD_MIN_LENGTH, description: 'Required unless `guest`.' })),
    firstName: Type.String({ maxLength: 255 }),
    lastName: Type.String({ maxLength: 255 }),
    guest: Type.Optional(Type.Boolean({ description: 'An account without password for one checkout; it cannot log in.' })),
    storefrontUrl: Type.Optional(Type.String({ maxLength: 255 })),
    billingAddress: Address,
    shippingAddress: Type.Optional(Type.Object(Address.properties, { nullable: true, description: 'Absent or null: ship to the billing address.' })),
  }),
);

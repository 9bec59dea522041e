import type { AppError } from '../../errors/app-error.js';
import { violations } from './violations.js';

/** Shopware's minimum customer password length (`core.loginRegistration.passwordMinLength`). */
export const PASSWORD_MIN_LENGTH = 8;
// scrypt cost grows with the input: a cap keeps a huge "password" from tying up a worker
const PASSWORD_MAX_LENGTH = 4096;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface RegistrationAddress {
  /** Defaults to the customer's name. */
  firstName: string;
  lastName: string;
  street: string;
  zipcode: string | null;
  city: string;
  countryId: string;
  company: string | null;
  phoneNumber: string | null;
  additionalAddressLine1: string | null;
}

/** A registration after the shape checks (request body of `POST /store-api/account/register`). */
export interface RegistrationInput {
  email: string;
  /** Null for guests: a guest account has no password and cannot log in. */
  password: string | null;
  firstName: string;
  lastName: string;
  guest: boolean;
  storefrontUrl: string | null;
  billingAddress: RegistrationAddress;
  /** Null: ship to the billing address. */
  shippingAddress: RegistrationAddress | null;
}

/**
 * Reads a registration body and reports every shape problem (blank, wrong type, too short or long,
 * e-mail format) with its pointer. Where a value is invalid the input holds `''`; callers must not
 * use the input when `found` is not empty. Unknown keys are ignored.
 */
export function parseRegistration(body: Record<string, unknown>): { input: RegistrationInput; found: AppError[] } {
  const read = new FieldReader();
  const email = read.text(body, 'email', '/email', { required: true, max: 254 });
  if (email && !EMAIL_PATTERN.test(email)) read.found.push(violations.invalidEmail('/email'));
  const guest = read.flag(body, 'guest', '/guest');
  const password = guest
    ? null
    : read.text(body, 'password', '/password', { required: true, min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, trim: false });
  const firstName = read.text(body, 'firstName', '/firstName', { required: true, max: 255 });
  const lastName = read.text(body, 'lastName', '/lastName', { required: true, max: 255 });
  const storefrontUrl = read.text(body, 'storefrontUrl', '/storefrontUrl', { max: 255 });
  const names = { firstName: firstName ?? '', lastName: lastName ?? '' };
  // a missing billing address is reported field by field, so a form can mark each of them
  const billingAddress = read.address(body.billingAddress ?? {}, '/billingAddress', names);
  const shippingAddress = body.shippingAddress === undefined || body.shippingAddress === null ? null : (read.address(body.shippingAddress, '/shippingAddress', names) ?? null);
  return {
    input: {
      email: email ?? '',
      password: password ?? (guest ? null : ''),
      firstName: names.firstName,
      lastName: names.lastName,
      guest,
      storefrontUrl: storefrontUrl ?? null,
      billingAddress: billingAddress ?? emptyAddress(),
      shippingAddress,
    },
    found: read.found,
  };
}

/**
 * Reads one address body (an address book entry: `POST /account/address`, `PATCH /account/address/{id}`)
 * with the registration's rules; the names are required here, as there is no customer name to fall back on.
 */
export function parseAddressBody(body: unknown): { input: RegistrationAddress; found: AppError[] } {
  const read = new FieldReader();
  const source = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const firstName = read.text(source, 'firstName', '/firstName', { required: true, max: 255 }) ?? '';
  const lastName = read.text(source, 'lastName', '/lastName', { required: true, max: 255 }) ?? '';
  // the names were read above (required); the address takes them as its fallback
  const input = read.address({ ...source, firstName: undefined, lastName: undefined }, '', { firstName, lastName }) ?? emptyAddress();
  return { input, found: read.found };
}

class FieldReader {
  readonly found: AppError[] = [];

  /** A string field; `''` after trimming counts as absent. Returns undefined when absent or invalid. */
  text(
    source: Record<string, unknown>,
    key: string,
    pointer: string,
    rules: { required?: boolean; min?: number; max: number; trim?: boolean },
  ): string | undefined {
    const value = source[key];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      this.found.push(violations.invalidType(pointer, 'string'));
      return undefined;
    }
    // nobody types a NUL character; the database refuses it in text with an error (a 500)
    if (typeof value === 'string' && value.includes('\u0000')) {
      this.found.push(violations.invalidCharacters(pointer));
      return undefined;
    }
    const text = rules.trim === false ? (value ?? '') : (value ?? '').trim();
    if (text === '') {
      if (rules.required) this.found.push(violations.blank(pointer));
      return undefined;
    }
    if (rules.min !== undefined && text.length < rules.min) {
      this.found.push(violations.tooShort(pointer, rules.min));
      return undefined;
    }
    if (text.length > rules.max) {
      this.found.push(violations.tooLong(pointer, rules.max));
      return undefined;
    }
    return text;
  }

  flag(source: Record<string, unknown>, key: string, pointer: string): boolean {
    const value = source[key];
    if (value === undefined || value === null) return false;
    if (typeof value === 'boolean') return value;
    this.found.push(violations.invalidType(pointer, 'bool'));
    return false;
  }

  address(value: unknown, pointer: string, names: { firstName: string; lastName: string }): RegistrationAddress | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.found.push(violations.invalidType(pointer, 'object'));
      return undefined;
    }
    const source = value as Record<string, unknown>;
    const optional = (key: string, max: number) => this.text(source, key, `${pointer}/${key}`, { max }) ?? null;
    return {
      firstName: this.text(source, 'firstName', `${pointer}/firstName`, { max: 255 }) ?? names.firstName,
      lastName: this.text(source, 'lastName', `${pointer}/lastName`, { max: 255 }) ?? names.lastName,
      street: this.text(source, 'street', `${pointer}/street`, { required: true, max: 255 }) ?? '',
      zipcode: optional('zipcode', 50),
      city: this.text(source, 'city', `${pointer}/city`, { required: true, max: 255 }) ?? '',
      countryId: this.text(source, 'countryId', `${pointer}/countryId`, { required: true, max: 64 }) ?? '',
      company: optional('company', 255),
      phoneNumber: optional('phoneNumber', 40),
      additionalAddressLine1: optional('additionalAddressLine1', 255),
    };
  }
}

function emptyAddress(): RegistrationAddress {
  return { firstName: '', lastName: '', street: '', zipcode: null, city: '', countryId: '', company: null, phoneNumber: null, additionalAddressLine1: null };
}

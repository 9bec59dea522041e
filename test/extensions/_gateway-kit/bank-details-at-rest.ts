import { expect } from 'vitest';
import { SecretBox } from '../../../src/platform/security/secret-box.js';
import type { TestPlatform } from '../../helpers/test-platform.js';

/** The customer's custom fields as the row holds them, nothing opened. */
export async function rawCustomFieldsOf(t: TestPlatform, customerId: string): Promise<Record<string, unknown>> {
  const row = await t.platform.db.selectFrom('customer').select('custom_fields').where('id', '=', customerId).executeTakeFirstOrThrow();
  return (row.custom_fields as Record<string, unknown> | null) ?? {};
}

/**
 * The customer's custom fields as stored, with the secret ones (account numbers, BVNs) opened: each one
 * stored must be sealed, never in clear (the assertion fails otherwise).
 */
export async function storedCustomFieldsOf(t: TestPlatform, customerId: string): Promise<Record<string, unknown>> {
  const raw = await rawCustomFieldsOf(t, customerId);
  const opened: Record<string, unknown> = { ...raw };
  for (const name of t.platform.secretCustomFields.namesOf('customer')) {
    const value = raw[name];
    if (value === undefined || value === null) continue;
    expect(typeof value === 'string' && SecretBox.isSealed(value), `${name} is stored sealed`).toBe(true);
    opened[name] = t.platform.secrets.decrypt(value as string);
  }
  return opened;
}

/** A sealed value opened (a session's verification record keeps the account number sealed). */
export function openedSecret(t: TestPlatform, value: unknown): string {
  expect(typeof value === 'string' && SecretBox.isSealed(value), 'stored sealed').toBe(true);
  return t.platform.secrets.decrypt(value as string);
}

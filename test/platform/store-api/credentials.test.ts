import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { verifyPassword } from '../../../src/platform/security/password.js';
import { newId } from '../../../src/platform/ids.js';
import { LANGUAGE_SYSTEM } from '../../../src/platform/first-start/default-ids.js';
import { DEFAULT_TEST_PASSWORD, startStoreApiTest, type StoreApiClient } from './store-api-client.js';

describe('Store API password and e-mail change', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => ({ t, client } = await startStoreApiTest()));
  afterAll(() => t.close());

  const customerRow = (id: string) => t.platform.db.selectFrom('customer').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const codes = (body: { errors: Array<{ code: string; source?: { pointer?: string } }> }) => body.errors.map((e) => [e.source?.pointer, e.code]);
  const passwordBody = (current: string) => ({ password: current, newPassword: 'new-password-77', newPasswordConfirm: 'new-password-77' });

  it('changes the password, ends the other sessions and answers with a new context token', async () => {
    const account = await client.registerCustomerAccount();
    const other = await client.login(account.email, account.password);
    const bystander = await client.registerCustomerAccount();
    const before = await customerRow(bystander.customer.id);

    const response = await client.storeApi('POST', '/store-api/account/change-password', { token: account.token, body: passwordBody(account.password) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const newToken = response.headers['sw-context-token'] as string;
    expect(newToken).toMatch(/^[0-9a-f]{32}$/);
    expect(newToken).not.toBe(account.token);

    expect(await verifyPassword('new-password-77', (await customerRow(account.customer.id)).password as string)).toBe(true);
    // the new token is logged in; the old one and the other session are not
    expect((await client.storeApi('GET', '/store-api/account/customer', { token: newToken })).statusCode).toBe(200);
    for (const token of [account.token, other]) expect((await client.storeApi('GET', '/store-api/account/customer', { token })).statusCode).toBe(403);
    // another customer's password and session are untouched
    expect((await customerRow(bystander.customer.id)).password).toBe(before.password);
    expect((await client.storeApi('GET', '/store-api/account/customer', { token: bystander.token })).statusCode).toBe(200);
  });

  it('refuses a wrong current password and a confirmation that differs, and changes nothing', async () => {
    const account = await client.registerCustomerAccount();
    const before = (await customerRow(account.customer.id)).password;
    const wrong = await client.storeApi('POST', '/store-api/account/change-password', { token: account.token, body: passwordBody('not-my-password') });
    expect(wrong.statusCode).toBe(400);
    expect(codes(wrong.json())).toEqual([['/password', 'VIOLATION::CUSTOMER_PASSWORD_NOT_CORRECT']]);
    const differs = await client.storeApi('POST', '/store-api/account/change-password', { token: account.token, body: { ...passwordBody(DEFAULT_TEST_PASSWORD), newPasswordConfirm: 'other-password-77' } });
    expect(codes(differs.json())).toEqual([['/newPasswordConfirm', 'VIOLATION::NOT_EQUAL_ERROR']]);
    expect((await customerRow(account.customer.id)).password).toBe(before);
    expect((await client.storeApi('GET', '/store-api/account/customer', { token: account.token })).statusCode).toBe(200);
  });

  it('changes the e-mail address; one in use by another customer or a wrong password is refused', async () => {
    const account = await client.registerCustomerAccount();
    const other = await client.registerCustomerAccount();
    const email = `moved-${account.customer.id.slice(0, 8)}@example.com`;
    const changed = await client.storeApi('POST', '/store-api/account/change-email', { token: account.token, body: { email, emailConfirmation: email, password: account.password } });
    expect(changed.json()).toEqual({ success: true });
    expect((await customerRow(account.customer.id)).email).toBe(email);

    const taken = await client.storeApi('POST', '/store-api/account/change-email', { token: other.token, body: { email: email.toUpperCase(), emailConfirmation: email.toUpperCase(), password: other.password } });
    expect(codes(taken.json())).toEqual([['/email', 'VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE']]);
    const wrong = await client.storeApi('POST', '/store-api/account/change-email', { token: other.token, body: { email: 'free-address@example.com', emailConfirmation: 'free-address@example.com', password: 'not-my-password' } });
    expect(codes(wrong.json())).toEqual([['/password', 'VIOLATION::CUSTOMER_PASSWORD_NOT_CORRECT']]);
    expect((await customerRow(other.customer.id)).email).toBe(other.email);
  });

  it('reads the newsletter status of the customer\'s own address in the channel', async () => {
    const account = await client.registerCustomerAccount();
    const other = await client.registerCustomerAccount();
    const status = async (token: string) => (await client.storeApi('POST', '/store-api/account/newsletter-recipient', { token, body: {} })).json();
    expect(await status(account.token)).toEqual({ status: 'undefined', apiAlias: 'account_newsletter_recipient' });
    await t.platform.db
      .insertInto('newsletter_recipient')
      .values({ id: newId(), email: account.email.toUpperCase(), status: 'optIn', hash: 'a'.repeat(64), language_id: LANGUAGE_SYSTEM, sales_channel_id: client.salesChannelId })
      .execute();
    expect(await status(account.token)).toEqual({ status: 'optIn', apiAlias: 'account_newsletter_recipient' });
    expect((await status(other.token)).status).toBe('undefined');
  });

  it('converts a guest account into a registered customer, once, and not onto an address in use', async () => {
    const guest = await client.registerCustomerAccount({ guest: true, password: undefined });
    const converted = await client.storeApi('POST', '/store-api/account/convert-guest', { token: guest.token, body: { password: 'guest-password-1' } });
    expect(converted.json()).toEqual({ success: true });
    const row = await customerRow(guest.customer.id);
    expect(row.guest).toBe(false);
    expect(await verifyPassword('guest-password-1', row.password as string)).toBe(true);
    expect(await client.login(guest.email, 'guest-password-1')).toMatch(/^[0-9a-f]{32}$/);
    const again = await client.storeApi('POST', '/store-api/account/convert-guest', { token: guest.token, body: { password: 'guest-password-1' } });
    expect([again.statusCode, again.json().errors[0].code]).toEqual([400, 'CHECKOUT__REGISTERED_CUSTOMER_CANNOT_BE_CONVERTED']);

    // a guest with the address of a registered customer stays a guest
    const registered = await client.registerCustomerAccount();
    const twin = await client.registerCustomerAccount({ guest: true, password: undefined, email: registered.email });
    const taken = await client.storeApi('POST', '/store-api/account/convert-guest', { token: twin.token, body: { password: 'guest-password-1' } });
    expect(codes(taken.json())).toEqual([['/email', 'VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE']]);
    expect((await customerRow(twin.customer.id)).guest).toBe(true);
  });

  it('deletes the customer with addresses and sessions; another customer stays', async () => {
    const account = await client.registerCustomerAccount();
    const other = await client.registerCustomerAccount();
    const deleted = await client.storeApi('DELETE', '/store-api/account/customer', { token: account.token });
    expect(deleted.statusCode).toBe(204);
    expect(await t.platform.db.selectFrom('customer').select('id').where('id', '=', account.customer.id).executeTakeFirst()).toBeUndefined();
    expect(await t.platform.db.selectFrom('customer_address').select('id').where('customer_id', '=', account.customer.id).execute()).toEqual([]);
    expect((await client.storeApi('GET', '/store-api/account/customer', { token: account.token })).statusCode).toBe(403);
    expect((await client.storeApi('GET', '/store-api/account/customer', { token: other.token })).statusCode).toBe(200);
  });

  it('refuses guest accounts and visitors', async () => {
    const guestToken = await client.registerCustomer({ guest: true });
    for (const token of [guestToken, undefined]) {
      for (const url of ['/store-api/account/change-password', '/store-api/account/change-email', '/store-api/account/newsletter-recipient']) {
        const response = await client.storeApi('POST', url, { token, body: {} });
        expect(response.statusCode).toBe(403);
        expect(response.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
      }
    }
  });
});

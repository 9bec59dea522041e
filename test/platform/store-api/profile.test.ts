import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { LANGUAGE_SYSTEM } from '../../../src/platform/first-start/default-ids.js';
import { startStoreApiTest, type StoreApiClient } from './store-api-client.js';

describe('Store API profile', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => ({ t, client } = await startStoreApiTest()));
  afterAll(() => t.close());

  const row = async (token: string) => {
    const { id } = (await client.storeApi('GET', '/store-api/account/customer', { token })).json() as { id: string };
    return t.platform.db.selectFrom('customer').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  };
  const codes = (body: { errors: Array<{ code: string; source?: { pointer?: string } }> }) => body.errors.map((e) => [e.source?.pointer, e.code]);

  it('changes the name, title and birthday and clears what the form leaves out', async () => {
    const token = await client.registerCustomer();
    const body = { firstName: ' Augusta ', lastName: 'King', title: 'Countess', company: 'Analytical', birthdayDay: 10, birthdayMonth: 12, birthdayYear: 1985 };
    expect((await client.storeApi('POST', '/store-api/account/change-profile', { token, body })).json()).toEqual({ success: true });
    expect(await row(token)).toMatchObject({ first_name: 'Augusta', last_name: 'King', title: 'Countess', company: 'Analytical', birthday: '1985-12-10' });
    await client.storeApi('POST', '/store-api/account/change-profile', { token, body: { firstName: 'Ada', lastName: 'King' } });
    expect(await row(token)).toMatchObject({ first_name: 'Ada', title: null, company: null, birthday: null });
  });

  it('reports violations at their pointers and changes nothing', async () => {
    const token = await client.registerCustomer();
    const response = await client.storeApi('POST', '/store-api/account/change-profile', { token, body: { firstName: '', lastName: 5, birthdayDay: 31, birthdayMonth: 2, birthdayYear: 1990 } });
    expect(response.statusCode).toBe(400);
    expect(codes(response.json())).toEqual([
      ['/firstName', 'VIOLATION::IS_BLANK_ERROR'],
      ['/lastName', 'VIOLATION::INVALID_TYPE_ERROR'],
      ['/birthdayDay', 'VIOLATION::INVALID_DATE_ERROR'],
    ]);
    expect(await row(token)).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
  });

  it('takes a language of the channel only', async () => {
    const token = await client.registerCustomer();
    expect((await client.storeApi('POST', '/store-api/account/change-language', { token, body: { languageId: LANGUAGE_SYSTEM } })).statusCode).toBe(200);
    expect((await row(token)).language_id).toBe(LANGUAGE_SYSTEM);
    const refused = await client.storeApi('POST', '/store-api/account/change-language', { token, body: { languageId: '0123456789abcdef0123456789abcdef' } });
    expect(codes(refused.json())).toEqual([['/languageId', 'VIOLATION::NO_SUCH_CHOICE_ERROR']]);
  });

  it('refuses guest accounts and visitors', async () => {
    const guestToken = await client.registerCustomer({ guest: true });
    for (const token of [guestToken, undefined]) {
      const response = await client.storeApi('POST', '/store-api/account/change-profile', { token, body: { firstName: 'A', lastName: 'B' } });
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
    }
  });
});

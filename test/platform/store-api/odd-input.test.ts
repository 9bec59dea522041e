import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerLoginThrottle } from '../../../src/platform/customer/account/customer-login-throttle.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { startStoreApiTest, GERMANY_ID, type StoreApiClient } from './store-api-client.js';

/** Input no form would send (NUL characters, megabyte strings): a 4xx that says what is wrong, never a 500. */
describe('Store API account routes with odd input', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => ({ t, client } = await startStoreApiTest()));
  afterAll(() => t.close());

  it('answers a login with a NUL character or an over-long address like any wrong login, without counting it', async () => {
    const { email, password } = await client.registerCustomerAccount();
    const fail = vi.spyOn(customerLoginThrottle(t.platform), 'attempt');
    try {
      for (const body of [{ email: `${email}\u0000`, password }, { email: `${'a'.repeat(1_000_000)}@example.com`, password }]) {
        const response = await client.storeApi('POST', '/store-api/account/login', { body });
        expect(response.statusCode).toBe(401);
        expect(response.json().errors).toEqual([expect.objectContaining({ code: 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS' })]);
      }
      // answered before the throttle: no address that cannot exist is counted
      expect(fail).not.toHaveBeenCalled();
    } finally {
      fail.mockRestore();
    }
    expect((await client.storeApi('POST', '/store-api/account/login', { body: { email, password } })).statusCode).toBe(200);
  });

  it('reports NUL characters in registration fields as violations at their pointers', async () => {
    const email = `nul-${Date.now()}@example.com`;
    const response = await client.storeApi('POST', '/store-api/account/register', {
      body: {
        email: `x\u0000${email}`,
        password: 'correct-horse-9',
        firstName: 'Ada\u0000',
        lastName: 'Lovelace',
        storefrontUrl: 'http://localhost:8000\u0000',
        billingAddress: { street: 'Main\u0000Street 1', city: 'Berlin', countryId: GERMANY_ID },
      },
    });
    expect(response.statusCode).toBe(400);
    const pointers = (response.json().errors as Array<{ code: string; source: { pointer: string } }>)
      .filter((error) => error.code === 'VIOLATION::INVALID_CHARACTERS_ERROR')
      .map((error) => error.source.pointer);
    expect(pointers.sort()).toEqual(['/billingAddress/street', '/email', '/firstName', '/storefrontUrl']);
    const rows = await t.platform.db.selectFrom('customer').select('id').where('last_name', '=', 'Lovelace').where('email', 'like', `%${email}`).execute();
    expect(rows).toEqual([]);
  });
});

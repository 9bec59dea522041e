import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/platform/acl/context.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { defaultShopId } from '../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../src/platform/ids.js';
import { registerCustomer } from '../../../src/platform/customer/account/register-customer.js';
import { loginCustomer, logoutCustomer } from '../../../src/platform/customer/account/customer-login.js';
import { violationMessagesByPointer } from '../../../src/platform/customer/account/violations.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { guestContext } from '../catalog/catalog-fixtures.js';
import { startStoreApiTest, DEFAULT_TEST_PASSWORD, GERMANY_ID, type StoreApiClient } from './store-api-client.js';

const AUSTRIA_ID = defaultShopId('country', 'AT');

describe('Store API account', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => ({ t, client } = await startStoreApiTest()));
  afterAll(() => t.close());

  const customerRow = (email: string) =>
    t.platform.db.selectFrom('customer').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).execute();
  const lastCustomerNumber = async () =>
    (
      await t.platform.db
        .selectFrom('number_range_state as s')
        .innerJoin('number_range as r', 'r.id', 's.number_range_id')
        .select('s.last_value')
        .where('r.technical_name', '=', 'customer')
        .executeTakeFirst()
    )?.last_value as number | undefined;
  const customerCount = async () => Number((await t.platform.db.selectFrom('customer').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const errorsOf = (body: { errors: Array<{ code: string; source?: { pointer: string } }> }) => body.errors.map((e) => [e.source?.pointer, e.code]);

  describe('POST /store-api/account/register', () => {
    it('creates the customer with a number from the range, an address, and logs them in', async () => {
      const guestToken = (await client.storeApi('GET', '/store-api/context')).json().token as string;
      const email = `Grace.${newId().slice(0, 8)}@Example.com`;
      const response = await client.storeApi('POST', '/store-api/account/register', {
        token: guestToken,
        body: {
          email,
          password: 'a-good-password',
          firstName: ' Grace ',
          lastName: 'Hopper',
          salutationId: newId(),
          storefrontUrl: 'http://localhost:8000/',
          billingAddress: { street: 'Main Street 1', zipcode: '10115', city: 'Berlin', countryId: GERMANY_ID, phoneNumber: '+49 30 1234' },
        },
      });
      expect(response.statusCode).toBe(200);
      const customer = response.json();
      const token = response.headers['sw-context-token'] as string;
      expect(token).toMatch(/^[0-9a-f]{32}$/);
      expect(token).not.toBe(guestToken);
      expect(customer).toMatchObject({ apiAlias: 'customer', email, firstName: 'Grace', lastName: 'Hopper', guest: false, active: true });
      expect(customer).not.toHaveProperty('password');
      expect(customer.defaultBillingAddress).toMatchObject({ street: 'Main Street 1', city: 'Berlin', countryId: GERMANY_ID, firstName: 'Grace', lastName: 'Hopper' });
      expect(customer.defaultShippingAddressId).toBe(customer.defaultBillingAddressId);

      const [row] = await customerRow(email);
      expect(row).toMatchObject({
        id: customer.id,
        customer_number: customer.customerNumber,
        sales_channel_id: DEFAULT_SALES_CHANNEL_ID,
        group_id: defaultShopId('customer_group', 'standard'),
        default_payment_method_id: defaultShopId('payment_method', 'payment_invoicepayment'),
        guest: false,
      });
      expect(String(row!.password)).toMatch(/^scrypt\$/);
      expect(row!.first_login).not.toBeNull();
      expect(String(await lastCustomerNumber())).toBe(customer.customerNumber);
      const addresses = await t.platform.db.selectFrom('customer_address').selectAll().where('customer_id', '=', customer.id).execute();
      expect(addresses).toHaveLength(1);
      expect(addresses[0]).toMatchObject({ id: row!.default_billing_address_id, phone_number: '+49 30 1234', zipcode: '10115' });

      // logged in under the new token; the guest token was not promoted
      const me = await client.storeApi('GET', '/store-api/account/customer', { token });
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(customer.id);
      expect((await client.storeApi('GET', '/store-api/account/customer', { token: guestToken })).statusCode).toBe(403);
    });

    it('numbers customers consecutively and stores a separate shipping address', async () => {
      const first = await client.registerCustomerAccount();
      const second = await client.registerCustomerAccount({
        shippingAddress: { firstName: 'Max', lastName: 'Muster', street: 'Ring 2', city: 'Wien', countryId: AUSTRIA_ID },
      });
      expect(Number(second.customer.customerNumber)).toBe(Number(first.customer.customerNumber) + 1);
      expect(second.customer).toMatchObject({
        defaultBillingAddress: { countryId: GERMANY_ID, firstName: 'Ada' },
        defaultShippingAddress: { countryId: AUSTRIA_ID, firstName: 'Max', street: 'Ring 2' },
      });
      expect(await t.platform.db.selectFrom('customer_address').select('id').where('customer_id', '=', second.customer.id).execute()).toHaveLength(2);
      const context = (await client.storeApi('GET', '/store-api/context', { token: second.token })).json();
      expect(context.shippingLocation.country.id).toBe(AUSTRIA_ID);
    });

    it('refuses an e-mail address that already has an account, pointing at /email', async () => {
      const { email } = await client.registerCustomerAccount();
      const before = await customerCount();
      const numberBefore = await lastCustomerNumber();
      const response = await client.storeApi('POST', '/store-api/account/register', {
        body: {
          email: email.toUpperCase(),
          password: DEFAULT_TEST_PASSWORD,
          firstName: 'Other',
          lastName: 'Person',
          billingAddress: { street: 'x 1', city: 'y', countryId: GERMANY_ID },
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        expect.objectContaining({ status: '400', code: 'VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE', source: { pointer: '/email' } }),
      ]);
      expect(await customerCount()).toBe(before);
      expect(await lastCustomerNumber()).toBe(numberBefore);
    });

    it('lists every missing field at once', async () => {
      const before = await customerCount();
      const response = await client.storeApi('POST', '/store-api/account/register', { body: {} });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(errorsOf(body)).toEqual([
        ['/email', 'VIOLATION::IS_BLANK_ERROR'],
        ['/password', 'VIOLATION::IS_BLANK_ERROR'],
        ['/firstName', 'VIOLATION::IS_BLANK_ERROR'],
        ['/lastName', 'VIOLATION::IS_BLANK_ERROR'],
        ['/billingAddress/street', 'VIOLATION::IS_BLANK_ERROR'],
        ['/billingAddress/city', 'VIOLATION::IS_BLANK_ERROR'],
        ['/billingAddress/countryId', 'VIOLATION::IS_BLANK_ERROR'],
      ]);
      expect(body.errors[0]).toMatchObject({ status: '400', title: 'Constraint violation error', detail: 'This value should not be blank.' });
      expect(await customerCount()).toBe(before);
    });

    it('reports format, length, type and unknown-country problems together', async () => {
      const unassigned = newId();
      await transaction(t.platform.db, (uow) =>
        t.platform.repositories.get('country').create({ id: unassigned, name: 'Atlantis', iso: 'XA' }, systemContext, uow),
      );
      const response = await client.storeApi('POST', '/store-api/account/register', {
        body: {
          email: 'not-an-email',
          password: 'short',
          firstName: 'A',
          lastName: 42,
          storefrontUrl: 'https://elsewhere.example',
          billingAddress: { street: 'x 1', city: 'y', countryId: newId() },
          shippingAddress: { street: 'x 1', city: 'y', countryId: unassigned },
        },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(errorsOf(body)).toEqual([
        ['/email', 'VIOLATION::INVALID_EMAIL_FORMAT_ERROR'],
        ['/password', 'VIOLATION::TOO_SHORT_ERROR'],
        ['/lastName', 'VIOLATION::INVALID_TYPE_ERROR'],
        ['/storefrontUrl', 'VIOLATION::NO_SUCH_CHOICE_ERROR'],
        ['/billingAddress/countryId', 'VIOLATION::ENTITY_DOES_NOT_EXIST'],
        ['/shippingAddress/countryId', 'VIOLATION::ENTITY_DOES_NOT_EXIST'],
      ]);
      expect(body.errors[1].detail).toBe('This value is too short. It should have 8 characters or more.');
      expect(response.body).not.toContain('short"');
    });

    it('refuses a body that is not an object', async () => {
      const response = await client.storeApi('POST', '/store-api/account/register', { body: ['x'] });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].code).toBe('FRAMEWORK__INVALID_REQUEST_PARAMETER');
    });

    it('registers a guest without password; guests are not "logged in" for account routes and cannot log in', async () => {
      const { email } = await client.registerCustomerAccount();
      const response = await client.storeApi('POST', '/store-api/account/register', {
        body: { guest: true, email, firstName: 'Guest', lastName: 'Buyer', billingAddress: { street: 'x 1', city: 'y', countryId: GERMANY_ID } },
      });
      expect(response.statusCode).toBe(200);
      const guest = response.json();
      expect(guest).toMatchObject({ guest: true, email });
      const rows = await customerRow(email);
      expect(rows.map((r) => [r.guest, r.password === null])).toEqual(expect.arrayContaining([[true, true], [false, false]]));

      const token = response.headers['sw-context-token'] as string;
      expect((await client.storeApi('GET', '/store-api/context', { token })).json().customer.id).toBe(guest.id);
      const me = await client.storeApi('GET', '/store-api/account/customer', { token });
      expect(me.statusCode).toBe(403);
      expect(me.json().errors[0]).toMatchObject({ code: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN', detail: 'Customer is not logged in.' });
      // a guest session may end
      expect((await client.storeApi('POST', '/store-api/account/logout', { token })).statusCode).toBe(200);
    });
  });

  describe('POST /store-api/account/login', () => {
    it('logs in with a new token and stamps lastLogin', async () => {
      const { email, password, customer } = await client.registerCustomerAccount();
      await t.platform.db.updateTable('customer').set({ last_login: null, first_login: new Date('2020-01-01T00:00:00Z') }).where('id', '=', customer.id).execute();
      const guestToken = (await client.storeApi('PATCH', '/store-api/context', { body: { currencyId: defaultShopId('currency', 'USD') } })).json().contextToken as string;

      const response = await client.storeApi('POST', '/store-api/account/login', { token: guestToken, body: { email: email.toUpperCase(), password } });
      expect(response.statusCode).toBe(200);
      const { contextToken, apiAlias } = response.json();
      expect(apiAlias).toBe('array_struct');
      expect(contextToken).not.toBe(guestToken);
      expect(response.headers['sw-context-token']).toBe(contextToken);

      const [row] = await customerRow(email);
      expect(row!.last_login).not.toBeNull();
      expect(new Date(row!.first_login as Date).toISOString()).toBe('2020-01-01T00:00:00.000Z');
      // the guest's choices move to the customer's context; the guest token is gone
      const context = (await client.storeApi('GET', '/store-api/context', { token: contextToken })).json();
      expect(context.customer.id).toBe(customer.id);
      expect(context.currency.isoCode).toBe('USD');
      expect(await t.platform.db.selectFrom('sales_channel_api_context').select('token').where('token', '=', guestToken).executeTakeFirst()).toBeUndefined();
    });

    it('accepts `username` for the e-mail', async () => {
      const { email, password } = await client.registerCustomerAccount();
      const response = await client.storeApi('POST', '/store-api/account/login', { body: { username: email, password } });
      expect(response.statusCode).toBe(200);
    });

    it('answers wrong password, unknown e-mail, inactive account and missing fields with the same 401', async () => {
      const { email, password, customer } = await client.registerCustomerAccount();
      const inactive = await client.registerCustomerAccount();
      await transaction(t.platform.db, (uow) =>
        t.platform.repositories.get('customer').update({ id: inactive.customer.id, active: false }, systemContext, uow),
      );
      const attempts = [
        { email, password: `${password}x` },
        { email: `nobody-${newId()}@example.com`, password },
        { email: inactive.email, password: inactive.password },
        { email },
        {},
      ];
      for (const body of attempts) {
        const response = await client.storeApi('POST', '/store-api/account/login', { body });
        expect(response.statusCode).toBe(401);
        expect(response.json().errors).toEqual([
          expect.objectContaining({ status: '401', code: 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS', detail: 'Invalid username and/or password.' }),
        ]);
      }
      const [row] = await customerRow(email);
      expect(row!.id).toBe(customer.id);
    });

    it('throttles after 10 failures per e-mail and address, even for the right password', async () => {
      const { email, password } = await client.registerCustomerAccount();
      for (let i = 0; i < 10; i++) {
        expect((await client.storeApi('POST', '/store-api/account/login', { body: { email, password: 'wrong-password' } })).statusCode).toBe(401);
      }
      const throttled = await client.storeApi('POST', '/store-api/account/login', { body: { email, password } });
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json().errors[0]).toMatchObject({ status: '429', code: 'CHECKOUT__CUSTOMER_AUTH_THROTTLED' });
      expect(throttled.json().errors[0].meta.parameters.seconds).toBeGreaterThan(0);

      const other = await client.registerCustomerAccount();
      expect((await client.storeApi('POST', '/store-api/account/login', { body: { email: other.email, password: other.password } })).statusCode).toBe(200);
    });
  });

  describe('logout and the logged-in customer', () => {
    it('GET and POST /store-api/account/customer return the customer with default addresses', async () => {
      const { token, customer } = await client.registerCustomerAccount();
      for (const method of ['GET', 'POST']) {
        const response = await client.storeApi(method, '/store-api/account/customer', { token });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body).toMatchObject({ id: customer.id, apiAlias: 'customer', customerNumber: customer.customerNumber });
        expect(body.defaultBillingAddress).toMatchObject({ apiAlias: 'customer_address', street: 'Hauptstraße 1', country: { iso: 'DE' } });
        expect(body.defaultShippingAddress).toMatchObject({ id: body.defaultBillingAddressId });
        expect(body).not.toHaveProperty('password');
      }
    });

    it('answers 403 without a login, and for an unknown token (with a fresh token)', async () => {
      const none = await client.storeApi('GET', '/store-api/account/customer');
      expect(none.statusCode).toBe(403);
      expect(none.json().errors[0]).toMatchObject({ status: '403', code: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN', detail: 'Customer is not logged in.' });

      const unknown = newId();
      const response = await client.storeApi('GET', '/store-api/account/customer', { token: unknown });
      expect(response.statusCode).toBe(403);
      expect(response.headers['sw-context-token']).toMatch(/^[0-9a-f]{32}$/);
      expect(response.headers['sw-context-token']).not.toBe(unknown);
    });

    it('logout gives a new guest token; the old token is no longer logged in', async () => {
      const { token } = await client.registerCustomerAccount();
      const response = await client.storeApi('POST', '/store-api/account/logout', { token });
      expect(response.statusCode).toBe(200);
      const { contextToken, apiAlias } = response.json();
      expect(apiAlias).toBe('array_struct');
      expect(contextToken).not.toBe(token);
      expect(response.headers['sw-context-token']).toBe(contextToken);

      expect((await client.storeApi('GET', '/store-api/account/customer', { token })).statusCode).toBe(403);
      expect((await client.storeApi('GET', '/store-api/account/customer', { token: contextToken })).statusCode).toBe(403);
      expect((await client.storeApi('GET', '/store-api/context', { token })).json().customer).toBeNull();
      expect(await t.platform.db.selectFrom('sales_channel_api_context').select('token').where('token', '=', token).executeTakeFirst()).toBeUndefined();
    });

    it('logout requires a login', async () => {
      const response = await client.storeApi('POST', '/store-api/account/logout');
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
    });

    it('a customer can log in again after logout', async () => {
      const { token, email, password, customer } = await client.registerCustomerAccount();
      await client.storeApi('POST', '/store-api/account/logout', { token });
      const again = await client.login(email, password);
      expect((await client.storeApi('GET', '/store-api/account/customer', { token: again })).json().id).toBe(customer.id);
    });
  });

  describe('services (shared with the storefront)', () => {
    const address = { street: 'Hauptstraße 1', city: 'Berlin', countryId: GERMANY_ID };

    it('register, login and logout work on a SalesChannelContext', async () => {
      const email = `svc-${newId().slice(0, 8)}@example.com`;
      const registered = await registerCustomer(t.platform, await guestContext(t.platform), { email, password: DEFAULT_TEST_PASSWORD, firstName: 'S', lastName: 'V', billingAddress: address });
      expect(registered.context.customer).toMatchObject({ id: registered.customer.id, email });

      const loggedIn = await loginCustomer(t.platform, await guestContext(t.platform), { email, password: DEFAULT_TEST_PASSWORD }, '192.0.2.1');
      expect(loggedIn.customer?.id).toBe(registered.customer.id);
      const loggedOut = await logoutCustomer(t.platform, loggedIn);
      expect(loggedOut.customer).toBeNull();
      expect(loggedOut.token).not.toBe(loggedIn.token);
    });

    it('reports violations as messages per field pointer', async () => {
      const error = await registerCustomer(t.platform, await guestContext(t.platform), { email: 'x', password: 'short', billingAddress: address }).catch((e: unknown) => e);
      expect(violationMessagesByPointer(error)).toEqual({
        '/email': 'This value is not a valid email address.',
        '/password': 'This value is too short. It should have 8 characters or more.',
        '/firstName': 'This value should not be blank.',
        '/lastName': 'This value should not be blank.',
      });
    });

    it('joins the caller\'s unit of work: a rollback leaves no customer, address, number or login behind', async () => {
      const email = `rollback-${newId().slice(0, 8)}@example.com`;
      const context = await guestContext(t.platform);
      const before = await lastCustomerNumber();
      const rollback = new Error('rollback');
      let customerId = '';
      await expect(
        transaction(t.platform.db, async (uow) => {
          const { customer } = await registerCustomer(t.platform, context, { email, password: DEFAULT_TEST_PASSWORD, firstName: 'R', lastName: 'B', billingAddress: address }, uow);
          customerId = customer.id;
          throw rollback;
        }),
      ).rejects.toBe(rollback);
      expect(await customerRow(email)).toHaveLength(0);
      expect(await lastCustomerNumber()).toBe(before);
      expect(customerId).toMatch(/^[0-9a-f]{32}$/);
      expect(await t.platform.db.selectFrom('sales_channel_api_context').select('token').where('customer_id', '=', customerId).execute()).toHaveLength(0);
    });

    it('two simultaneous registrations of one address: one account, one violation', async () => {
      const email = `race-${newId().slice(0, 8)}@example.com`;
      const body = { email, password: DEFAULT_TEST_PASSWORD, firstName: 'R', lastName: 'C', billingAddress: address };
      const responses = await Promise.all([1, 2].map(() => client.storeApi('POST', '/store-api/account/register', { body })));
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const refused = responses.find((r) => r.statusCode === 400)!;
      expect(refused.json().errors[0]).toMatchObject({ code: 'VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE', source: { pointer: '/email' } });
      expect(await customerRow(email)).toHaveLength(1);
    });
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/platform/acl/context.js';
import { generateAccessKey } from '../../../src/platform/admin-api/auth/access-keys.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { CURRENCY_DEFAULT, LANGUAGE_SYSTEM, defaultShopId } from '../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../src/platform/ids.js';
import { SALES_CHANNEL_TYPE_API } from '../../../src/platform/sales-channel/entities.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { startStoreApiTest, createStoreApiClient, type StoreApiClient } from './store-api-client.js';

const USD = defaultShopId('currency', 'USD');
const INVOICE = defaultShopId('payment_method', 'payment_invoicepayment');
const CASH = defaultShopId('payment_method', 'payment_cashpayment');

describe('Store API context', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => ({ t, client } = await startStoreApiTest()));
  afterAll(() => t.close());

  const storedChoices = async (token: string) =>
    (await t.platform.db.selectFrom('sales_channel_api_context').select(['payload', 'sales_channel_id']).where('token', '=', token).executeTakeFirst()) ?? null;

  describe('authentication', () => {
    it('requires sw-access-key', async () => {
      const response = await client.storeApi('GET', '/store-api/context', { accessKey: null });
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0]).toMatchObject({ status: '401', code: 'FRAMEWORK__API_UNAUTHORIZED' });
    });

    it('rejects an unknown access key', async () => {
      const response = await client.storeApi('GET', '/store-api/context', { accessKey: 'SWSCUNKNOWNKEY0000000000' });
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0]).toMatchObject({ status: '401', code: 'FRAMEWORK__API_INVALID_ACCESS_KEY' });
    });

    it('checks the access key also when the path is percent-encoded (the router decodes it to the same route)', async () => {
      for (const url of ['/%73tore-api/context', '/store%2Dapi/payment-method']) {
        const response = await client.storeApi('GET', url, { accessKey: null });
        expect(response.statusCode, url).toBe(401);
        expect(response.json().errors[0], url).toMatchObject({ code: 'FRAMEWORK__API_UNAUTHORIZED' });
      }
      const keyed = await client.storeApi('GET', '/%73tore-api/context');
      expect(keyed.statusCode).toBe(200);
      expect(keyed.json().salesChannel.id).toBe(DEFAULT_SALES_CHANNEL_ID);
    });

    it('refuses the access key of an inactive sales channel', async () => {
      await t.platform.db.updateTable('sales_channel').set({ active: false }).where('id', '=', DEFAULT_SALES_CHANNEL_ID).execute();
      try {
        const response = await client.storeApi('GET', '/store-api/context');
        expect(response.statusCode).toBe(401);
        expect(response.json().errors[0]).toMatchObject({ code: 'FRAMEWORK__API_INVALID_ACCESS_KEY' });
      } finally {
        await t.platform.db.updateTable('sales_channel').set({ active: true }).where('id', '=', DEFAULT_SALES_CHANNEL_ID).execute();
      }
      expect((await client.storeApi('GET', '/store-api/context')).statusCode).toBe(200);
    });
  });

  describe('GET /store-api/context', () => {
    it('serialises the guest context like Shopware', async () => {
      const response = await client.storeApi('GET', '/store-api/context');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.apiAlias).toBe('sales_channel_context');
      expect(body.token).toMatch(/^[0-9a-f]{32}$/);
      expect(response.headers['sw-context-token']).toBe(body.token);
      expect(body.currency).toMatchObject({ id: CURRENCY_DEFAULT, isoCode: 'EUR', decimals: 2, apiAlias: 'currency' });
      expect(body.salesChannel).toMatchObject({ id: DEFAULT_SALES_CHANNEL_ID, name: 'Storefront', apiAlias: 'sales_channel' });
      expect(body.paymentMethod).toMatchObject({ id: INVOICE, handlerIdentifier: 'invoice', apiAlias: 'payment_method' });
      expect(body.shippingMethod).toMatchObject({ id: defaultShopId('shipping_method', 'standard'), apiAlias: 'shipping_method' });
      expect(body.customer).toBeNull();
      expect(body.currentCustomerGroup).toMatchObject({ id: defaultShopId('customer_group', 'standard'), apiAlias: 'customer_group' });
      expect(body.shippingLocation).toMatchObject({ country: { id: defaultShopId('country', 'DE'), iso: 'DE' }, address: null });
      expect(body.context).toMatchObject({
        languageIdChain: [LANGUAGE_SYSTEM],
        currencyId: CURRENCY_DEFAULT,
        currencyFactor: 1,
        currencyPrecision: 2,
        taxState: 'gross',
        apiAlias: 'context',
      });
    });

    it('answers an unknown token with a fresh context under a new token', async () => {
      const unknown = newId();
      const response = await client.storeApi('GET', '/store-api/context', { token: unknown });
      expect(response.statusCode).toBe(200);
      expect(response.json().token).not.toBe(unknown);
      expect(response.headers['sw-context-token']).toBe(response.json().token);
      expect(await storedChoices(unknown)).toBeNull();
    });

    it('shows the logged-in customer without any password', async () => {
      const { token, customer } = await client.registerCustomerAccount();
      const response = await client.storeApi('GET', '/store-api/context', { token });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.token).toBe(token);
      expect(body.customer).toMatchObject({ id: customer.id, email: customer.email, apiAlias: 'customer' });
      expect(body.customer).not.toHaveProperty('password');
      expect(response.body).not.toContain('scrypt$');
      expect(body.shippingLocation.address).toMatchObject({ id: body.customer.defaultShippingAddressId, apiAlias: 'customer_address' });
    });
  });

  describe('PATCH /store-api/context', () => {
    it('switches the currency and GET shows it', async () => {
      const patch = await client.storeApi('PATCH', '/store-api/context', { body: { currencyId: USD } });
      expect(patch.statusCode).toBe(200);
      const { contextToken, apiAlias } = patch.json();
      expect(apiAlias).toBe('array_struct');
      expect(patch.headers['sw-context-token']).toBe(contextToken);
      expect((await storedChoices(contextToken))?.payload).toEqual({ currencyId: USD });

      const context = (await client.storeApi('GET', '/store-api/context', { token: contextToken })).json();
      expect(context.token).toBe(contextToken);
      expect(context.currency).toMatchObject({ id: USD, isoCode: 'USD' });
      expect(context.context.currencyId).toBe(USD);
    });

    it('switches payment and shipping method and ignores unknown keys', async () => {
      const patch = await client.storeApi('PATCH', '/store-api/context', {
        body: { paymentMethodId: CASH, shippingMethodId: defaultShopId('shipping_method', 'standard'), somethingElse: 1 },
      });
      expect(patch.statusCode).toBe(200);
      const token = patch.json().contextToken as string;
      const context = (await client.storeApi('GET', '/store-api/context', { token })).json();
      expect(context.paymentMethod.id).toBe(CASH);
      expect((await storedChoices(token))?.payload).toEqual({ paymentMethodId: CASH, shippingMethodId: defaultShopId('shipping_method', 'standard') });
    });

    it('refuses a currency that is not assigned or does not exist, and changes nothing', async () => {
      const token = (await client.storeApi('PATCH', '/store-api/context', { body: { currencyId: USD } })).json().contextToken as string;
      const unassigned = newId();
      await transaction(t.platform.db, (uow) =>
        t.platform.repositories.get('currency').create({ id: unassigned, isoCode: 'JPY', name: 'Yen', symbol: '¥', decimals: 0 }, systemContext, uow),
      );

      for (const currencyId of [unassigned, newId()]) {
        const response = await client.storeApi('PATCH', '/store-api/context', { token, body: { currencyId } });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors[0]).toMatchObject({ status: '400', code: 'VIOLATION::ENTITY_DOES_NOT_EXIST', source: { pointer: '/currencyId' } });
      }
      // a valid currency together with a bad payment method: the whole switch is refused
      const mixed = await client.storeApi('PATCH', '/store-api/context', { token, body: { currencyId: CURRENCY_DEFAULT, paymentMethodId: newId() } });
      expect(mixed.statusCode).toBe(400);
      expect(mixed.json().errors[0].source).toEqual({ pointer: '/paymentMethodId' });

      expect((await storedChoices(token))?.payload).toEqual({ currencyId: USD });
      const context = (await client.storeApi('GET', '/store-api/context', { token })).json();
      expect(context.token).toBe(token);
      expect(context.currency.id).toBe(USD);
    });

    it('refuses a malformed id and a body that is not an object', async () => {
      const malformed = await client.storeApi('PATCH', '/store-api/context', { body: { currencyId: 'EUR' } });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors[0].source).toEqual({ pointer: '/currencyId' });

      const array = await client.storeApi('PATCH', '/store-api/context', { body: [{ currencyId: USD }] });
      expect(array.statusCode).toBe(400);
      expect(array.json().errors[0].code).toBe('FRAMEWORK__INVALID_REQUEST_PARAMETER');
    });

    it('refuses an assigned but inactive payment or shipping method', async () => {
      const shippingId = newId();
      await transaction(t.platform.db, async (uow) => {
        await t.platform.repositories
          .get('shipping_method')
          .create({ id: shippingId, name: 'Switched off', active: false, price: [{ currencyId: CURRENCY_DEFAULT, gross: 1, net: 1, linked: true }] }, systemContext, uow);
        await uow.db.insertInto('sales_channel_shipping_method').values({ sales_channel_id: DEFAULT_SALES_CHANNEL_ID, shipping_method_id: shippingId }).execute();
      });
      const shipping = await client.storeApi('PATCH', '/store-api/context', { body: { shippingMethodId: shippingId } });
      expect(shipping.statusCode).toBe(400);
      expect(shipping.json().errors[0]).toMatchObject({ code: 'VIOLATION::ENTITY_DOES_NOT_EXIST', source: { pointer: '/shippingMethodId' } });

      await t.platform.db.updateTable('payment_method').set({ active: false }).where('id', '=', CASH).execute();
      try {
        const payment = await client.storeApi('PATCH', '/store-api/context', { body: { paymentMethodId: CASH } });
        expect(payment.statusCode).toBe(400);
        expect(payment.json().errors[0]).toMatchObject({ code: 'VIOLATION::ENTITY_DOES_NOT_EXIST', source: { pointer: '/paymentMethodId' } });
      } finally {
        await t.platform.db.updateTable('payment_method').set({ active: true }).where('id', '=', CASH).execute();
      }
    });

    it('adds to the choices stored under the token', async () => {
      const token = (await client.storeApi('PATCH', '/store-api/context', { body: { currencyId: USD } })).json().contextToken as string;
      const second = await client.storeApi('PATCH', '/store-api/context', { token, body: { paymentMethodId: CASH } });
      expect(second.json().contextToken).toBe(token);
      expect((await storedChoices(token))?.payload).toEqual({ currencyId: USD, paymentMethodId: CASH });
      // storing the context again (as a cart change does) keeps the choices
      const context = await t.platform.salesChannelContexts.load((await t.platform.salesChannelContexts.salesChannelById(DEFAULT_SALES_CHANNEL_ID))!, token);
      await t.platform.salesChannelContexts.persist(context);
      expect((await storedChoices(token))?.payload).toEqual({ currencyId: USD, paymentMethodId: CASH });
    });
  });

  describe('stored context', () => {
    const setLastUse = (token: string, hoursAgo: number) =>
      t.platform.db
        .updateTable('sales_channel_api_context')
        .set({ updated_at: sql`now() - make_interval(hours => ${hoursAgo})` })
        .where('token', '=', token)
        .execute();
    const lastUseHoursAgo = async (token: string) =>
      Number(
        (
          await t.platform.db
            .selectFrom('sales_channel_api_context')
            .select(sql<string>`extract(epoch from now() - updated_at) / 3600`.as('hours'))
            .where('token', '=', token)
            .executeTakeFirstOrThrow()
        ).hours,
      );

    it('forgets a token unused for more than 24 hours: a fresh guest context with a new token', async () => {
      const token = (await client.storeApi('PATCH', '/store-api/context', { body: { currencyId: USD } })).json().contextToken as string;
      await setLastUse(token, 25);
      const response = await client.storeApi('GET', '/store-api/context', { token });
      expect(response.statusCode).toBe(200);
      expect(response.json().token).not.toBe(token);
      expect(response.json().currency.id).toBe(CURRENCY_DEFAULT);
    });

    it('keeps a used token alive: each use renews its 24 hours', async () => {
      const token = (await client.storeApi('PATCH', '/store-api/context', { body: { currencyId: USD } })).json().contextToken as string;
      await setLastUse(token, 23);
      const response = await client.storeApi('GET', '/store-api/context', { token });
      expect(response.json()).toMatchObject({ token, currency: { id: USD } });
      expect(await lastUseHoursAgo(token)).toBeLessThan(1);
    });

    it('falls back to the channel default while a stored choice is switched off, and returns to it after', async () => {
      const token = (await client.storeApi('PATCH', '/store-api/context', { body: { paymentMethodId: CASH } })).json().contextToken as string;
      await t.platform.db.updateTable('payment_method').set({ active: false }).where('id', '=', CASH).execute();
      try {
        expect((await client.storeApi('GET', '/store-api/context', { token })).json().paymentMethod.id).toBe(INVOICE);
      } finally {
        await t.platform.db.updateTable('payment_method').set({ active: true }).where('id', '=', CASH).execute();
      }
      expect((await client.storeApi('GET', '/store-api/context', { token })).json().paymentMethod.id).toBe(CASH);
    });

    it("uses the customer's default payment method and the country of their default shipping address", async () => {
      const { token, customer } = await client.registerCustomerAccount({
        billingAddress: { street: 'Ringstraße 1', zipcode: '1010', city: 'Wien', countryId: defaultShopId('country', 'AT') },
      });
      await t.platform.db.updateTable('customer').set({ default_payment_method_id: CASH }).where('id', '=', customer.id).execute();
      const context = (await client.storeApi('GET', '/store-api/context', { token })).json();
      expect(context.paymentMethod.id).toBe(CASH);
      expect(context.shippingLocation.country.iso).toBe('AT');
    });
  });

  describe('sales channel isolation', () => {
    let other: StoreApiClient;
    beforeAll(async () => {
      const id = newId();
      await transaction(t.platform.db, (uow) =>
        t.platform.repositories.get('sales_channel').create(
          {
            id,
            typeId: SALES_CHANNEL_TYPE_API,
            name: 'Headless',
            accessKey: generateAccessKey('SWSC'),
            languageId: LANGUAGE_SYSTEM,
            currencyId: USD,
            paymentMethodId: INVOICE,
            shippingMethodId: defaultShopId('shipping_method', 'standard'),
            countryId: defaultShopId('country', 'DE'),
            customerGroupId: defaultShopId('customer_group', 'standard'),
            navigationCategoryId: defaultShopId('category', 'home'),
            languages: [{ id: LANGUAGE_SYSTEM }],
            currencies: [{ id: USD }],
            countries: [{ id: defaultShopId('country', 'DE') }],
            paymentMethods: [{ id: INVOICE }],
            shippingMethods: [{ id: defaultShopId('shipping_method', 'standard') }],
          },
          systemContext,
          uow,
        ),
      );
      other = await createStoreApiClient(t, id);
    });

    it('does not adopt a token of another sales channel', async () => {
      const foreign = (await other.storeApi('PATCH', '/store-api/context', { body: { currencyId: USD } })).json().contextToken as string;
      expect((await storedChoices(foreign))?.sales_channel_id).toBe(other.salesChannelId);

      const response = await client.storeApi('GET', '/store-api/context', { token: foreign });
      expect(response.statusCode).toBe(200);
      expect(response.json().token).not.toBe(foreign);
      expect(response.json().salesChannel.id).toBe(DEFAULT_SALES_CHANNEL_ID);
      expect(response.json().currency.id).toBe(CURRENCY_DEFAULT);

      // a switch in the default channel with the foreign token neither takes it over nor changes it
      const patch = await client.storeApi('PATCH', '/store-api/context', { token: foreign, body: { currencyId: CURRENCY_DEFAULT } });
      expect(patch.statusCode).toBe(200);
      expect(patch.json().contextToken).not.toBe(foreign);
      expect(await storedChoices(foreign)).toMatchObject({ sales_channel_id: other.salesChannelId, payload: { currencyId: USD } });
    });

    it('a customer logged in through one channel is not logged in through another', async () => {
      const token = await client.registerCustomer();
      const response = await other.storeApi('GET', '/store-api/account/customer', { token });
      expect(response.statusCode).toBe(403);
      expect(response.headers['sw-context-token']).not.toBe(token);
      expect((await client.storeApi('GET', '/store-api/account/customer', { token })).statusCode).toBe(200);
    });

    it('uses the other channel\'s defaults and assignments', async () => {
      const context = (await other.storeApi('GET', '/store-api/context')).json();
      expect(context.salesChannel.id).toBe(other.salesChannelId);
      expect(context.currency.id).toBe(USD);
      const refused = await other.storeApi('PATCH', '/store-api/context', { body: { currencyId: CURRENCY_DEFAULT } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].code).toBe('VIOLATION::ENTITY_DOES_NOT_EXIST');
    });
  });
});

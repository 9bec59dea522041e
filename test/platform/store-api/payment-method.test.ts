import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/platform/acl/context.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { defaultShopId } from '../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../src/platform/ids.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { startStoreApiTest, type StoreApiClient } from './store-api-client.js';

const INVOICE = defaultShopId('payment_method', 'payment_invoicepayment');
const CASH = defaultShopId('payment_method', 'payment_cashpayment');

describe('Store API payment methods', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => ({ t, client } = await startStoreApiTest()));
  afterAll(() => t.close());

  const createMethod = (data: Record<string, unknown>, assign = true) =>
    transaction(t.platform.db, async (uow) => {
      const id = newId();
      await t.platform.repositories.get('payment_method').create({ id, technicalName: `test_${id}`, name: `Test ${id.slice(0, 6)}`, ...data }, systemContext, uow);
      if (assign) await uow.db.insertInto('sales_channel_payment_method').values({ sales_channel_id: DEFAULT_SALES_CHANNEL_ID, payment_method_id: id }).execute();
      return id;
    });
  const listedIds = async (method = 'GET', url = '/store-api/payment-method', body?: unknown) => {
    const response = await client.storeApi(method, url, { body });
    expect(response.statusCode).toBe(200);
    return (response.json().elements as Array<{ id: string }>).map((e) => e.id);
  };

  it('lists the channel\'s usable methods by position in Shopware\'s response shape', async () => {
    const response = await client.storeApi('GET', '/store-api/payment-method');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 2, apiAlias: 'payment_method_route_response' });
    expect(body.elements).toEqual([
      expect.objectContaining({ id: INVOICE, technicalName: 'payment_invoicepayment', handlerIdentifier: 'invoice', apiAlias: 'payment_method' }),
      expect.objectContaining({ id: CASH, technicalName: 'payment_cashpayment', apiAlias: 'payment_method' }),
    ]);
    expect(response.headers['sw-context-token']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers POST and the onlyAvailable flag the same way', async () => {
    expect(await listedIds('POST', '/store-api/payment-method', { onlyAvailable: true })).toEqual([INVOICE, CASH]);
    expect(await listedIds('GET', '/store-api/payment-method?onlyAvailable=1')).toEqual([INVOICE, CASH]);
  });

  it('leaves out inactive, unassigned and handler-less methods, and follows position', async () => {
    const handlerless = await createMethod({ handlerIdentifier: `missing_${newId()}`, position: 0, name: 'A: handler comes later' });
    const inactive = await createMethod({ handlerIdentifier: 'invoice', active: false, position: 0 });
    const unassigned = await createMethod({ handlerIdentifier: 'invoice', position: 0 }, false);
    const first = await createMethod({ handlerIdentifier: 'cash_on_delivery', position: 0, name: 'B: first' });
    const ids = await listedIds();
    expect(ids).toEqual([first, INVOICE, CASH]);
    for (const hidden of [handlerless, inactive, unassigned]) expect(ids).not.toContain(hidden);

    // a handler registered later (an extension activated) makes its method available
    const identifier = (await t.platform.db.selectFrom('payment_method').select('handler_identifier').where('id', '=', handlerless).executeTakeFirstOrThrow())
      .handler_identifier as string;
    t.platform.payments.register({ identifier, handler: { async pay() {} } });
    // same position: by name
    expect(await listedIds()).toEqual([handlerless, first, INVOICE, CASH]);
  });

  it('requires the access key', async () => {
    const response = await client.storeApi('GET', '/store-api/payment-method', { accessKey: null });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe('FRAMEWORK__API_UNAUTHORIZED');
  });
});

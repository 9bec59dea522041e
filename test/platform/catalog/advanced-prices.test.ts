import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { CURRENCY_DEFAULT } from '../../../src/platform/first-start/default-ids.js';
import { newId } from '../../../src/platform/ids.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { startStoreApiTest, type StoreApiClient } from '../store-api/store-api-client.js';
import { createProduct } from '../checkout/checkout-fixtures.js';

/** Advanced prices (`product_price`): quantity tiers per rule, shown by the Store API and charged by the cart. */
describe('advanced prices', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => ({ t, client } = await startStoreApiTest()));
  afterAll(() => t.close());

  const eur = (gross: number) => [{ currencyId: CURRENCY_DEFAULT, gross, net: gross, linked: true }];
  const admin = async (method: string, url: string, body?: unknown) => t.api(method, url, { body });
  const createRule = async (conditions: unknown, priority = 1) => {
    const id = newId();
    const response = await admin('POST', '/api/rule', { id, name: `Rule ${id.slice(0, 6)}`, priority, conditions });
    expect(response.statusCode, response.body).toBe(204);
    return id;
  };
  const inThisChannel = [{ type: 'salesChannel', value: { operator: '=', salesChannelIds: [DEFAULT_SALES_CHANNEL_ID] } }];
  const addTiers = async (productId: string, ruleId: string, tiers: Array<[start: number, end: number | null, gross: number]>) => {
    for (const [quantityStart, quantityEnd, gross] of tiers) {
      const response = await admin('POST', '/api/product-price', { productId, ruleId, quantityStart, quantityEnd, price: eur(gross) });
      expect(response.statusCode, response.body).toBe(204);
    }
  };
  const storeProduct = async (id: string) => {
    const response = await client.storeApi('GET', `/store-api/product/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().product;
  };
  const guestToken = async () => (await client.storeApi('PATCH', '/store-api/context', { body: {} })).headers['sw-context-token'] as string;
  const cartLine = async (productId: string, quantity: number) => {
    const response = await client.storeApi('POST', '/store-api/checkout/cart/line-item', { token: await guestToken(), body: { items: [{ type: 'product', referencedId: productId, quantity }] } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().lineItems[0].price;
  };

  it('shows the tiers of a matching rule and charges the tier a quantity reaches, exactly', async () => {
    const product = await createProduct(t.platform, { gross: 10, name: 'Bulk flour' });
    await addTiers(product, await createRule(inThisChannel), [
      [1, 9, 10],
      [10, 24, 9.5],
      [25, null, 8.99],
    ]);
    const json = await storeProduct(product);
    expect(json.calculatedPrice.unitPrice).toBe(10);
    expect(json.calculatedPrices.map((p: { quantityStart: number; quantityEnd: number | null; unitPrice: number }) => [p.quantityStart, p.quantityEnd, p.unitPrice])).toEqual([
      [1, 9, 10],
      [10, 24, 9.5],
      [25, null, 8.99],
    ]);
    expect(await cartLine(product, 3)).toMatchObject({ unitPrice: 10, totalPrice: 30 });
    expect(await cartLine(product, 10)).toMatchObject({ unitPrice: 9.5, totalPrice: 95 });
    // 8.99 x 33 = 296.67, tax 19 % contained: 296.67 x 19 / 119 = 47.3677 -> 47.37
    expect(await cartLine(product, 33)).toMatchObject({ unitPrice: 8.99, totalPrice: 296.67, calculatedTaxes: [{ tax: 47.37, taxRate: 19, price: 296.67 }] });
  });

  it('charges the product price below the first tier, and ignores rules of other channels and conditions it cannot evaluate', async () => {
    const product = await createProduct(t.platform, { gross: 20, name: 'Tiered from ten' });
    await addTiers(product, await createRule(inThisChannel), [[10, null, 15]]);
    expect(await cartLine(product, 9)).toMatchObject({ unitPrice: 20 });
    expect(await cartLine(product, 10)).toMatchObject({ unitPrice: 15 });

    const elsewhere = await createProduct(t.platform, { gross: 20, name: 'Other channel tiers' });
    await addTiers(elsewhere, await createRule([{ type: 'salesChannel', value: { operator: '=', salesChannelIds: [newId()] } }]), [[1, null, 5]]);
    const unknown = await createProduct(t.platform, { gross: 20, name: 'Unknown condition tiers' });
    await addTiers(unknown, await createRule([{ type: 'customerBirthday', value: { operator: '=' } }]), [[1, null, 5]]);
    for (const id of [elsewhere, unknown]) {
      expect((await storeProduct(id)).calculatedPrices).toEqual([]);
      expect(await cartLine(id, 2)).toMatchObject({ unitPrice: 20, totalPrice: 40 });
    }
  });

  it('takes the matching rule of the highest priority, and a variant without tiers inherits its parent’s', async () => {
    const product = await createProduct(t.platform, { gross: 30, name: 'Two rules' });
    await addTiers(product, await createRule(inThisChannel, 1), [[1, null, 25]]);
    await addTiers(product, await createRule([{ type: 'orContainer', children: [{ type: 'alwaysValid' }] }], 5), [[1, null, 22]]);
    expect(await cartLine(product, 1)).toMatchObject({ unitPrice: 22 });

    const parent = await createProduct(t.platform, { gross: 40, name: 'Parent with tiers' });
    await addTiers(parent, await createRule(inThisChannel), [
      [1, 4, 40],
      [5, null, 35],
    ]);
    const variant = newId();
    const created = await admin('POST', '/api/product', {
      id: variant,
      parentId: parent,
      productNumber: `SW-${variant.slice(0, 10)}`,
      stock: 10,
      visibilities: [{ salesChannelId: DEFAULT_SALES_CHANNEL_ID, visibility: 30 }],
    });
    expect(created.statusCode, created.body).toBe(204);
    expect((await storeProduct(variant)).calculatedPrices.map((p: { unitPrice: number }) => p.unitPrice)).toEqual([40, 35]);
    expect(await cartLine(variant, 5)).toMatchObject({ unitPrice: 35, totalPrice: 175 });
  });

  it('refuses a tier that ends before it starts, starts below 1 or repeats a start, and stores nothing', async () => {
    const product = await createProduct(t.platform, { gross: 10 });
    const rule = await createRule(inThisChannel);
    const count = async () => Number((await t.platform.db.selectFrom('product_price').select((eb) => eb.fn.countAll().as('n')).where('product_id', '=', product).executeTakeFirstOrThrow()).n);
    const backwards = await admin('POST', '/api/product-price', { productId: product, ruleId: rule, quantityStart: 10, quantityEnd: 5, price: eur(9) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors[0].detail).toMatch(/product_price_quantity_range_check/);
    const zero = await admin('POST', '/api/product-price', { productId: product, ruleId: rule, quantityStart: 0, price: eur(9) });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors[0].source.pointer).toBe('/quantityStart');
    await addTiers(product, rule, [[1, null, 9]]);
    const repeated = await admin('POST', '/api/product-price', { productId: product, ruleId: rule, quantityStart: 1, price: eur(8) });
    expect(repeated.statusCode).toBe(400);
    expect(await count()).toBe(1);
  });
});

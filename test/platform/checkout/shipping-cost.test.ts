import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_DEFAULT, defaultShopId } from '../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../src/platform/ids.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { startStoreApiTest, type StoreApiClient } from '../store-api/store-api-client.js';
import { createProduct, TAX_REDUCED } from './checkout-fixtures.js';

/** `shipping-cost/cart` and `shipping-cost/product/{id}`: each offered method priced as the cart prices its delivery. */
describe('Store API shipping costs', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  let express: string;
  beforeAll(async () => {
    ({ t, client } = await startStoreApiTest());
    express = newId();
    await t.platform.db
      .insertInto('shipping_method')
      .values({ id: express, technical_name: 'express', name: 'Express', position: 2, price: JSON.stringify([{ currencyId: CURRENCY_DEFAULT, gross: 9.99, net: 8.39, linked: true }]), delivery_time_min_days: 1, delivery_time_max_days: 1 })
      .execute();
    await t.platform.db.insertInto('sales_channel_shipping_method').values({ sales_channel_id: DEFAULT_SALES_CHANNEL_ID, shipping_method_id: express }).execute();
    // a method of no channel is never offered
    await t.platform.db.insertInto('shipping_method').values({ id: newId(), technical_name: 'elsewhere', name: 'Elsewhere', price: JSON.stringify([{ currencyId: CURRENCY_DEFAULT, gross: 1, net: 1, linked: true }]) }).execute();
  });
  afterAll(() => t.close());

  it('prices the cart with every offered method, taxed at the highest rate of the cart; an empty cart has none', async () => {
    const token = await client.registerCustomer();
    expect((await client.storeApi('GET', '/store-api/shipping-cost/cart', { token })).json()).toEqual([]);
    const product = await createProduct(t.platform, { gross: 10, taxId: TAX_REDUCED });
    await client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: product, quantity: 2 }] } });
    const estimates = (await client.storeApi('GET', '/store-api/shipping-cost/cart', { token })).json();
    expect(estimates.map((e: { shippingMethod: { id: string } }) => e.shippingMethod.id)).toEqual([defaultShopId('shipping_method', 'standard'), express]);
    expect(estimates[1].shippingCost).toMatchObject({ unitPrice: 9.99, totalPrice: 9.99, calculatedTaxes: [{ taxRate: 7, tax: 0.65, price: 9.99 }] });
    expect(estimates[1].shippingMethod).toMatchObject({ name: 'Express', deliveryTime: { min: 1, max: 1 } });
    const cart = (await client.storeApi('GET', '/store-api/checkout/cart', { token })).json();
    // the context's own method costs what the cart's delivery costs
    expect(estimates[0].shippingCost.totalPrice).toBe(cart.deliveries[0].shippingCosts.totalPrice);
  });

  it('prices one product, free when it ships for free; an unknown product is a 404', async () => {
    const free = await createProduct(t.platform, { shippingFree: true });
    const freeCosts = (await client.storeApi('GET', `/store-api/shipping-cost/product/${free}`)).json();
    expect(freeCosts.map((e: { shippingCost: { totalPrice: number } }) => e.shippingCost.totalPrice)).toEqual([0, 0]);
    const unknown = await client.storeApi('GET', `/store-api/shipping-cost/product/${newId()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe('PRODUCT__PRODUCT_NOT_FOUND');
  });
});

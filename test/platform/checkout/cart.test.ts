import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../src/platform/ids.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { startStoreApiTest, type StoreApiClient } from '../store-api/store-api-client.js';
import { createPaymentMethod, createProduct, INVOICE_METHOD_ID, KWD, RWF, STANDARD_SHIPPING_ID, TAX_REDUCED, TAX_STANDARD, USD } from './checkout-fixtures.js';

describe('Store API cart', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => ({ t, client } = await startStoreApiTest()));
  afterAll(() => t.close());

  /** A fresh, stored guest context (an unknown token would be answered with a new one). */
  const guestToken = async () => {
    const response = await client.storeApi('PATCH', '/store-api/context', { body: {} });
    expect(response.statusCode).toBe(200);
    return response.headers['sw-context-token'] as string;
  };

  const addItems = (token: string, items: unknown) => client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items } });
  const getCart = (token: string) => client.storeApi('GET', '/store-api/checkout/cart', { token });
  const switchCurrency = async (token: string, currencyId: string) => {
    const response = await client.storeApi('PATCH', '/store-api/context', { token, body: { currencyId } });
    expect(response.statusCode).toBe(200);
  };

  describe('calculation', () => {
    let productA: string;
    let productB: string;
    beforeAll(async () => {
      productA = await createProduct(t.platform, { gross: 19.99, taxId: TAX_STANDARD, name: 'Coffee grinder' });
      productB = await createProduct(t.platform, { gross: 10.7, taxId: TAX_REDUCED, name: 'Coffee beans' });
    });

    it('prices several items at two tax rates plus shipping, exactly, in EUR', async () => {
      const token = await guestToken();
      const response = await addItems(token, [
        { type: 'product', referencedId: productA, quantity: 3 },
        { type: 'product', referencedId: productB, quantity: 2 },
      ]);
      expect(response.statusCode).toBe(200);
      const cart = response.json();
      expect(cart).toMatchObject({ token, apiAlias: 'cart', errors: {} });
      expect(cart.lineItems).toHaveLength(2);
      expect(cart.lineItems[0]).toMatchObject({
        id: productA,
        referencedId: productA,
        label: 'Coffee grinder',
        quantity: 3,
        type: 'product',
        good: true,
        payload: { productNumber: `SW-${productA.slice(0, 10)}` },
        apiAlias: 'line_item',
        price: {
          unitPrice: 19.99,
          totalPrice: 59.97,
          quantity: 3,
          // 59.97 * 19 / 119 = 9.5751 -> 9.58
          calculatedTaxes: [{ tax: 9.58, taxRate: 19, price: 59.97 }],
          taxRules: [{ taxRate: 19, percentage: 100 }],
          apiAlias: 'calculated_price',
        },
      });
      expect(cart.lineItems[1].price).toMatchObject({ unitPrice: 10.7, totalPrice: 21.4, calculatedTaxes: [{ tax: 1.4, taxRate: 7, price: 21.4 }] });

      // shipping: Standard 4.99 without a tax of its own is taxed at the highest rate in the cart (19%)
      expect(cart.deliveries).toHaveLength(1);
      expect(cart.deliveries[0]).toMatchObject({
        shippingMethod: { id: STANDARD_SHIPPING_ID, name: 'Standard' },
        shippingCosts: { unitPrice: 4.99, totalPrice: 4.99, quantity: 1, calculatedTaxes: [{ tax: 0.8, taxRate: 19, price: 4.99 }] },
        apiAlias: 'cart_delivery',
      });
      expect(cart.price).toEqual({
        netPrice: 74.58,
        totalPrice: 86.36,
        positionPrice: 81.37,
        rawTotal: 86.36,
        calculatedTaxes: [
          { tax: 10.38, taxRate: 19, price: 64.96, apiAlias: 'cart_tax_calculated' },
          { tax: 1.4, taxRate: 7, price: 21.4, apiAlias: 'cart_tax_calculated' },
        ],
        taxRules: [
          { taxRate: 19, percentage: expect.closeTo((64.96 / 86.36) * 100, 10) },
          { taxRate: 7, percentage: expect.closeTo((21.4 / 86.36) * 100, 10) },
        ],
        taxStatus: 'gross',
        apiAlias: 'cart_price',
      });
      expect(cart.transactions).toEqual([
        {
          paymentMethodId: INVOICE_METHOD_ID,
          amount: expect.objectContaining({ unitPrice: 86.36, totalPrice: 86.36, quantity: 1 }),
          apiAlias: 'cart_transaction',
        },
      ]);

      // a read calculates again and gives the same
      const again = await getCart(token);
      expect(again.statusCode).toBe(200);
      expect(again.json().price.totalPrice).toBe(86.36);
    });

    it('converts into a currency without decimals (RWF, factor 1450), rounding half-up per unit price', async () => {
      const token = await guestToken();
      await switchCurrency(token, RWF);
      const cart = (
        await addItems(token, [
          { type: 'product', referencedId: productA, quantity: 3 },
          { type: 'product', referencedId: productB, quantity: 2 },
        ])
      ).json();
      // 19.99 * 1450 = 28985.5 -> 28986; 10.70 * 1450 = 15515; 4.99 * 1450 = 7235.5 -> 7236
      expect(cart.lineItems[0].price).toMatchObject({ unitPrice: 28986, totalPrice: 86958, calculatedTaxes: [{ tax: 13884, taxRate: 19, price: 86958 }] });
      expect(cart.lineItems[1].price).toMatchObject({ unitPrice: 15515, totalPrice: 31030, calculatedTaxes: [{ tax: 2030, taxRate: 7, price: 31030 }] });
      expect(cart.deliveries[0].shippingCosts).toMatchObject({ unitPrice: 7236, calculatedTaxes: [{ tax: 1155, taxRate: 19, price: 7236 }] });
      expect(cart.price).toMatchObject({
        totalPrice: 125224,
        positionPrice: 117988,
        netPrice: 108155,
        calculatedTaxes: [
          { tax: 15039, taxRate: 19, price: 94194 },
          { tax: 2030, taxRate: 7, price: 31030 },
        ],
      });
    });

    it('converts into a currency with three decimals (KWD, factor 0.33)', async () => {
      const token = await guestToken();
      await switchCurrency(token, KWD);
      const cart = (
        await addItems(token, [
          { type: 'product', referencedId: productA, quantity: 3 },
          { type: 'product', referencedId: productB, quantity: 2 },
        ])
      ).json();
      // 19.99 * 0.33 = 6.5967 -> 6.597; 10.70 * 0.33 = 3.531; 4.99 * 0.33 = 1.6467 -> 1.647
      expect(cart.lineItems[0].price).toMatchObject({ unitPrice: 6.597, totalPrice: 19.791, calculatedTaxes: [{ tax: 3.16, taxRate: 19, price: 19.791 }] });
      expect(cart.lineItems[1].price).toMatchObject({ unitPrice: 3.531, totalPrice: 7.062, calculatedTaxes: [{ tax: 0.462, taxRate: 7, price: 7.062 }] });
      expect(cart.deliveries[0].shippingCosts).toMatchObject({ unitPrice: 1.647, calculatedTaxes: [{ tax: 0.263, taxRate: 19, price: 1.647 }] });
      expect(cart.price).toMatchObject({
        totalPrice: 28.5,
        positionPrice: 26.853,
        netPrice: 24.615,
        calculatedTaxes: [
          { tax: 3.423, taxRate: 19, price: 21.438 },
          { tax: 0.462, taxRate: 7, price: 7.062 },
        ],
      });
    });

    it("uses a product's own price in the currency instead of converting", async () => {
      const own = await createProduct(t.platform, { gross: 10, prices: [{ currencyId: USD, gross: 12.5, net: 10.5, linked: true }] });
      const token = await guestToken();
      await switchCurrency(token, USD);
      const cart = (await addItems(token, [{ type: 'product', referencedId: own, quantity: 1 }])).json();
      expect(cart.lineItems[0].price.unitPrice).toBe(12.5);
      // the shipping method has only a EUR price: 4.99 * 1.08 = 5.3892 -> 5.39
      expect(cart.deliveries[0].shippingCosts.unitPrice).toBe(5.39);
      expect(cart.price.totalPrice).toBe(17.89);
    });

    it('ships for free when every item is shipping-free, taxed by the reduced rate only', async () => {
      const free = await createProduct(t.platform, { gross: 7.49, taxId: TAX_REDUCED, shippingFree: true });
      const token = await guestToken();
      const cart = (await addItems(token, [{ type: 'product', referencedId: free, quantity: 2 }])).json();
      expect(cart.deliveries[0].shippingCosts).toMatchObject({ unitPrice: 0, totalPrice: 0 });
      expect(cart.price).toMatchObject({ totalPrice: 14.98, positionPrice: 14.98, calculatedTaxes: [{ tax: 0.98, taxRate: 7, price: 14.98 }] });

      // one item that is not shipping-free brings the shipping costs back
      const paid = await createProduct(t.platform, { gross: 1, taxId: TAX_REDUCED });
      const mixed = (await addItems(token, [{ type: 'product', referencedId: paid, quantity: 1 }])).json();
      expect(mixed.deliveries[0].shippingCosts).toMatchObject({ unitPrice: 4.99, calculatedTaxes: [{ taxRate: 7 }] });
      expect(mixed.price.totalPrice).toBe(20.97);
    });

    it('takes the shipping tax from the shipping method when it has one', async () => {
      await t.platform.db.updateTable('shipping_method').set({ tax_id: TAX_REDUCED }).where('id', '=', STANDARD_SHIPPING_ID).execute();
      try {
        const token = await guestToken();
        const cart = (await addItems(token, [{ type: 'product', referencedId: productA, quantity: 1 }])).json();
        // 4.99 * 7 / 107 = 0.3264 -> 0.33
        expect(cart.deliveries[0].shippingCosts.calculatedTaxes).toEqual([{ tax: 0.33, taxRate: 7, price: 4.99, apiAlias: 'cart_tax_calculated' }]);
      } finally {
        await t.platform.db.updateTable('shipping_method').set({ tax_id: null }).where('id', '=', STANDARD_SHIPPING_ID).execute();
      }
    });

    it('answers an empty cart without deliveries and with zero totals', async () => {
      const token = await guestToken();
      const response = await getCart(token);
      expect(response.statusCode).toBe(200);
      const cart = response.json();
      expect(cart).toMatchObject({ token, lineItems: [], deliveries: [], errors: {} });
      expect(cart.price).toMatchObject({ totalPrice: 0, netPrice: 0, positionPrice: 0, calculatedTaxes: [], taxRules: [] });
      // reading an empty cart stores nothing
      expect(await t.platform.db.selectFrom('cart').select('token').where('token', '=', token).executeTakeFirst()).toBeUndefined();
    });
  });

  describe('line items', () => {
    let product: string;
    beforeAll(async () => {
      product = await createProduct(t.platform, { gross: 5 });
    });

    it("stores a guest's cart and context, so the token keeps working", async () => {
      // a first-time visitor without a token: the response announces a new one
      const added = await client.storeApi('POST', '/store-api/checkout/cart/line-item', {
        body: { items: [{ type: 'product', referencedId: product, quantity: 1 }] },
      });
      expect(added.statusCode).toBe(200);
      const token = added.headers['sw-context-token'] as string;
      expect(added.json().token).toBe(token);
      const context = await t.platform.db.selectFrom('sales_channel_api_context').select('token').where('token', '=', token).executeTakeFirst();
      expect(context).toBeDefined();
      const row = await t.platform.db.selectFrom('cart').selectAll().where('token', '=', token).executeTakeFirstOrThrow();
      expect(row.sales_channel_id).toBe(DEFAULT_SALES_CHANNEL_ID);
      expect(row.payload).toEqual({ lineItems: [{ id: product, type: 'product', referencedId: product, quantity: 1 }] });
      const again = await getCart(token);
      expect(again.headers['sw-context-token']).toBe(token);
      expect(again.json().lineItems[0].quantity).toBe(1);
    });

    it('adds up the quantity when the same product is added again, changes and removes items', async () => {
      const other = await createProduct(t.platform, { gross: 2 });
      const token = await guestToken();
      await addItems(token, [{ type: 'product', referencedId: product, quantity: 2 }]);
      const twice = (await addItems(token, [{ type: 'product', referencedId: product }, { type: 'product', referencedId: other, quantity: 1 }])).json();
      expect(twice.lineItems.map((item: { id: string; quantity: number }) => [item.id, item.quantity])).toEqual([
        [product, 3],
        [other, 1],
      ]);

      const changed = await client.storeApi('PATCH', '/store-api/checkout/cart/line-item', { token, body: { items: [{ id: product, quantity: 7 }] } });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().lineItems[0]).toMatchObject({ id: product, quantity: 7, price: { totalPrice: 35 } });

      const removed = await client.storeApi('DELETE', `/store-api/checkout/cart/line-item?ids[]=${product}`, { token });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().lineItems.map((item: { id: string }) => item.id)).toEqual([other]);

      const removedByBody = await client.storeApi('DELETE', '/store-api/checkout/cart/line-item', { token, body: { ids: [other] } });
      expect(removedByBody.statusCode).toBe(200);
      expect(removedByBody.json()).toMatchObject({ lineItems: [], deliveries: [], price: { totalPrice: 0 } });

      // Shopware's POST variant of the removal
      await addItems(token, [{ type: 'product', referencedId: product, quantity: 1 }]);
      const removedByPost = await client.storeApi('POST', '/store-api/checkout/cart/line-item/delete', { token, body: { ids: [product] } });
      expect(removedByPost.statusCode).toBe(200);
      expect(removedByPost.json().lineItems).toEqual([]);
      const notThere = await client.storeApi('POST', '/store-api/checkout/cart/line-item/delete', { token, body: { ids: [product] } });
      expect(notThere.statusCode).toBe(404);
      expect(notThere.json().errors[0]).toMatchObject({ code: 'CHECKOUT__CART_LINE_ITEM_NOT_FOUND', source: { pointer: '/ids/0' } });
    });

    it.each([
      ['items not a list', { items: { type: 'product' } }, 'FRAMEWORK__INVALID_REQUEST_PARAMETER', '/items'],
      ['no items', {}, 'FRAMEWORK__INVALID_REQUEST_PARAMETER', '/items'],
      ['an unknown type', { items: [{ type: 'promotion', referencedId: newId(), quantity: 1 }] }, 'CHECKOUT__CART_LINE_ITEM_TYPE_NOT_SUPPORTED', '/items/0/type'],
      ['quantity 0', { items: [{ type: 'product', referencedId: newId(), quantity: 0 }] }, 'CHECKOUT__CART_INVALID_QUANTITY', '/items/0/quantity'],
      ['a fractional quantity', { items: [{ type: 'product', referencedId: newId(), quantity: 1.5 }] }, 'CHECKOUT__CART_INVALID_QUANTITY', '/items/0/quantity'],
      ['a malformed id', { items: [{ type: 'product', referencedId: 'not-an-id', quantity: 1 }] }, 'VIOLATION::INVALID_ID', '/items/0/referencedId'],
      ['an item that is not an object', { items: ['x'] }, 'FRAMEWORK__INVALID_REQUEST_PARAMETER', '/items/0'],
    ])('refuses %s with a 400 pointing at it, leaving the cart unchanged', async (_name, body, code, pointer) => {
      const token = await guestToken();
      await addItems(token, [{ type: 'product', referencedId: product, quantity: 1 }]);
      const response = await client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([expect.objectContaining({ status: '400', code, source: { pointer } })]);
      const cart = (await getCart(token)).json();
      expect(cart.lineItems.map((item: { id: string; quantity: number }) => [item.id, item.quantity])).toEqual([[product, 1]]);
    });

    it('refuses an unknown product (CHECKOUT__PRODUCT_NOT_FOUND) and the valid items of the same request', async () => {
      const token = await guestToken();
      const unknown = newId();
      const response = await addItems(token, [
        { type: 'product', referencedId: product, quantity: 1 },
        { type: 'product', referencedId: unknown, quantity: 1 },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        expect.objectContaining({ code: 'CHECKOUT__PRODUCT_NOT_FOUND', detail: `Product for id ${unknown} not found.`, source: { pointer: '/items/1/referencedId' } }),
      ]);
      expect((await getCart(token)).json().lineItems).toEqual([]);
    });

    it('reports every problem of one request at once', async () => {
      const token = await guestToken();
      const response = await addItems(token, [
        { type: 'product', referencedId: product, quantity: 0 },
        { type: 'voucher', referencedId: 'x', quantity: 1 },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
        '/items/0/quantity',
        '/items/1/type',
        '/items/1/referencedId',
      ]);
    });

    it('refuses changing or removing a line item that is not in the cart', async () => {
      const token = await guestToken();
      await addItems(token, [{ type: 'product', referencedId: product, quantity: 2 }]);
      const missing = newId();
      const patch = await client.storeApi('PATCH', '/store-api/checkout/cart/line-item', {
        token,
        body: { items: [{ id: product, quantity: 5 }, { id: missing, quantity: 1 }] },
      });
      expect(patch.statusCode).toBe(404);
      expect(patch.json().errors).toEqual([expect.objectContaining({ code: 'CHECKOUT__CART_LINE_ITEM_NOT_FOUND', source: { pointer: '/items/1/id' } })]);
      const zero = await client.storeApi('PATCH', '/store-api/checkout/cart/line-item', { token, body: { items: [{ id: product, quantity: 0 }] } });
      expect(zero.statusCode).toBe(400);
      expect(zero.json().errors[0]).toMatchObject({ code: 'CHECKOUT__CART_INVALID_QUANTITY', source: { pointer: '/items/0/quantity' } });
      const remove = await client.storeApi('DELETE', '/store-api/checkout/cart/line-item', { token, body: { ids: [missing] } });
      expect(remove.statusCode).toBe(404);
      expect(remove.json().errors[0]).toMatchObject({ code: 'CHECKOUT__CART_LINE_ITEM_NOT_FOUND', source: { pointer: '/ids/0' } });
      const malformed = await client.storeApi('DELETE', '/store-api/checkout/cart/line-item?ids[]=nope', { token });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors[0]).toMatchObject({ code: 'VIOLATION::INVALID_ID', source: { pointer: '/ids/0' } });
      expect((await getCart(token)).json().lineItems[0].quantity).toBe(2);
    });

    it('fits quantities to stock of closeout products, minimum purchase and purchase steps, telling why', async () => {
      const closeout = await createProduct(t.platform, { isCloseout: true, stock: 3 });
      const token = await guestToken();
      const response = await addItems(token, [{ type: 'product', referencedId: closeout, quantity: 5 }]);
      expect(response.statusCode).toBe(200);
      const cart = response.json();
      expect(cart.lineItems[0].quantity).toBe(3);
      expect(cart.errors[`product-stock-reached${closeout}`]).toMatchObject({
        messageKey: 'product-stock-reached',
        level: 10,
        blockOrder: true,
        message: expect.stringContaining('only available 3 times'),
      });
      // the correction is stored: the next read has nothing to tell
      expect((await getCart(token)).json()).toMatchObject({ errors: {}, lineItems: [{ quantity: 3 }] });

      const stepped = await createProduct(t.platform, { minPurchase: 2, purchaseSteps: 3, maxPurchase: 10 });
      const raised = (await addItems(token, [{ type: 'product', referencedId: stepped, quantity: 1 }])).json();
      expect(raised.lineItems[1].quantity).toBe(2);
      expect(raised.errors[`min-order-quantity${stepped}`]).toMatchObject({ level: 10 });
      const aligned = (await client.storeApi('PATCH', '/store-api/checkout/cart/line-item', { token, body: { items: [{ id: stepped, quantity: 7 }] } })).json();
      expect(aligned.lineItems[1].quantity).toBe(5);
      expect(aligned.errors[`purchase-steps-quantity${stepped}`]).toBeDefined();
      const capped = (await client.storeApi('PATCH', '/store-api/checkout/cart/line-item', { token, body: { items: [{ id: stepped, quantity: 50 }] } })).json();
      // at most 10, then down to the steps: 2 + 3 * 2 = 8
      expect(capped.lineItems[1].quantity).toBe(8);
    });

    it('removes a product that is no longer available and says so once', async () => {
      const vanishing = await createProduct(t.platform, { gross: 3 });
      const token = await guestToken();
      await addItems(token, [{ type: 'product', referencedId: vanishing, quantity: 1 }]);
      await t.platform.db.updateTable('product').set({ active: false }).where('id', '=', vanishing).execute();
      const cart = (await getCart(token)).json();
      expect(cart.lineItems).toEqual([]);
      expect(cart.errors[`product-not-found${vanishing}`]).toMatchObject({ level: 20, blockOrder: true, code: 'CHECKOUT__PRODUCT_NOT_FOUND' });
      expect((await getCart(token)).json().errors).toEqual({});
    });
  });

  describe('payment method validation', () => {
    it("lists the handler's refusal as a blocking cart error", async () => {
      const product = await createProduct(t.platform, { gross: 60 });
      const methodId = await createPaymentMethod(t.platform, {
        async validate(input) {
          return input.cart.price.totalPrice > 5000 ? { ok: false, message: 'Orders above 50.00 need a prior approval.' } : { ok: true };
        },
        async pay() {},
      });
      const token = await guestToken();
      expect((await client.storeApi('PATCH', '/store-api/context', { token, body: { paymentMethodId: methodId } })).statusCode).toBe(200);
      const cart = (await addItems(token, [{ type: 'product', referencedId: product, quantity: 1 }])).json();
      expect(cart.transactions[0].paymentMethodId).toBe(methodId);
      expect(Object.values(cart.errors)).toEqual([
        {
          key: `payment-method-blocked${methodId}`,
          messageKey: 'payment-method-blocked',
          code: 'CHECKOUT__PAYMENT_METHOD_BLOCKED',
          level: 20,
          message: 'Orders above 50.00 need a prior approval.',
          blockOrder: true,
        },
      ]);
    });

    it('blocks a payment method the sales channel no longer offers, and the order with it', async () => {
      const product = await createProduct(t.platform, { gross: 1 });
      const token = await guestToken();
      await addItems(token, [{ type: 'product', referencedId: product, quantity: 1 }]);
      const assignment = { sales_channel_id: DEFAULT_SALES_CHANNEL_ID, payment_method_id: INVOICE_METHOD_ID };
      await t.platform.db.deleteFrom('sales_channel_payment_method').where('sales_channel_id', '=', DEFAULT_SALES_CHANNEL_ID).where('payment_method_id', '=', INVOICE_METHOD_ID).execute();
      try {
        const cart = (await getCart(token)).json();
        expect(Object.values(cart.errors)).toEqual([expect.objectContaining({ messageKey: 'payment-method-blocked', level: 20, message: 'Payment method Invoice not available.' })]);
      } finally {
        await t.platform.db.insertInto('sales_channel_payment_method').values(assignment).execute();
      }
    });

    it('blocks a payment method whose handler is gone', async () => {
      const product = await createProduct(t.platform, { gross: 1 });
      const token = await guestToken();
      await addItems(token, [{ type: 'product', referencedId: product, quantity: 1 }]);
      // the sales channel's default method stays in the context even when it cannot pay
      await t.platform.db.updateTable('payment_method').set({ active: false }).where('id', '=', INVOICE_METHOD_ID).execute();
      try {
        const cart = (await getCart(token)).json();
        expect(Object.values(cart.errors)).toEqual([expect.objectContaining({ messageKey: 'payment-method-blocked', level: 20, message: 'Payment method Invoice not available.' })]);
      } finally {
        await t.platform.db.updateTable('payment_method').set({ active: true }).where('id', '=', INVOICE_METHOD_ID).execute();
      }
    });
  });

  it('keeps carts of different tokens apart and ignores a token of nobody', async () => {
    const product = await createProduct(t.platform, { gross: 1 });
    const first = await guestToken();
    const second = await guestToken();
    await addItems(first, [{ type: 'product', referencedId: product, quantity: 2 }]);
    expect((await getCart(second)).json().lineItems).toEqual([]);
    const unknown = await getCart(newId());
    expect(unknown.json().lineItems).toEqual([]);
    expect(unknown.json().token).not.toBe(first);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_DEFAULT, LANGUAGE_SYSTEM } from '../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import type { OrderPlacedPayload } from '../../../src/platform/checkout/order/order-events.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { createStoreApiClient, GERMANY_ID, type StoreApiClient } from '../store-api/store-api-client.js';
import {
  createPaymentMethod,
  createProduct,
  INVOICE_METHOD_ID,
  productStock,
  STANDARD_SHIPPING_ID,
  TAX_REDUCED,
  TAX_STANDARD,
  transactionState,
} from './checkout-fixtures.js';

describe('Store API order placement', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  const placed: OrderPlacedPayload[] = [];
  beforeAll(async () => {
    t = await createTestPlatform();
    client = await createStoreApiClient(t);
    t.platform.events.on('checkout.order.placed', (payload) => void placed.push(payload));
  });
  afterAll(() => t.close());

  const addItems = (token: string, items: unknown) => client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items } });
  const placeOrder = (token: string | undefined, body: unknown = {}) => client.storeApi('POST', '/store-api/checkout/order', { token, body });

  it('refuses a visitor who is not logged in (403), whatever the cart holds', async () => {
    const product = await createProduct(t.platform);
    const added = await client.storeApi('POST', '/store-api/checkout/cart/line-item', { body: { items: [{ type: 'product', referencedId: product, quantity: 1 }] } });
    const token = added.headers['sw-context-token'] as string;
    const response = await placeOrder(token);
    expect(response.statusCode).toBe(403);
    expect(response.json().errors).toEqual([expect.objectContaining({ status: '403', code: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN' })]);
    expect(await t.platform.db.selectFrom('cart').select('token').where('token', '=', token).executeTakeFirst()).toBeDefined();
  });

  it('refuses an empty cart (400 CHECKOUT__CART_EMPTY)', async () => {
    const token = await client.registerCustomer();
    const response = await placeOrder(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ status: '400', code: 'CHECKOUT__CART_EMPTY', detail: 'Cart is empty' })]);
  });

  it("refuses a cart the payment handler blocks, with the handler's message (400 CHECKOUT__CART_INVALID)", async () => {
    const message = 'This payment method needs a billing address in Kenya.';
    const methodId = await createPaymentMethod(t.platform, {
      async validate() {
        return { ok: false, message, code: 'PAY_TEST__COUNTRY' };
      },
      async pay() {},
    });
    const token = await client.registerCustomer();
    expect((await client.storeApi('PATCH', '/store-api/context', { token, body: { paymentMethodId: methodId } })).statusCode).toBe(200);
    const product = await createProduct(t.platform, { stock: 10 });
    const cart = (await addItems(token, [{ type: 'product', referencedId: product, quantity: 2 }])).json();
    expect(cart.errors[`payment-method-blocked${methodId}`]).toMatchObject({ message, code: 'PAY_TEST__COUNTRY', level: 20, blockOrder: true });

    const response = await placeOrder(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ status: '400', code: 'CHECKOUT__CART_INVALID', detail: message, meta: { parameters: expect.objectContaining({ errorCode: 'PAY_TEST__COUNTRY' }) } }),
    ]);
    expect(await productStock(t.platform, product)).toBe(10);
    expect((await client.storeApi('GET', '/store-api/checkout/cart', { token })).json().lineItems).toHaveLength(1);
  });

  it('writes the order with customer, address copies, line items, delivery and one open transaction; takes the stock; clears the cart', async () => {
    const { token, customer, email } = await client.registerCustomerAccount({
      firstName: 'Grace',
      lastName: 'Hopper',
      billingAddress: { street: 'Invalidenstraße 117', zipcode: '10115', city: 'Berlin', countryId: GERMANY_ID },
    });
    const grinder = await createProduct(t.platform, { gross: 19.99, taxId: TAX_STANDARD, stock: 10, name: 'Grinder' });
    const beans = await createProduct(t.platform, { gross: 10.7, taxId: TAX_REDUCED, stock: 5, name: 'Beans' });
    await addItems(token, [
      { type: 'product', referencedId: grinder, quantity: 3 },
      { type: 'product', referencedId: beans, quantity: 2 },
    ]);
    const placedBefore = placed.length;

    const response = await placeOrder(token, { customerComment: '  Please ring twice.  ' });
    expect(response.statusCode).toBe(200);
    const order = response.json();
    expect(order).toMatchObject({
      apiAlias: 'order',
      salesChannelId: DEFAULT_SALES_CHANNEL_ID,
      currencyId: CURRENCY_DEFAULT,
      languageId: LANGUAGE_SYSTEM,
      amountTotal: 86.36,
      amountNet: 74.58,
      positionPrice: 81.37,
      shippingTotal: 4.99,
      taxStatus: 'gross',
      customerComment: 'Please ring twice.',
      stateMachineState: { technicalName: 'open' },
      orderCustomer: { customerId: customer.id, email, firstName: 'Grace', lastName: 'Hopper', customerNumber: customer.customerNumber },
      price: { totalPrice: 86.36, netPrice: 74.58, positionPrice: 81.37, rawTotal: 86.36, taxStatus: 'gross' },
      shippingCosts: { unitPrice: 4.99, totalPrice: 4.99, quantity: 1 },
    });
    expect(order.deepLinkCode).toBeUndefined();

    // the order number comes from the number range
    const state = await t.platform.db
      .selectFrom('number_range_state as s')
      .innerJoin('number_range as r', 'r.id', 's.number_range_id')
      .select('s.last_value')
      .where('r.technical_name', '=', 'order')
      .executeTakeFirstOrThrow();
    expect(order.orderNumber).toBe(String(state.last_value));

    // addresses are copies, the billing address is linked
    expect(order.addresses).toHaveLength(1);
    expect(order.addresses[0]).toMatchObject({ street: 'Invalidenstraße 117', zipcode: '10115', city: 'Berlin', countryId: GERMANY_ID, firstName: 'Grace', lastName: 'Hopper' });
    expect(order.billingAddressId).toBe(order.addresses[0].id);
    const customerAddress = await t.platform.db.selectFrom('customer_address').select('id').where('customer_id', '=', customer.id).executeTakeFirstOrThrow();
    expect(order.addresses[0].id).not.toBe(customerAddress.id);

    expect(order.lineItems).toHaveLength(2);
    expect(order.lineItems[0]).toMatchObject({
      identifier: grinder,
      referencedId: grinder,
      productId: grinder,
      type: 'product',
      label: 'Grinder',
      quantity: 3,
      unitPrice: 19.99,
      totalPrice: 59.97,
      position: 1,
      payload: { productNumber: `SW-${grinder.slice(0, 10)}` },
      price: { unitPrice: 19.99, totalPrice: 59.97, quantity: 3, calculatedTaxes: [{ tax: 9.58, taxRate: 19, price: 59.97 }], taxRules: [{ taxRate: 19, percentage: 100 }] },
    });
    expect(order.lineItems[1]).toMatchObject({ productId: beans, quantity: 2, unitPrice: 10.7, totalPrice: 21.4, position: 2 });

    expect(order.deliveries).toHaveLength(1);
    const delivery = order.deliveries[0];
    expect(delivery).toMatchObject({
      shippingMethodId: STANDARD_SHIPPING_ID,
      shippingOrderAddressId: order.addresses[0].id,
      stateMachineState: { technicalName: 'open' },
      shippingCosts: { unitPrice: 4.99, calculatedTaxes: [{ tax: 0.8, taxRate: 19, price: 4.99 }] },
    });
    const days = (iso: string) => (new Date(iso).getTime() - new Date(order.orderDateTime).getTime()) / 86_400_000;
    expect(Math.round(days(delivery.shippingDateEarliest))).toBe(1);
    expect(Math.round(days(delivery.shippingDateLatest))).toBe(3);

    expect(order.transactions).toHaveLength(1);
    const transaction = order.transactions[0];
    expect(transaction).toMatchObject({
      paymentMethodId: INVOICE_METHOD_ID,
      stateMachineState: { technicalName: 'open' },
      amount: { unitPrice: 86.36, totalPrice: order.amountTotal, quantity: 1, calculatedTaxes: order.price.calculatedTaxes },
    });
    expect(await transactionState(t.platform, transaction.id)).toBe('open');

    // exact numerics in the database
    const row = await t.platform.db
      .selectFrom('order')
      .select(['amount_total', 'amount_net', 'position_price', 'shipping_total'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ amount_total: '86.3600', amount_net: '74.5800', position_price: '81.3700', shipping_total: '4.9900' });

    expect(await productStock(t.platform, grinder)).toBe(7);
    expect(await productStock(t.platform, beans)).toBe(3);
    expect(await t.platform.db.selectFrom('cart').select('token').where('token', '=', token).executeTakeFirst()).toBeUndefined();
    expect((await client.storeApi('GET', '/store-api/checkout/cart', { token })).json().lineItems).toEqual([]);
    expect(placed.slice(placedBefore)).toEqual([{ orderId: order.id, salesChannelId: DEFAULT_SALES_CHANNEL_ID, customerId: customer.id }]);

    // the same cart cannot be ordered twice
    const again = await placeOrder(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].code).toBe('CHECKOUT__CART_EMPTY');
  });

  it('lets a guest account (registered with guest: true) order, with a separate shipping address', async () => {
    const { token, customer } = await client.registerCustomerAccount({
      guest: true,
      password: undefined,
      shippingAddress: { street: 'Lindenallee 5', zipcode: '50667', city: 'Köln', countryId: GERMANY_ID, firstName: 'Ship', lastName: 'To' },
    });
    const product = await createProduct(t.platform, { gross: 5, stock: 1 });
    await addItems(token, [{ type: 'product', referencedId: product, quantity: 1 }]);
    const response = await placeOrder(token);
    expect(response.statusCode).toBe(200);
    const order = response.json();
    expect(order.orderCustomer.customerId).toBe(customer.id);
    expect(order.addresses).toHaveLength(2);
    const billing = order.addresses.find((a: { id: string }) => a.id === order.billingAddressId);
    const shipping = order.addresses.find((a: { id: string }) => a.id === order.deliveries[0].shippingOrderAddressId);
    expect(billing).toMatchObject({ city: 'Berlin' });
    expect(shipping).toMatchObject({ city: 'Köln', street: 'Lindenallee 5' });
    expect(await productStock(t.platform, product)).toBe(0);
  });

  it('orders in the currency of the context, with exact amounts', async () => {
    const token = await client.registerCustomer();
    const kwd = (await t.platform.db.selectFrom('currency').select('id').where('iso_code', '=', 'KWD').executeTakeFirstOrThrow()).id as string;
    expect((await client.storeApi('PATCH', '/store-api/context', { token, body: { currencyId: kwd } })).statusCode).toBe(200);
    const product = await createProduct(t.platform, { gross: 19.99 });
    await addItems(token, [{ type: 'product', referencedId: product, quantity: 3 }]);
    const order = (await placeOrder(token)).json();
    // 3 x 6.597 + 1.647 shipping
    expect(order).toMatchObject({ currencyId: kwd, currencyFactor: 0.33, amountTotal: 21.438, positionPrice: 19.791, shippingTotal: 1.647 });
    expect(order.transactions[0].amount.totalPrice).toBe(21.438);
    const row = await t.platform.db.selectFrom('order').select('amount_total').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.amount_total).toBe('21.4380');
  });

  it('orders in a currency without decimals (RWF): cart, order row, line items and transaction agree to the unit', async () => {
    const token = await client.registerCustomer();
    const rwf = (await t.platform.db.selectFrom('currency').select('id').where('iso_code', '=', 'RWF').executeTakeFirstOrThrow()).id as string;
    expect((await client.storeApi('PATCH', '/store-api/context', { token, body: { currencyId: rwf } })).statusCode).toBe(200);
    const product = await createProduct(t.platform, { gross: 19.99 });
    const cart = (await addItems(token, [{ type: 'product', referencedId: product, quantity: 3 }])).json();
    const order = (await placeOrder(token)).json();
    // factor 1450: 19.99 -> 28985.5 -> 28986 per unit (half-up); shipping 4.99 -> 7235.5 -> 7236
    expect(order).toMatchObject({ currencyId: rwf, amountTotal: 94194, positionPrice: 86958, shippingTotal: 7236 });
    expect(order.price).toEqual(expect.objectContaining({ totalPrice: cart.price.totalPrice, netPrice: cart.price.netPrice, positionPrice: cart.price.positionPrice }));
    expect(order.amountNet).toBe(cart.price.netPrice);
    expect(Number.isInteger(order.amountNet)).toBe(true);
    expect(order.lineItems[0]).toMatchObject({ unitPrice: 28986, totalPrice: 86958 });
    expect(order.transactions[0].amount).toMatchObject({ unitPrice: 94194, totalPrice: 94194 });
    const row = await t.platform.db.selectFrom('order').select(['amount_total', 'shipping_total']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ amount_total: '94194.0000', shipping_total: '7236.0000' });
  });

  it('refuses the order when the cart changed since the customer saw it (stock of a closeout product ran low)', async () => {
    const token = await client.registerCustomer();
    const product = await createProduct(t.platform, { isCloseout: true, stock: 5 });
    await addItems(token, [{ type: 'product', referencedId: product, quantity: 4 }]);
    await t.platform.db.updateTable('product').set({ stock: 2 }).where('id', '=', product).execute();
    const refused = await placeOrder(token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([expect.objectContaining({ code: 'CHECKOUT__CART_INVALID', detail: expect.stringContaining('only available 2 times') })]);
    // the customer has seen the correction; ordering again succeeds with the fitted quantity
    const ordered = await placeOrder(token);
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json().lineItems[0].quantity).toBe(2);
    expect(await productStock(t.platform, product)).toBe(0);
  });
});

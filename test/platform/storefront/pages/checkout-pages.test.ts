import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { systemContext } from '../../../../src/platform/acl/context.js';
import { paymentErrors } from '../../../../src/platform/checkout/payment/payment-errors.js';
import { newId } from '../../../../src/platform/ids.js';
import { CURRENCY_DEFAULT } from '../../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { insertCover } from '../../catalog/catalog-fixtures.js';
import { Browser } from '../browser.js';
import {
  CASH_METHOD_ID,
  INVOICE_METHOD_ID,
  createPaymentMethod,
  createShopProduct,
  locationPath,
  pathOf,
  registerThroughForm,
  submitForm,
  textOf,
} from './shop-fixtures.js';

let t: TestPlatform;
let mugId: string;
let posterId: string;
let limitedId: string;
let refusingMethodId: string;
let gatewayMethodId: string;
/** Return URLs the redirecting test gateway was given, newest last. */
const gatewayReturnUrls: string[] = [];

beforeAll(async () => {
  t = await createTestPlatform();
  mugId = await createShopProduct(t.platform, { name: 'Coffee mug', gross: 12.5 });
  posterId = await createShopProduct(t.platform, { name: 'Poster', gross: 7 });
  limitedId = await createShopProduct(t.platform, { name: 'Limited print', gross: 100, isCloseout: true, stock: 2 });
  refusingMethodId = await createPaymentMethod(
    t.platform,
    {
      validate: async () => ({ ok: false, message: 'Picky pay does not accept carts like this one.' }),
      pay: async () => undefined,
    },
    'Picky pay',
  );
  gatewayMethodId = await createPaymentMethod(
    t.platform,
    {
      pay: async ({ transaction }) => {
        gatewayReturnUrls.push(transaction.returnUrl);
        return { redirectUrl: `https://gateway.example/checkout?return=${encodeURIComponent(transaction.returnUrl)}` };
      },
      finalize: async ({ transaction, requestData }) => {
        const platform = t.platform;
        if (requestData.status === 'cancelled') throw paymentErrors.customerCanceled(transaction.orderTransactionId, 'Cancelled at the gateway.');
        if (requestData.status !== 'paid') throw paymentErrors.asyncFinalizeInterrupted(transaction.orderTransactionId, 'The card was declined.');
        await platform.stateMachines.transition({ within: platform.db, entity: 'order_transaction', id: transaction.orderTransactionId, action: 'paid', context: systemContext });
      },
    },
    'Gateway pay',
  );
});

afterAll(async () => {
  await t?.close();
});

async function addToCart(browser: Browser, productId: string, quantity = '1') {
  return submitForm(browser, `/detail/${productId}`, '/checkout/line-item/add', { productId, quantity });
}

async function orderRows(customerEmail: string) {
  return t.platform.db
    .selectFrom('order as o')
    .innerJoin('order_customer as oc', 'oc.order_id', 'o.id')
    .select(['o.id', 'o.order_number', 'o.amount_total'])
    .where('oc.email', '=', customerEmail)
    .execute();
}

async function transactionsOf(orderId: string) {
  return t.platform.db
    .selectFrom('order_transaction as t')
    .innerJoin('state_machine_state as s', 's.id', 't.state_id')
    .select(['t.id', 't.payment_method_id', 's.technical_name'])
    .where('t.order_id', '=', orderId)
    .orderBy('t.created_at')
    .orderBy('t.id')
    .execute();
}

describe('cart', () => {
  it('adds a product, stores the guest context under a new session token and shows the cart with shipping and totals', async () => {
    const browser = new Browser(t.app);
    await browser.get('/');
    const firstToken = browser.cookies.get('sw-context-token')!;
    const added = await addToCart(browser, mugId, '2');
    expect(added.statusCode).toBe(302);
    expect(added.headers.location).toBe('/checkout/cart');
    // a token the visitor brought is never adopted: the stored context has a token of the server's
    const token = browser.cookies.get('sw-context-token')!;
    expect(token).not.toBe(firstToken);
    const stored = await t.platform.db.selectFrom('sales_channel_api_context').select('token').where('token', '=', token).executeTakeFirst();
    expect(stored).toBeDefined();

    const cart = await browser.get('/checkout/cart');
    expect(cart.statusCode).toBe(200);
    expect(cart.body).toContain('&quot;Coffee mug&quot; was added to your cart.');
    expect(cart.body).toContain(`<a href="/detail/${mugId}">Coffee mug</a>`);
    expect(cart.body).toContain(`action="/checkout/line-item/change-quantity/${mugId}"`);
    expect(cart.body).toContain(`value="2"`);
    const text = textOf(cart.body);
    expect(text).toContain('Subtotal €25.00');
    expect(text).toContain('Shipping (Standard) €4.99');
    expect(text).toContain('Total €29.99');
    expect(text).toContain('Incl. 19% tax €4.79');
    expect(cart.body).toContain('<a class="button" href="/checkout/confirm">Proceed to checkout</a>');
  });

  it('changes quantities, reports a reduced quantity once, and removes items', async () => {
    const browser = new Browser(t.app);
    await addToCart(browser, limitedId);
    const changed = await submitForm(browser, '/checkout/cart', `/checkout/line-item/change-quantity/${limitedId}`, { quantity: '5' });
    expect(changed.statusCode).toBe(302);
    const cart = await browser.get('/checkout/cart');
    expect(cart.body).toContain('<div class="alert alert-warning" role="status">The product Limited print is only available 2 times. The quantity was reduced to 2.</div>');
    expect(textOf(cart.body)).toContain('Subtotal €200.00');
    // the correction was reported once
    expect((await browser.get('/checkout/cart')).body).not.toContain('only available 2 times');

    const invalid = await submitForm(browser, '/checkout/cart', `/checkout/line-item/change-quantity/${limitedId}`, { quantity: 'many' });
    expect(invalid.statusCode).toBe(302);
    expect((await browser.get('/checkout/cart')).body).toContain('Please enter a valid quantity.');

    const removed = await submitForm(browser, '/checkout/cart', `/checkout/line-item/delete/${limitedId}`, {});
    expect(removed.statusCode).toBe(302);
    const empty = await browser.get('/checkout/cart');
    expect(empty.body).toContain('The item was removed from your cart.');
    expect(empty.body).toContain('Your cart is empty.');

    const gone = await submitForm(browser, '/checkout/cart', `/checkout/line-item/delete/${limitedId}`, {});
    expect(gone.statusCode).toBe(302);
    expect((await browser.get('/checkout/cart')).body).toContain('This item is no longer in your cart.');
  });

  it('refuses an unknown product with a message', async () => {
    const browser = new Browser(t.app);
    const response = await submitForm(browser, '/', '/checkout/line-item/add', { productId: newId(), quantity: '1' });
    expect(response.statusCode).toBe(302);
    expect((await browser.get('/checkout/cart')).body).toContain('This product is not available.');
  });
});

describe('checkout', () => {
  it('sends guests to the login page and an empty cart back to the cart', async () => {
    const guest = new Browser(t.app);
    const confirm = await guest.get('/checkout/confirm');
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/account/login?redirectTo=%2Fcheckout%2Fconfirm');

    const customer = new Browser(t.app);
    await registerThroughForm(customer);
    const empty = await customer.get('/checkout/confirm');
    expect(empty.statusCode).toBe(302);
    expect(empty.headers.location).toBe('/checkout/cart');
    expect((await customer.get('/checkout/cart')).body).toContain('Your cart is empty.');
  });

  it('takes a guest through registration, cart and confirm to an invoice order and its finish page', async () => {
    const browser = new Browser(t.app);
    // the guest fills the cart before having an account; the cart moves into the account
    await addToCart(browser, mugId, '2');
    await addToCart(browser, posterId);
    const data = await registerThroughForm(browser);

    const confirm = await browser.get('/checkout/confirm');
    expect(confirm.statusCode).toBe(200);
    const text = textOf(confirm.body);
    expect(text).toContain('Billing address Grace Hopper Main Street 1 10115 Berlin Germany');
    expect(text).toMatch(/Coffee mug Product number: SF-\w+ 2 €12\.50 €25\.00/);
    expect(text).toMatch(/Poster Product number: SF-\w+ 1 €7\.00 €7\.00/);
    expect(text).toContain('Total €36.99');
    expect(confirm.body).toContain(`<input type="radio" id="payment-${INVOICE_METHOD_ID}" name="paymentMethodId" value="${INVOICE_METHOD_ID}" checked>`);
    expect(confirm.body).toContain(`value="${CASH_METHOD_ID}">`);
    expect(confirm.body).toContain('<button type="submit" id="place-order">Place order</button>');

    const placed = await browser.request('POST', '/checkout/order', { form: { _csrf_token: Browser.csrfTokenOf(confirm), customerComment: 'Ring twice', tos: '1' } });
    expect(placed.statusCode).toBe(302);
    const [order] = await orderRows(data.email);
    expect(order).toBeDefined();
    // the finish URL is absolute, on the shop's origin (APP_URL here)
    expect(placed.headers.location).toBe(`http://localhost:8000/checkout/finish?orderId=${order!.id}`);

    const finish = await browser.get(locationPath(placed));
    expect(finish.statusCode).toBe(200);
    expect(finish.body).toContain(`Your order number is <strong id="order-number">${order!.order_number}</strong>.`);
    expect(textOf(finish.body)).toContain('Total €36.99');
    expect(textOf(finish.body)).toContain('Payment method Invoice');
    expect(finish.body).toContain('<dd id="payment-state">Open</dd>');

    expect(Number(order!.amount_total)).toBe(36.99);
    const transactions = await transactionsOf(order!.id);
    expect(transactions).toEqual([expect.objectContaining({ payment_method_id: INVOICE_METHOD_ID, technical_name: 'open' })]);
    const comment = await t.platform.db.selectFrom('order').select('customer_comment').where('id', '=', order!.id).executeTakeFirstOrThrow();
    expect(comment.customer_comment).toBe('Ring twice');
    // the cart is gone
    expect((await browser.get('/checkout/cart')).body).toContain('Your cart is empty.');

    // another customer cannot open the order
    const stranger = new Browser(t.app);
    await registerThroughForm(stranger);
    expect((await stranger.get(`/checkout/finish?orderId=${order!.id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/account/order/edit/${order!.id}`)).statusCode).toBe(404);
    expect((await stranger.get('/checkout/finish?orderId=nope')).statusCode).toBe(404);
  });

  it('switches the payment method; a method whose check refuses the cart blocks the order with its message', async () => {
    const browser = new Browser(t.app);
    const data = await registerThroughForm(browser);
    await addToCart(browser, posterId);

    const switched = await submitForm(browser, '/checkout/confirm', '/checkout/configure', { paymentMethodId: refusingMethodId, redirectTo: '/checkout/confirm' });
    expect(switched.statusCode).toBe(302);
    expect(switched.headers.location).toBe('/checkout/confirm');
    const confirm = await browser.get('/checkout/confirm');
    expect(confirm.body).toContain('Your payment method is now: Picky pay.');
    expect(confirm.body).toContain('<div class="alert alert-danger" role="alert">Picky pay does not accept carts like this one.</div>');
    expect(confirm.body).toContain(`value="${refusingMethodId}" checked>`);
    expect(confirm.body).toContain('<button type="submit" id="place-order" disabled aria-describedby="order-blocked">Place order</button>');

    // a forced post is refused by the order placement as well
    const placed = await browser.request('POST', '/checkout/order', { form: { _csrf_token: Browser.csrfTokenOf(confirm), tos: '1' } });
    expect(placed.statusCode).toBe(302);
    expect(placed.headers.location).toBe('/checkout/confirm');
    expect((await browser.get('/checkout/confirm')).body).toContain('Picky pay does not accept carts like this one.');
    expect(await orderRows(data.email)).toEqual([]);

    // a method the channel does not offer is refused
    const unknown = await submitForm(browser, '/checkout/confirm', '/checkout/configure', { paymentMethodId: newId() });
    expect(unknown.statusCode).toBe(302);
    expect((await browser.get('/checkout/confirm')).body).toContain('This payment method is not available. Please choose another one.');

    await submitForm(browser, '/checkout/confirm', '/checkout/configure', { paymentMethodId: CASH_METHOD_ID });
    const ordered = await submitForm(browser, '/checkout/confirm', '/checkout/order', { tos: '1' });
    const [order] = await orderRows(data.email);
    expect(locationPath(ordered)).toBe(`/checkout/finish?orderId=${order!.id}`);
    expect(await transactionsOf(order!.id)).toEqual([expect.objectContaining({ payment_method_id: CASH_METHOD_ID, technical_name: 'open' })]);
  });

  it('sends the customer to the gateway; after a cancel the order page offers another payment method', async () => {
    const browser = new Browser(t.app);
    const data = await registerThroughForm(browser);
    await addToCart(browser, mugId);
    await submitForm(browser, '/checkout/confirm', '/checkout/configure', { paymentMethodId: gatewayMethodId });

    const placed = await submitForm(browser, '/checkout/confirm', '/checkout/order', { tos: '1' });
    expect(placed.statusCode).toBe(302);
    expect(String(placed.headers.location)).toMatch(/^https:\/\/gateway\.example\/checkout\?return=/);
    const [order] = await orderRows(data.email);

    // the customer cancels at the gateway and comes back through the finalize URL
    const returnUrl = gatewayReturnUrls.at(-1)!;
    const back = await browser.get(`${pathOf(returnUrl)}&status=cancelled`);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`http://localhost:8000/account/order/edit/${order!.id}?error-code=CHECKOUT__CUSTOMER_CANCELED_EXTERNAL_PAYMENT`);
    expect(await transactionsOf(order!.id)).toEqual([expect.objectContaining({ technical_name: 'cancelled' })]);

    const page = await browser.get(locationPath(back));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You cancelled the payment. Your order has been saved: choose a payment method to pay it now.');
    expect(page.body).toContain('<dd id="payment-state">Cancelled</dd>');
    expect(page.body).toContain(`action="/account/order/update/${order!.id}"`);
    // the cancelled attempt's method is preselected
    expect(page.body).toContain(`value="${gatewayMethodId}" checked>`);

    // a method the channel does not offer is refused; then the invoice
    const refused = await browser.request('POST', `/account/order/update/${order!.id}`, { form: { _csrf_token: Browser.csrfTokenOf(page), paymentMethodId: newId() } });
    expect(locationPath(refused)).toBe(`/account/order/edit/${order!.id}`);
    const retried = await browser.request('POST', `/account/order/update/${order!.id}`, { form: { _csrf_token: Browser.csrfTokenOf(page), paymentMethodId: INVOICE_METHOD_ID } });
    expect(retried.statusCode).toBe(302);
    expect(locationPath(retried)).toBe(`/checkout/finish?orderId=${order!.id}`);
    expect(await transactionsOf(order!.id)).toEqual([
      expect.objectContaining({ payment_method_id: gatewayMethodId, technical_name: 'cancelled' }),
      expect.objectContaining({ payment_method_id: INVOICE_METHOD_ID, technical_name: 'open' }),
    ]);

    // an open invoice is not paid twice: the same method keeps the transaction, another cancels it
    const edit = await browser.get(`/account/order/edit/${order!.id}`);
    expect(edit.body).toContain('<dd id="payment-state">Open</dd>');
    const again = await browser.request('POST', `/account/order/update/${order!.id}`, { form: { _csrf_token: Browser.csrfTokenOf(edit), paymentMethodId: INVOICE_METHOD_ID } });
    expect(locationPath(again)).toBe(`/checkout/finish?orderId=${order!.id}`);
    expect(await transactionsOf(order!.id)).toHaveLength(2);
  });

  /** Registers, fills the cart, chooses the gateway and places the order: the browser is at the gateway. */
  async function orderAtGateway(browser: Browser): Promise<string> {
    const data = await registerThroughForm(browser);
    await addToCart(browser, posterId);
    await submitForm(browser, '/checkout/confirm', '/checkout/configure', { paymentMethodId: gatewayMethodId });
    const placed = await submitForm(browser, '/checkout/confirm', '/checkout/order', { tos: '1' });
    expect(String(placed.headers.location)).toMatch(/^https:\/\/gateway\.example\//);
    const [order] = await orderRows(data.email);
    return order!.id;
  }

  it('comes back from a successful payment to the finish page with the transaction paid', async () => {
    const browser = new Browser(t.app);
    const orderId = await orderAtGateway(browser);

    const back = await browser.get(`${pathOf(gatewayReturnUrls.at(-1)!)}&status=paid`);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`http://localhost:8000/checkout/finish?orderId=${orderId}`);
    expect(await transactionsOf(orderId)).toEqual([expect.objectContaining({ payment_method_id: gatewayMethodId, technical_name: 'paid' })]);

    const finish = await browser.get(locationPath(back));
    expect(finish.statusCode).toBe(200);
    expect(textOf(finish.body)).toContain('Payment method Gateway pay');
    expect(finish.body).toContain('<dd id="payment-state">Paid</dd>');
    // a paid order offers no other payment
    const edit = await browser.get(`/account/order/edit/${orderId}`);
    expect(edit.body).toContain('The payment of this order is complete or in progress: nothing to do here.');
    expect(edit.body).not.toContain(`action="/account/order/update/${orderId}"`);
  });

  it('comes back from a failed payment to the order page with the transaction failed, and pays by invoice instead', async () => {
    const browser = new Browser(t.app);
    const orderId = await orderAtGateway(browser);

    const back = await browser.get(`${pathOf(gatewayReturnUrls.at(-1)!)}&status=declined`);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`http://localhost:8000/account/order/edit/${orderId}?error-code=CHECKOUT__ASYNC_PAYMENT_FINALIZE_INTERRUPTED`);
    expect(await transactionsOf(orderId)).toEqual([expect.objectContaining({ technical_name: 'failed' })]);

    const page = await browser.get(locationPath(back));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div class="alert alert-danger" role="alert" id="payment-error">The payment could not be completed. Please try again or choose another payment method.</div>');
    expect(page.body).toContain('<dd id="payment-state">Failed</dd>');

    const retried = await browser.request('POST', `/account/order/update/${orderId}`, { form: { _csrf_token: Browser.csrfTokenOf(page), paymentMethodId: INVOICE_METHOD_ID } });
    expect(locationPath(retried)).toBe(`/checkout/finish?orderId=${orderId}`);
    expect(await transactionsOf(orderId)).toEqual([
      expect.objectContaining({ payment_method_id: gatewayMethodId, technical_name: 'failed' }),
      expect.objectContaining({ payment_method_id: INVOICE_METHOD_ID, technical_name: 'open' }),
    ]);
  });
});

describe('confirm page: methods in place, terms, images; finish like confirm', () => {
  it('refuses an order without accepted terms with a clear message, and places it once they are accepted', async () => {
    const browser = new Browser(t.app);
    const data = await registerThroughForm(browser);
    await addToCart(browser, mugId);
    const confirm = await browser.get('/checkout/confirm');
    expect(confirm.body).toMatch(/<input id="tos" name="tos" type="checkbox" value="1" required>/);
    // the method forms submit themselves on change; their buttons are for browsers without script
    expect(confirm.body).toContain('<form class="payment-form" method="post" action="/checkout/configure" data-auto-submit>');
    expect(confirm.body).toContain('<button type="submit" class="button-secondary js-hidden">Change payment method</button>');

    const refused = await browser.request('POST', '/checkout/order', { form: { _csrf_token: Browser.csrfTokenOf(confirm) } });
    expect(refused.statusCode).toBe(302);
    expect(locationPath(refused)).toBe('/checkout/confirm?tos=missing');
    expect(await orderRows(data.email)).toHaveLength(0);
    const again = await browser.get(locationPath(refused));
    expect(again.body).toContain('Please accept the terms and conditions to place your order.');
    expect(again.body).toContain('aria-invalid="true" aria-describedby="tos-error"');

    const placed = await submitForm(browser, '/checkout/confirm', '/checkout/order', { tos: '1' });
    expect(placed.statusCode).toBe(302);
    expect(await orderRows(data.email)).toHaveLength(1);
  });

  it('switches the shipping method in place', async () => {
    const platform = t.platform;
    const expressId = newId();
    await platform.db
      .insertInto('shipping_method')
      .values({ id: expressId, name: 'Express', active: true, position: 2, price: JSON.stringify([{ currencyId: CURRENCY_DEFAULT, gross: 9.99, net: 8.39, linked: true }]) })
      .execute();
    await platform.db.insertInto('sales_channel_shipping_method').values({ sales_channel_id: DEFAULT_SALES_CHANNEL_ID, shipping_method_id: expressId }).execute();

    const browser = new Browser(t.app);
    await registerThroughForm(browser);
    await addToCart(browser, mugId);
    const confirm = await browser.get('/checkout/confirm');
    expect(confirm.body).toContain(`<input type="radio" id="shipping-${expressId}" name="shippingMethodId" value="${expressId}">`);
    const switched = await submitForm(browser, '/checkout/confirm', '/checkout/configure', { shippingMethodId: expressId, redirectTo: '/checkout/confirm' });
    expect(switched.statusCode).toBe(302);
    const after = await browser.get('/checkout/confirm');
    expect(after.body).toContain('Your shipping method is now: Express.');
    expect(after.body).toContain(`value="${expressId}" checked>`);
    expect(textOf(after.body)).toContain('Shipping (Express) €9.99');
    const unknown = await submitForm(browser, '/checkout/confirm', '/checkout/configure', { shippingMethodId: newId() });
    expect((await browser.get(locationPath(unknown))).body).toContain('This shipping method is not available.');
  });

  it('shows product images in cart, confirm and finish; finish shows countries and tax lines', async () => {
    const imaged = await createShopProduct(t.platform, { name: 'Pictured vase', gross: 30 });
    const vase = '2024/05/0123456789abcdef0123456789abcdef/vase';
    await insertCover(t.platform.db, imaged, `${vase}.png`, 'A vase', { width: 600, height: 600, thumbnails: [{ width: 200, height: 200, path: `${vase.replace('/vase', '/thumbnails/vase')}_200x200.webp` }] });
    const browser = new Browser(t.app);
    await registerThroughForm(browser);
    await addToCart(browser, imaged);
    // the 200 px thumbnail is offered for the 64 px box; the original stays the fallback
    const image = /<img class="line-item-image" src="[^"]*\/vase\.png" srcset="[^"]*\/thumbnails\/vase_200x200\.webp 200w, [^"]*\/vase\.png 600w" sizes="64px" width="64" height="64"/;
    expect((await browser.get('/checkout/cart')).body).toMatch(image);
    expect((await browser.get('/checkout/confirm')).body).toMatch(image);
    const placed = await submitForm(browser, '/checkout/confirm', '/checkout/order', { tos: '1' });
    const finish = await browser.get(locationPath(placed));
    expect(finish.body).toMatch(image);
    const text = textOf(finish.body);
    expect(text).toContain('Billing address Grace Hopper Main Street 1 10115 Berlin Germany');
    expect(text).toContain('Incl. 19% tax');
    expect((await browser.get('/account/order')).body).toMatch(image);
  });
});

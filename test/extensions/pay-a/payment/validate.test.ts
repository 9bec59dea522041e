import { describe, expect, it } from 'vitest';
import { NOT_CONFIGURED_MESSAGE } from '../../../../src/extensions/pay-a/payment/validate-cart.js';
import { defaultShopCurrencyId } from '../../../../src/platform/first-start/default-ids.js';
import { createProduct } from '../../../platform/checkout/checkout-fixtures.js';
import { onlyGlobalSandboxKey } from '../../_gateway/gateway-test-setup.js';
import { useGatewayTest } from '../../_gateway/use-gateway-test.js';
import { currencyIdOf, DEFAULT_SALES_CHANNEL_ID, PAY_A_METHOD_ID, startPayATest, TEST_SECRET_KEY } from '../pay-a-test-setup.js';

const BLOCKED_KEY = `payment-method-blocked${PAY_A_METHOD_ID}`;

/**
 * Cart validation (runs before the customer leaves the shop): no secret key for the active mode, a
 * currency the gateway does not take, an amount it cannot express or one below its smallest charge
 * block the checkout with gateway A.
 */
describe('gateway A cart validation', () => {
  const test = useGatewayTest(() => startPayATest(), (started) => onlyGlobalSandboxKey(started, TEST_SECRET_KEY));

  /** A logged-in customer in `currencyId` with a product in the cart and gateway A chosen. */
  async function cart(currencyId: string, product: { gross?: number; shippingFree?: boolean } = {}): Promise<{ token: string; cart: Record<string, any> }> {
    const token = await test.client.registerCustomer();
    const context = await test.client.storeApi('PATCH', '/store-api/context', { token, body: { paymentMethodId: PAY_A_METHOD_ID, currencyId } });
    expect(context.statusCode, context.body).toBe(200);
    const productId = await createProduct(test.platform, { gross: product.gross ?? 20, shippingFree: product.shippingFree });
    const added = await test.client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: productId, quantity: 1 }] } });
    expect(added.statusCode).toBe(200);
    return { token, cart: added.json() };
  }

  async function expectBlocked(currencyId: string, message: string, code: string, product?: { gross?: number; shippingFree?: boolean }): Promise<void> {
    const { token, cart: blocked } = await cart(currencyId, product);
    expect(blocked.errors[BLOCKED_KEY]).toMatchObject({ message, code, level: 20, blockOrder: true });
    const order = await test.client.storeApi('POST', '/store-api/checkout/order', { token, body: {} });
    expect(order.statusCode).toBe(400);
    expect(order.json().errors).toEqual([expect.objectContaining({ code: 'CHECKOUT__CART_INVALID', detail: message, meta: { parameters: expect.objectContaining({ errorCode: code }) } })]);
  }

  it.each(['NGN', 'GHS', 'ZAR', 'KES', 'USD'])('lets a %s cart through with a secret key for the active (sandbox) mode', async (isoCode) => {
    const { token, cart: open } = await cart(defaultShopCurrencyId(isoCode));
    expect(open.errors).not.toHaveProperty(BLOCKED_KEY);
    expect((await test.client.storeApi('POST', '/store-api/checkout/order', { token, body: {} })).statusCode).toBe(200);
  });

  it('lets an XOF cart through (whole francs; the currency is created here, the default shop lacks it)', async () => {
    const { cart: open } = await cart(await currencyIdOf(test.platform, 'XOF', 0));
    expect(open.errors).not.toHaveProperty(BLOCKED_KEY);
  });

  it.each([
    ['EUR', 'the default currency'],
    ['RWF', 'a currency of the region the gateway does not take'],
    ['KWD', 'a 3-decimal currency'],
  ])('blocks a %s cart (%s) with a clear message naming the currencies it takes', async (isoCode) => {
    await expectBlocked(
      defaultShopCurrencyId(isoCode),
      `Gateway A does not accept payments in ${isoCode}. Please switch the currency to NGN, USD, GHS, ZAR, KES or XOF, or choose another payment method.`,
      'PAY_A__UNSUPPORTED_CURRENCY',
    );
  });

  it('blocks an amount below the smallest charge (NGN 50.00), and lets the smallest one through', async () => {
    // 0.03 EUR = 49.50 NGN at the default shop's rate of 1650, shipping free
    await expectBlocked(defaultShopCurrencyId('NGN'), 'Gateway A accepts payments of at least 50.00 NGN. Please choose another payment method.', 'PAY_A__AMOUNT_BELOW_MINIMUM', {
      gross: 0.03,
      shippingFree: true,
    });
    const { cart: enough } = await cart(defaultShopCurrencyId('NGN'), { gross: 0.04, shippingFree: true });
    expect(enough.errors).not.toHaveProperty(BLOCKED_KEY);
  });

  it('blocks an XOF total with centimes (a shop that keeps XOF with 2 decimals): the gateway would drop them', async () => {
    const xof = await test.platform.db.selectFrom('currency').select('id').where('iso_code', '=', 'XOF').executeTakeFirst();
    if (xof) await test.platform.db.updateTable('currency').set({ decimals: 2 }).where('id', '=', xof.id).execute();
    const currencyId = await currencyIdOf(test.platform, 'XOF', 2);
    try {
      // 1.01 EUR × 655.957 = 662.52 XOF
      await expectBlocked(currencyId, 'Gateway A can only charge whole XOF amounts. Please choose another payment method.', 'PAY_A__AMOUNT_NOT_PAYABLE', { gross: 1.01, shippingFree: true });
    } finally {
      await test.platform.db.updateTable('currency').set({ decimals: 0 }).where('id', '=', currencyId).execute();
    }
  });

  it('blocks the checkout without a secret key for the active mode, with a message naming no configuration detail', async () => {
    await test.setConfig('secretKeySandbox', null);
    await expectBlocked(defaultShopCurrencyId('NGN'), NOT_CONFIGURED_MESSAGE, 'PAY_A__NOT_CONFIGURED');
    expect(NOT_CONFIGURED_MESSAGE).not.toMatch(/key|secret|sandbox|live|config/i);
    // live mode with only a sandbox key is blocked too
    await test.setConfig('secretKeySandbox', TEST_SECRET_KEY);
    await test.setConfig('sandbox', false);
    await expectBlocked(defaultShopCurrencyId('NGN'), NOT_CONFIGURED_MESSAGE, 'PAY_A__NOT_CONFIGURED');
  });

  it("uses the sales channel's own key when the global one is missing", async () => {
    await test.setConfig('secretKeySandbox', null);
    await test.setConfig('secretKeySandbox', TEST_SECRET_KEY, DEFAULT_SALES_CHANNEL_ID);
    const { cart: open } = await cart(defaultShopCurrencyId('NGN'));
    expect(open.errors).not.toHaveProperty(BLOCKED_KEY);
  });
});

import { describe, expect, it } from 'vitest';
import { NOT_CONFIGURED_MESSAGE } from '../../../../src/extensions/pay-b/provider.js';
import { createProduct } from '../../../platform/checkout/checkout-fixtures.js';
import { onlyGlobalSandboxKey } from '../../_gateway/gateway-test-setup.js';
import { useGatewayTest } from '../../_gateway/use-gateway-test.js';
import { DEFAULT_SALES_CHANNEL_ID, PAY_B_METHOD_ID, startPayBTest, TEST_SECRET_KEY } from '../pay-b-test-setup.js';

const BLOCKED_KEY = `payment-method-blocked${PAY_B_METHOD_ID}`;

/** Cart validation: without a secret key for the active mode, checkout with gateway D is blocked. */
describe('gateway D cart validation', () => {
  const test = useGatewayTest(() => startPayBTest(), (started) => onlyGlobalSandboxKey(started, TEST_SECRET_KEY));

  /** A logged-in customer with a product in the cart and gateway D chosen; returns the token and the cart. */
  async function cartWithPayB(): Promise<{ token: string; cart: Record<string, any> }> {
    const token = await test.client.registerCustomer();
    expect((await test.client.storeApi('PATCH', '/store-api/context', { token, body: { paymentMethodId: PAY_B_METHOD_ID } })).statusCode).toBe(200);
    const product = await createProduct(test.platform, { gross: 20 });
    const added = await test.client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: product, quantity: 1 }] } });
    expect(added.statusCode).toBe(200);
    return { token, cart: added.json() };
  }

  async function expectBlocked(): Promise<void> {
    const { token, cart } = await cartWithPayB();
    expect(cart.errors[BLOCKED_KEY]).toMatchObject({ message: NOT_CONFIGURED_MESSAGE, code: 'PAY_B__NOT_CONFIGURED', level: 20, blockOrder: true });
    // the message names no configuration detail
    expect(NOT_CONFIGURED_MESSAGE).not.toMatch(/key|secret|sandbox|live|config/i);

    const order = await test.client.storeApi('POST', '/store-api/checkout/order', { token, body: {} });
    expect(order.statusCode).toBe(400);
    expect(order.json().errors).toEqual([
      expect.objectContaining({ code: 'CHECKOUT__CART_INVALID', detail: NOT_CONFIGURED_MESSAGE, meta: { parameters: expect.objectContaining({ errorCode: 'PAY_B__NOT_CONFIGURED' }) } }),
    ]);
  }

  it('lets the checkout through with a secret key for the active (sandbox) mode', async () => {
    const { token, cart } = await cartWithPayB();
    expect(cart.errors).not.toHaveProperty(BLOCKED_KEY);
    const order = await test.client.storeApi('POST', '/store-api/checkout/order', { token, body: {} });
    expect(order.statusCode).toBe(200);
  });

  it('blocks the checkout when sandbox mode has no secret key', async () => {
    await test.setConfig('secretKeySandbox', null);
    await expectBlocked();
  });

  it('blocks the checkout in live mode when only a sandbox key is configured', async () => {
    await test.setConfig('sandbox', false);
    await expectBlocked();
  });

  it('lets live mode through once the live key is set', async () => {
    await test.setConfig('sandbox', false);
    await test.setConfig('secretKey', 'FLWSECK-live-key');
    const { cart } = await cartWithPayB();
    expect(cart.errors).not.toHaveProperty(BLOCKED_KEY);
  });

  it("uses the sales channel's own key when the global one is missing", async () => {
    await test.setConfig('secretKeySandbox', null);
    await test.setConfig('secretKeySandbox', TEST_SECRET_KEY, DEFAULT_SALES_CHANNEL_ID);
    const { cart } = await cartWithPayB();
    expect(cart.errors).not.toHaveProperty(BLOCKED_KEY);
  });
});

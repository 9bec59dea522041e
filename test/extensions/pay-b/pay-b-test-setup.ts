import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { systemContext } from '../../../src/platform/acl/context.js';
import { decimalsFor } from '../../../src/platform/checkout/money/currency-decimals.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../src/platform/ids.js';
import type { Platform } from '../../../src/platform/kernel.js';
import { MediaFileStore } from '../../../src/platform/media/media-file-store.js';
import { uploadMediaFile } from '../../../src/platform/media/media-upload.js';
import { configKey, PAY_B_PAYMENT_METHOD_ID, type PayBConfigKey } from '../../../src/extensions/pay-b/config.js';
import { extPayB } from '../../../src/extensions/pay-b/index.js';
import { createPayBPaymentHandler } from '../../../src/extensions/pay-b/payment-handler.js';
import type { ExtensionHost } from '../../../src/platform/sdk/index.js';
import { startPayBSimulator, type PayBSimulator, type PayBSimulatorOptions } from '../../../src/extensions/pay-b/simulator/index.js';
import { createTestPlatform, type TestPlatform, type TestPlatformOptions } from '../../helpers/test-platform.js';
import { createOrderFixture } from '../../fixtures/orders.js';
import { createStoreApiClient, type RegistrationOverrides, type StoreApiClient } from '../../platform/store-api/store-api-client.js';
import { createProduct, transactionState } from '../../platform/checkout/checkout-fixtures.js';
import { historyOf } from '../../platform/state-machine/fixtures.js';

/** The simulator's default sandbox key; configured as `secretKeySandbox` unless a test says otherwise. */
export const TEST_SECRET_KEY = 'FLWSECK_TEST-simulator';
/** The webhook secret hash both sides use by default (sandbox mode). */
export const TEST_WEBHOOK_HASH = 'pay-b-test-webhook-hash-7f3c';
export const PAY_B_METHOD_ID = PAY_B_PAYMENT_METHOD_ID;
export const FINISH_URL = 'https://frontend.example/checkout/finish';
export const ERROR_URL = 'https://frontend.example/account/order';

export interface PayBTestOptions {
  /** Simulator options; `secretHash` defaults to TEST_WEBHOOK_HASH, `webhookUrl` to the platform's when listening. */
  simulator?: PayBSimulatorOptions;
  /**
   * Global ExtPayB config (keys without prefix) on top of the defaults: `secretKeySandbox` = TEST_SECRET_KEY,
   * `apiBaseUrl` = the simulator, `secretHashSandbox` = TEST_WEBHOOK_HASH. A null value removes a default.
   */
  config?: Partial<Record<PayBConfigKey, unknown>>;
  /** Listen on 127.0.0.1 (random port) so the simulator can deliver webhooks; default false. */
  listen?: boolean;
  /** Options of the test platform (e.g. env for a real-browser test). */
  platform?: TestPlatformOptions;
}

export interface PayBTest {
  t: TestPlatform;
  platform: Platform;
  /** ExtPayB's host: what the extension's own functions are called with. */
  host: ExtensionHost;
  sim: PayBSimulator;
  /** Store API client of the default sales channel. */
  client: StoreApiClient;
  /** `http://127.0.0.1:<port>/pay-b/webhook` when listening, else null. */
  webhookUrl: string | null;
  /** Sets an ExtPayB config value (global unless a sales channel id is given). */
  setConfig(key: PayBConfigKey, value: unknown, salesChannelId?: string | null): Promise<void>;
  close(): Promise<void>;
}

/** A platform with ExtPayB configured against a fresh simulator (sandbox mode), for a suite's beforeAll. */
export async function startPayBTest(options: PayBTestOptions = {}): Promise<PayBTest> {
  const t = await createTestPlatform({ ...options.platform, extensions: [extPayB] });
  const simulatorOptions: PayBSimulatorOptions = { secretHash: TEST_WEBHOOK_HASH, ...options.simulator };
  let webhookUrl: string | null = null;
  if (options.listen) {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    webhookUrl = `${address}/pay-b/webhook`;
    if (!options.simulator || !('webhookUrl' in options.simulator)) simulatorOptions.webhookUrl = webhookUrl;
  }
  const sim = await startPayBSimulator(simulatorOptions);
  const setConfig = (key: PayBConfigKey, value: unknown, salesChannelId: string | null = null) =>
    t.platform.systemConfig.set(t.platform.db, configKey(key), value, salesChannelId);

  const config: Partial<Record<PayBConfigKey, unknown>> = {
    secretKeySandbox: TEST_SECRET_KEY,
    apiBaseUrl: sim.baseUrl,
    secretHashSandbox: TEST_WEBHOOK_HASH,
    ...options.config,
  };
  for (const [key, value] of Object.entries(config)) await setConfig(key as PayBConfigKey, value);

  return {
    t,
    platform: t.platform,
    host: payBHost(t.platform),
    sim,
    client: await createStoreApiClient(t),
    webhookUrl,
    setConfig,
    async close() {
      await sim.close();
      await t.close();
    },
  };
}

export interface PlacedPayBOrder {
  /** Context token of the logged-in customer. */
  token: string;
  customerEmail: string;
  productId: string;
  orderId: string;
  orderNumber: string;
  orderTransactionId: string;
  /** The gateway's hosted link handle-payment answered with. */
  redirectUrl: string;
}

export interface PlaceOrderOptions {
  /** Gross EUR price of the product (major units); default 24.99. */
  gross?: number;
  quantity?: number;
  finishUrl?: string;
  errorUrl?: string;
  customer?: RegistrationOverrides;
}

/**
 * The storefront path through the Store API: a product, a registered (logged-in) customer, the cart,
 * the gateway D method, the order, and handle-payment, which answers the hosted link.
 */
export async function placePayBOrder(test: PayBTest, options: PlaceOrderOptions = {}): Promise<PlacedPayBOrder> {
  const { client, platform } = test;
  const account = await client.registerCustomerAccount(options.customer);
  const token = account.token;
  const productId = await createProduct(platform, { gross: options.gross ?? 24.99 });
  const added = await client.storeApi('POST', '/store-api/checkout/cart/line-item', {
    token,
    body: { items: [{ type: 'product', referencedId: productId, quantity: options.quantity ?? 2 }] },
  });
  expect(added.statusCode).toBe(200);
  expect((await client.storeApi('PATCH', '/store-api/context', { token, body: { paymentMethodId: PAY_B_METHOD_ID } })).statusCode).toBe(200);
  const order = await client.storeApi('POST', '/store-api/checkout/order', { token, body: {} });
  expect(order.statusCode, order.body).toBe(200);
  const orderId = order.json().id as string;
  const orderTransactionId = order.json().transactions[0].id as string;

  const started = await client.storeApi('POST', '/store-api/handle-payment', {
    token,
    body: { orderId, finishUrl: options.finishUrl ?? FINISH_URL, errorUrl: options.errorUrl ?? ERROR_URL },
  });
  expect(started.statusCode, started.body).toBe(200);
  return {
    token,
    customerEmail: account.email,
    productId,
    orderId,
    orderNumber: order.json().orderNumber as string,
    orderTransactionId,
    redirectUrl: started.json().redirectUrl as string,
  };
}

/**
 * The customer on the hosted page over HTTP: opens the link, presses a button, and gets the 302 back
 * to the shop; returns where it points (the platform's finalize URL with the gateway's query).
 */
export async function useHostedPage(link: string, action: 'pay' | 'fail' | 'cancel'): Promise<URL> {
  const page = await fetch(link);
  expect(page.status).toBe(200);
  await page.text();
  const answer = await fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }).toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

/** The customer's browser arriving at the platform's finalize URL (path and query of `url`). */
export function callFinalize(test: PayBTest, url: URL): Promise<LightMyRequestResponse> {
  return test.t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

export interface PayBOrderFixture {
  orderId: string;
  orderTransactionId: string;
  isoCode: string;
  decimals: number;
  amountMinor: number;
}

/**
 * An order paid with gateway D in any currency, without the storefront (test/fixtures/orders.ts): one
 * line item whose gross total is `amountMinor`, the transaction in open.
 */
export async function createPayBOrderFixture(platform: Platform, options: { isoCode: string; amountMinor: number }): Promise<PayBOrderFixture> {
  const currency = await platform.db.selectFrom('currency').select('id').where('iso_code', '=', options.isoCode).executeTakeFirstOrThrow();
  const decimals = decimalsFor(options.isoCode);
  const order = await createOrderFixture(platform, {
    paymentMethodId: PAY_B_METHOD_ID,
    currencyId: currency.id as string,
    decimals,
    unitPriceMinor: options.amountMinor,
    quantity: 1,
  });
  return { orderId: order.orderId, orderTransactionId: order.transactionId, isoCode: options.isoCode, decimals, amountMinor: options.amountMinor };
}

/**
 * Starts the gateway payment of a fixture order with the handler's own `pay` (as handle-payment would):
 * the simulator then holds a payment with tx_ref = the order transaction id, ready for completePayment.
 */
export async function startFixturePayment(platform: Platform, fixture: PayBOrderFixture): Promise<void> {
  const salesChannel = await platform.salesChannelContexts.salesChannelById(DEFAULT_SALES_CHANNEL_ID);
  await createPayBPaymentHandler(payBHost(platform)).pay({
    transaction: {
      orderTransactionId: fixture.orderTransactionId,
      orderId: fixture.orderId,
      paymentMethodId: PAY_B_METHOD_ID,
      returnUrl: 'http://localhost:8000/payment/finalize-transaction?_sw_payment_token=t',
    },
    context: await platform.salesChannelContexts.load(salesChannel!, undefined),
    validationData: null,
    requestData: {},
  });
}

/** ExtPayB's host on a booted platform. */
export function payBHost(platform: Platform): ExtensionHost {
  return platform.extensions.hostOf('ExtPayB');
}

/** A media record with an uploaded PNG (for the logo setting); returns its id. */
export async function createLogoMedia(platform: Platform): Promise<string> {
  const mediaId = newId();
  await transaction(platform.db, (uow) => platform.repositories.get('media').create({ id: mediaId, title: 'Shop logo' }, systemContext, uow));
  await uploadMediaFile(platform.db, new MediaFileStore(platform.env.varDir), { mediaId, bytes: TINY_PNG, extension: 'png', fileName: 'shop-logo' });
  return mediaId;
}

/** A 1x1 transparent PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** The technical state of an order transaction. */
export const stateOf = transactionState;

/** How many state changes the transaction went through (state_machine_history rows). */
export async function stateChanges(platform: Platform, orderTransactionId: string): Promise<Array<{ action: string }>> {
  return (await historyOf(platform, orderTransactionId)).map((row) => ({ action: row.transition_action_name as string }));
}

/** The order transaction's custom fields. */
export async function customFieldsOf(platform: Platform, orderTransactionId: string): Promise<Record<string, unknown>> {
  const row = await platform.db.selectFrom('order_transaction').select('custom_fields').where('id', '=', orderTransactionId).executeTakeFirstOrThrow();
  return (row.custom_fields as Record<string, unknown> | null) ?? {};
}

/** The verify calls the simulator received for one gateway transaction id. */
export function verifyCalls(sim: PayBSimulator, gatewayTransactionId: number | string): number {
  return sim.requests.filter((r) => r.method === 'GET' && r.path === `/v3/transactions/${gatewayTransactionId}/verify`).length;
}

export { DEFAULT_SALES_CHANNEL_ID };

import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { systemContext } from '../../../src/platform/acl/context.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { defaultShopCurrencyId } from '../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../src/platform/ids.js';
import type { Platform } from '../../../src/platform/kernel.js';
import { configKey, PAY_A_PAYMENT_METHOD_ID, type PayAConfigKey } from '../../../src/extensions/pay-a/config.js';
import { extPayA } from '../../../src/extensions/pay-a/index.js';
import { createPayAPaymentHandler } from '../../../src/extensions/pay-a/payment-handler.js';
import type { ExtensionHost } from '../../../src/platform/sdk/index.js';
import { DEFAULT_SECRET_KEY, startPayASimulator, type PayASimulator, type PayASimulatorOptions } from '../../../src/extensions/pay-a/simulator/index.js';
import { createTestPlatform, type TestPlatform, type TestPlatformOptions } from '../../helpers/test-platform.js';
import { createOrderFixture } from '../../fixtures/orders.js';
import { createStoreApiClient, type RegistrationOverrides, type StoreApiClient } from '../../platform/store-api/store-api-client.js';
import { createProduct, transactionState } from '../../platform/checkout/checkout-fixtures.js';
import { historyOf } from '../../platform/state-machine/fixtures.js';

/** The simulator's default sandbox key; configured as `secretKeySandbox` unless a test says otherwise. */
export const TEST_SECRET_KEY = DEFAULT_SECRET_KEY;
export const PAY_A_METHOD_ID = PAY_A_PAYMENT_METHOD_ID;
export const FINISH_URL = 'https://frontend.example/checkout/finish';
export const ERROR_URL = 'https://frontend.example/account/order';
export const WEBHOOK_PATH = '/pay-a/webhook';

export interface PayATestOptions {
  /** Simulator options; `webhookUrl` defaults to the platform's when listening. */
  simulator?: PayASimulatorOptions;
  /** Global ExtPayA config (keys without prefix) over `secretKeySandbox` = TEST_SECRET_KEY and `apiBaseUrl` = the simulator; null removes one. */
  config?: Partial<Record<PayAConfigKey, unknown>>;
  /** Listen on 127.0.0.1 (random port) so the simulator can deliver webhooks; default false. */
  listen?: boolean;
  platform?: TestPlatformOptions;
}

export interface PayATest {
  t: TestPlatform;
  platform: Platform;
  /** ExtPayA's host: what the extension's own functions are called with. */
  host: ExtensionHost;
  sim: PayASimulator;
  /** Store API client of the default sales channel. */
  client: StoreApiClient;
  /** `http://127.0.0.1:<port>/pay-a/webhook` when listening, else null. */
  webhookUrl: string | null;
  /** Sets an ExtPayA config value (global unless a sales channel id is given). */
  setConfig(key: PayAConfigKey, value: unknown, salesChannelId?: string | null): Promise<void>;
  close(): Promise<void>;
}

/** A platform with ExtPayA configured against a fresh simulator (sandbox mode), for a suite's beforeAll. */
export async function startPayATest(options: PayATestOptions = {}): Promise<PayATest> {
  const t = await createTestPlatform({ ...options.platform, extensions: [extPayA] });
  const simulatorOptions: PayASimulatorOptions = { ...options.simulator };
  let webhookUrl: string | null = null;
  if (options.listen) {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    webhookUrl = `${address}${WEBHOOK_PATH}`;
    if (!options.simulator || !('webhookUrl' in options.simulator)) simulatorOptions.webhookUrl = webhookUrl;
  }
  const sim = await startPayASimulator(simulatorOptions);
  const setConfig = (key: PayAConfigKey, value: unknown, salesChannelId: string | null = null) => t.platform.systemConfig.set(t.platform.db, configKey(key), value, salesChannelId);
  const config: Partial<Record<PayAConfigKey, unknown>> = { secretKeySandbox: TEST_SECRET_KEY, apiBaseUrl: sim.baseUrl, ...options.config };
  for (const [key, value] of Object.entries(config)) await setConfig(key as PayAConfigKey, value);

  return {
    t,
    platform: t.platform,
    host: payAHost(t.platform),
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

export interface PlacedPayAOrder {
  token: string;
  customerEmail: string;
  orderId: string;
  orderNumber: string;
  orderTransactionId: string;
  /** The gateway's authorization_url handle-payment answered with. */
  redirectUrl: string;
  /** The reference stored on the transaction before the customer left. */
  reference: string;
}

export interface PlaceOrderOptions {
  /** Gross EUR price of the product (major units), converted by the currency's factor; default 24.99. */
  gross?: number;
  quantity?: number;
  /** The currency the customer switches to; default NGN. */
  isoCode?: string;
  finishUrl?: string;
  errorUrl?: string;
  customer?: RegistrationOverrides;
}

/**
 * The storefront path through the Store API: a registered (logged-in) customer switches to the
 * currency, fills the cart, chooses gateway A, orders, and handle-payment answers the hosted page.
 */
export async function placePayAOrder(test: PayATest, options: PlaceOrderOptions = {}): Promise<PlacedPayAOrder> {
  const { client, platform } = test;
  const account = await client.registerCustomerAccount(options.customer);
  const token = account.token;
  const switched = await client.storeApi('PATCH', '/store-api/context', { token, body: { currencyId: defaultShopCurrencyId(options.isoCode ?? 'NGN'), paymentMethodId: PAY_A_METHOD_ID } });
  expect(switched.statusCode, switched.body).toBe(200);
  const productId = await createProduct(platform, { gross: options.gross ?? 24.99 });
  const added = await client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: productId, quantity: options.quantity ?? 2 }] } });
  expect(added.statusCode, added.body).toBe(200);
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
    orderId,
    orderNumber: order.json().orderNumber as string,
    orderTransactionId,
    redirectUrl: started.json().redirectUrl as string,
    reference: (await customFieldsOf(platform, orderTransactionId)).pay_a_reference as string,
  };
}

/** The customer on the hosted page over HTTP: opens it, presses a button, and follows the 302 back to the shop. */
export async function useHostedPage(url: string, action: 'pay' | 'fail' | 'abandon'): Promise<URL> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  await page.text();
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }).toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

/** The customer's browser arriving at the platform's finalize URL (path and query of `url`). */
export function callFinalize(test: PayATest, url: URL): Promise<LightMyRequestResponse> {
  return test.t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

export interface PayAOrderFixture {
  orderId: string;
  orderTransactionId: string;
  isoCode: string;
  /** The currency's digits in the shop (0 for XOF). */
  decimals: number;
  amountMinor: number;
}

/**
 * The shop's currency id for an ISO code; created (e.g. XOF, which the default shop lacks) and offered
 * in the default sales channel when missing.
 */
export async function currencyIdOf(platform: Platform, isoCode: string, decimals = 2): Promise<string> {
  const found = await platform.db.selectFrom('currency').select('id').where('iso_code', '=', isoCode).executeTakeFirst();
  if (found) return found.id as string;
  const id = newId();
  await transaction(platform.db, async (uow) => {
    await platform.repositories.get('currency').create({ id, isoCode, name: isoCode, symbol: isoCode, decimals, factor: 655.957 }, systemContext, uow);
    await uow.db.insertInto('sales_channel_currency').values({ sales_channel_id: DEFAULT_SALES_CHANNEL_ID, currency_id: id }).execute();
  });
  return id;
}

/** An order paid with gateway A in any currency, without the storefront: one line item whose gross total is `amountMinor`. */
export async function createPayAOrderFixture(platform: Platform, options: { isoCode: string; amountMinor: number; decimals?: number }): Promise<PayAOrderFixture> {
  const decimals = options.decimals ?? (options.isoCode === 'XOF' ? 0 : 2);
  const currencyId = await currencyIdOf(platform, options.isoCode, decimals);
  const order = await createOrderFixture(platform, { paymentMethodId: PAY_A_METHOD_ID, currencyId, decimals, unitPriceMinor: options.amountMinor, quantity: 1 });
  return { orderId: order.orderId, orderTransactionId: order.transactionId, isoCode: options.isoCode, decimals, amountMinor: options.amountMinor };
}

/** The finalize URL a handler's `pay` is given. */
export const FIXTURE_RETURN_URL = 'http://localhost:8000/payment/finalize-transaction?_sw_payment_token=t';

/**
 * Starts the gateway payment of a fixture order with the handler's own `pay` (as handle-payment would):
 * returns the hosted page and the reference stored on the transaction.
 */
export async function startFixturePayment(platform: Platform, fixture: PayAOrderFixture): Promise<{ redirectUrl: string; reference: string }> {
  const salesChannel = await platform.salesChannelContexts.salesChannelById(DEFAULT_SALES_CHANNEL_ID);
  const started = await createPayAPaymentHandler(payAHost(platform)).pay({
    transaction: { orderTransactionId: fixture.orderTransactionId, orderId: fixture.orderId, paymentMethodId: PAY_A_METHOD_ID, returnUrl: FIXTURE_RETURN_URL },
    context: await platform.salesChannelContexts.load(salesChannel!, undefined),
    validationData: null,
    requestData: {},
  });
  return { redirectUrl: (started as { redirectUrl: string }).redirectUrl, reference: (await customFieldsOf(platform, fixture.orderTransactionId)).pay_a_reference as string };
}

/** The customer's return handled by the handler's own `finalize` (as the finalize route would). */
export function finalizeFixture(platform: Platform, fixture: PayAOrderFixture, requestData: Record<string, unknown>): Promise<void> {
  return createPayAPaymentHandler(payAHost(platform)).finalize!({
    transaction: { orderTransactionId: fixture.orderTransactionId, orderId: fixture.orderId, paymentMethodId: PAY_A_METHOD_ID },
    requestData,
  });
}

/** ExtPayA's host on a booted platform. */
export function payAHost(platform: Platform): ExtensionHost {
  return platform.extensions.hostOf('ExtPayA');
}

/** The technical state of an order transaction. */
export const stateOf = transactionState;

/** The transitions the transaction went through (state_machine_history rows). */
export async function stateChanges(platform: Platform, orderTransactionId: string): Promise<Array<{ action: string }>> {
  return (await historyOf(platform, orderTransactionId)).map((row) => ({ action: row.transition_action_name as string }));
}

/** The order transaction's custom fields. */
export async function customFieldsOf(platform: Platform, orderTransactionId: string): Promise<Record<string, unknown>> {
  const row = await platform.db.selectFrom('order_transaction').select('custom_fields').where('id', '=', orderTransactionId).executeTakeFirstOrThrow();
  return (row.custom_fields as Record<string, unknown> | null) ?? {};
}

/** The verify calls the simulator received for a reference. */
export function verifyCalls(sim: PayASimulator, reference: string): number {
  return sim.requests.filter((r) => r.method === 'GET' && r.path === `/transaction/verify/${reference}`).length;
}

export { DEFAULT_SALES_CHANNEL_ID };

/** JSON of logged arguments (a test's spy on the logger): errors with message and cause, cycles cut. */
export function loggedText(lines: unknown[]): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(lines, (_key, item: unknown) => {
    if (item instanceof Error) return { message: item.message, cause: item.cause };
    if (typeof item === 'object' && item !== null) {
      if (seen.has(item)) return '[cycle]';
      seen.add(item);
    }
    return item;
  });
}

import { expect } from 'vitest';
import { refundHostOf, type RefundHost } from '../../../src/platform/checkout/refund/refund-host.js';
import type { LightMyRequestResponse } from 'fastify';
import { systemContext } from '../../../src/platform/acl/context.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../src/platform/ids.js';
import type { Platform } from '../../../src/platform/kernel.js';
import type { Extension, ExtensionHost, PaymentHandler } from '../../../src/platform/sdk/index.js';
import { createTestPlatform, type TestPlatform, type TestPlatformOptions } from '../../helpers/test-platform.js';
import { createOrderFixture } from '../../fixtures/orders.js';
import { createStoreApiClient, type RegistrationOverrides, type StoreApiClient } from '../../platform/store-api/store-api-client.js';
import { createProduct, transactionState } from '../../platform/checkout/checkout-fixtures.js';
import { historyOf } from '../../platform/state-machine/fixtures.js';

/**
 * The test setup every gateway shares: a platform with the gateway's extension configured against a fresh
 * simulator, the storefront order through the Store API, the hosted page over HTTP, order fixtures paid
 * without the storefront, and readers of what the transaction holds. A gateway's own setup
 * (`pay-a-test-setup.ts`, `pay-b-test-setup.ts`) is a `GatewayTestDescription` and names for these.
 */

/** What the shared setup needs of a running simulator. */
export interface TestSimulator {
  baseUrl: string;
  close(): Promise<void>;
}

/** One gateway, as its tests set it up. */
export interface GatewayTestDescription<S extends TestSimulator, O extends { webhookUrl?: string }, K extends string> {
  extension: Extension;
  /** e.g. `/pay-a/webhook` */
  webhookPath: string;
  paymentMethodId: string;
  startSimulator(options: O): Promise<S>;
  /** Simulator options every test starts from (a test's own options go over them). */
  simulatorDefaults?: Partial<O>;
  /** The full system config key of a setting. */
  configKey(key: K): string;
  /** Settings written before a test's own `config`: the sandbox key, the simulator's URL... */
  defaultConfig(sim: S): Partial<Record<K, unknown>>;
  /** The Store API context change that chooses the gateway (and, for some, the currency) before the cart is filled. */
  contextSwitch(options: GatewayOrderOptions): Record<string, unknown>;
  /** The currency's digits of an order fixture. */
  fixtureDecimals(isoCode: string): number;
}

export interface GatewayTestOptions<O, K extends string> {
  /** Simulator options; `webhookUrl` defaults to the platform's when listening. */
  simulator?: O;
  /** Global config of the extension (keys without prefix) over the description's defaults; null removes one. */
  config?: Partial<Record<K, unknown>>;
  /** Listen on 127.0.0.1 (random port) so the simulator can deliver webhooks; default false. */
  listen?: boolean;
  /** Options of the test platform (e.g. env for a real-browser test). */
  platform?: TestPlatformOptions;
}

export interface GatewayTest<S, K extends string> {
  t: TestPlatform;
  platform: Platform;
  /** The extension's host: what the extension's own functions are called with. */
  host: ExtensionHost;
  sim: S;
  /** Store API client of the default sales channel. */
  client: StoreApiClient;
  /** `http://127.0.0.1:<port>/<gateway>/webhook` when listening, else null. */
  webhookUrl: string | null;
  /** Sets a config value of the extension (global unless a sales channel id is given). */
  setConfig(key: K, value: unknown, salesChannelId?: string | null): Promise<void>;
  close(): Promise<void>;
}

/** A platform with the gateway configured against a fresh simulator (sandbox mode), for a suite's beforeAll. */
export async function startGatewayTest<S extends TestSimulator, O extends { webhookUrl?: string }, K extends string>(
  gateway: GatewayTestDescription<S, O, K>,
  options: GatewayTestOptions<O, K> = {},
): Promise<GatewayTest<S, K>> {
  const t = await createTestPlatform({ ...options.platform, extensions: [gateway.extension] });
  const simulatorOptions = { ...gateway.simulatorDefaults, ...options.simulator } as O;
  let webhookUrl: string | null = null;
  if (options.listen) {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    webhookUrl = `${address}${gateway.webhookPath}`;
    if (!options.simulator || !('webhookUrl' in options.simulator)) simulatorOptions.webhookUrl = webhookUrl;
  }
  const sim = await gateway.startSimulator(simulatorOptions);
  const setConfig = (key: K, value: unknown, salesChannelId: string | null = null) => t.platform.systemConfig.set(t.platform.db, gateway.configKey(key), value, salesChannelId);
  const config: Partial<Record<K, unknown>> = { ...gateway.defaultConfig(sim), ...options.config };
  for (const [key, value] of Object.entries(config)) await setConfig(key as K, value);

  return {
    t,
    platform: t.platform,
    host: extensionHost(t.platform, gateway),
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

/** The extension's host on a booted platform. */
export function extensionHost(platform: Platform, gateway: { extension: Extension }): ExtensionHost {
  return platform.extensions.hostOf(gateway.extension.name);
}

/** The refund host the platform runs the gateway's refunds with (its extension host and the host's order transactions). */
export function gatewayRefundHost(platform: Platform, gateway: { extension: Extension }): RefundHost {
  return refundHostOf(platform.orderTransactions, extensionHost(platform, gateway));
}

export const FINISH_URL = 'https://frontend.example/checkout/finish';
export const ERROR_URL = 'https://frontend.example/account/order';

export interface GatewayOrderOptions {
  /** Gross EUR price of the product (major units), converted by the currency's factor; default 24.99. */
  gross?: number;
  quantity?: number;
  /** The currency the customer switches to (gateways that sell in one; gateway A's default is NGN). */
  isoCode?: string;
  finishUrl?: string;
  errorUrl?: string;
  customer?: RegistrationOverrides;
}

export interface PlacedGatewayOrder {
  /** Context token of the logged-in customer. */
  token: string;
  customerEmail: string;
  productId: string;
  orderId: string;
  orderNumber: string;
  orderTransactionId: string;
  /** The gateway's hosted page handle-payment answered with. */
  redirectUrl: string;
}

/**
 * The storefront path through the Store API: a registered (logged-in) customer chooses the gateway, fills
 * the cart with a new product, orders, and handle-payment answers the gateway's hosted page.
 */
export async function placeGatewayOrder(
  test: GatewayTest<unknown, string>,
  gateway: Pick<GatewayTestDescription<TestSimulator, object, string>, 'contextSwitch'>,
  options: GatewayOrderOptions = {},
): Promise<PlacedGatewayOrder> {
  const { client, platform } = test;
  const account = await client.registerCustomerAccount(options.customer);
  const token = account.token;
  const switched = await client.storeApi('PATCH', '/store-api/context', { token, body: gateway.contextSwitch(options) });
  expect(switched.statusCode, switched.body).toBe(200);
  const productId = await createProduct(platform, { gross: options.gross ?? 24.99 });
  const added = await client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: productId, quantity: options.quantity ?? 2 }] } });
  expect(added.statusCode, added.body).toBe(200);
  const order = await client.storeApi('POST', '/store-api/checkout/order', { token, body: {} });
  expect(order.statusCode, order.body).toBe(200);
  const orderId = order.json().id as string;

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
    orderTransactionId: order.json().transactions[0].id as string,
    redirectUrl: started.json().redirectUrl as string,
  };
}

/**
 * The customer on the hosted page over HTTP: opens it, presses a button, and gets the 302 back to the shop;
 * returns where it points (the platform's finalize URL with the gateway's query).
 */
export async function useHostedPage(url: string, action: string): Promise<URL> {
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
export function callFinalize(test: { t: TestPlatform }, url: URL): Promise<LightMyRequestResponse> {
  return test.t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

export interface GatewayOrderFixture {
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

/**
 * An order paid with the gateway in any currency, without the storefront (test/fixtures/orders.ts): one
 * line item whose gross total is `amountMinor`, the transaction in open.
 */
export async function createGatewayOrderFixture(
  platform: Platform,
  gateway: Pick<GatewayTestDescription<TestSimulator, object, string>, 'paymentMethodId' | 'fixtureDecimals'>,
  options: { isoCode: string; amountMinor: number; decimals?: number },
): Promise<GatewayOrderFixture> {
  const decimals = options.decimals ?? gateway.fixtureDecimals(options.isoCode);
  const currencyId = await currencyIdOf(platform, options.isoCode, decimals);
  const order = await createOrderFixture(platform, { paymentMethodId: gateway.paymentMethodId, currencyId, decimals, unitPriceMinor: options.amountMinor, quantity: 1 });
  return { orderId: order.orderId, orderTransactionId: order.transactionId, isoCode: options.isoCode, decimals, amountMinor: options.amountMinor };
}

/** The finalize URL a handler's `pay` is given. */
export const FIXTURE_RETURN_URL = 'http://localhost:8000/payment/finalize-transaction?_sw_payment_token=t';

type HandlerGateway = Pick<GatewayTestDescription<TestSimulator, object, string>, 'extension' | 'paymentMethodId'>;

/** The payment handler the platform runs for the gateway's method (what handle-payment and finalize call). */
export function gatewayPaymentHandler(platform: Platform, gateway: Pick<HandlerGateway, 'extension'>): PaymentHandler {
  return platform.payments.get(gateway.extension.paymentMethods![0]!.technicalName)!;
}

/** Starts the gateway payment of a fixture order with the handler's own `pay` (as handle-payment would); returns the hosted page. */
export async function startGatewayFixturePayment(platform: Platform, gateway: HandlerGateway, fixture: GatewayOrderFixture): Promise<{ redirectUrl: string }> {
  const salesChannel = await platform.salesChannelContexts.salesChannelById(DEFAULT_SALES_CHANNEL_ID);
  const started = await gatewayPaymentHandler(platform, gateway).pay({
    transaction: { orderTransactionId: fixture.orderTransactionId, orderId: fixture.orderId, paymentMethodId: gateway.paymentMethodId, returnUrl: FIXTURE_RETURN_URL },
    context: await platform.salesChannelContexts.load(salesChannel!, undefined),
    validationData: null,
    requestData: {},
  });
  return { redirectUrl: (started as { redirectUrl: string }).redirectUrl };
}

/** The customer's return handled by the handler's own `finalize` (as the finalize route would). */
export function finalizeGatewayFixture(platform: Platform, gateway: HandlerGateway, fixture: GatewayOrderFixture, requestData: Record<string, unknown>): Promise<void> {
  return gatewayPaymentHandler(platform, gateway).finalize!({
    transaction: { orderTransactionId: fixture.orderTransactionId, orderId: fixture.orderId, paymentMethodId: gateway.paymentMethodId },
    requestData,
  });
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

/** How many GET requests for `path` the simulator received (the gateway's verify calls). */
export function getCalls(sim: { requests: ReadonlyArray<{ method: string; path: string }> }, path: string): number {
  return sim.requests.filter((r) => r.method === 'GET' && r.path === path).length;
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

/**
 * Sandbox mode with only the global sandbox key set: no live key, and no key of the default sales
 * channel, so a test can take one away or add one per channel (the cart validation tests' start).
 */
export async function onlyGlobalSandboxKey(test: { setConfig(key: 'sandbox' | 'secretKeySandbox' | 'secretKey', value: unknown, salesChannelId?: string | null): Promise<void> }, secretKey: string): Promise<void> {
  await test.setConfig('sandbox', true);
  await test.setConfig('secretKeySandbox', secretKey);
  await test.setConfig('secretKey', null);
  await test.setConfig('secretKeySandbox', null, DEFAULT_SALES_CHANNEL_ID);
}

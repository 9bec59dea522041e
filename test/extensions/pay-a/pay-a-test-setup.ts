import { defaultShopCurrencyId } from '../../../src/platform/first-start/default-ids.js';
import type { RefundHost } from '../../../src/platform/checkout/refund/refund-host.js';
import type { Platform } from '../../../src/platform/kernel.js';
import type { ExtensionHost } from '../../../src/platform/sdk/index.js';
import { configKey, PAY_A_PAYMENT_METHOD_ID, type PayAConfigKey } from '../../../src/extensions/pay-a/config.js';
import { extPayA } from '../../../src/extensions/pay-a/index.js';
import { DEFAULT_SECRET_KEY, startPayASimulator, type PayASimulator, type PayASimulatorOptions } from '../../../src/extensions/pay-a/simulator/index.js';
import * as shared from '../_gateway/gateway-test-setup.js';

export { callFinalize, currencyIdOf, customFieldsOf, DEFAULT_SALES_CHANNEL_ID, ERROR_URL, FINISH_URL, FIXTURE_RETURN_URL, loggedText, stateChanges, stateOf } from '../_gateway/gateway-test-setup.js';

/** The simulator's default sandbox key; configured as `secretKeySandbox` unless a test says otherwise. */
export const TEST_SECRET_KEY = DEFAULT_SECRET_KEY;
export const PAY_A_METHOD_ID = PAY_A_PAYMENT_METHOD_ID;
export const WEBHOOK_PATH = '/pay-a/webhook';

/** Gateway A as the shared setup sees it: a shop that sells in NGN unless told, the sandbox key, the simulator's URL. */
export const PAY_A_GATEWAY: shared.GatewayTestDescription<PayASimulator, PayASimulatorOptions, PayAConfigKey> = {
  extension: extPayA,
  webhookPath: WEBHOOK_PATH,
  paymentMethodId: PAY_A_METHOD_ID,
  startSimulator: startPayASimulator,
  configKey,
  defaultConfig: (sim) => ({ secretKeySandbox: TEST_SECRET_KEY, apiBaseUrl: sim.baseUrl }),
  contextSwitch: (options) => ({ currencyId: defaultShopCurrencyId(options.isoCode ?? 'NGN'), paymentMethodId: PAY_A_METHOD_ID }),
  fixtureDecimals: (isoCode) => (isoCode === 'XOF' ? 0 : 2),
};

export type PayATestOptions = shared.GatewayTestOptions<PayASimulatorOptions, PayAConfigKey>;
export type PayATest = shared.GatewayTest<PayASimulator, PayAConfigKey>;
export type PlaceOrderOptions = shared.GatewayOrderOptions;
export type PayAOrderFixture = shared.GatewayOrderFixture;

export interface PlacedPayAOrder extends shared.PlacedGatewayOrder {
  /** The reference stored on the transaction before the customer left. */
  reference: string;
}

/** A platform with ExtPayA configured against a fresh simulator (sandbox mode), for a suite's beforeAll. */
export function startPayATest(options: PayATestOptions = {}): Promise<PayATest> {
  return shared.startGatewayTest(PAY_A_GATEWAY, options);
}

/** The storefront path through the Store API (currency NGN unless told), ending on gateway A's hosted page. */
export async function placePayAOrder(test: PayATest, options: PlaceOrderOptions = {}): Promise<PlacedPayAOrder> {
  const placed = await shared.placeGatewayOrder(test, PAY_A_GATEWAY, options);
  return { ...placed, reference: await referenceOf(test.platform, placed.orderTransactionId) };
}

/** The customer on the hosted page over HTTP: opens it, presses a button, and follows the 302 back to the shop. */
export function useHostedPage(url: string, action: 'pay' | 'fail' | 'abandon'): Promise<URL> {
  return shared.useHostedPage(url, action);
}

/** An order paid with gateway A in any currency, without the storefront: one line item whose gross total is `amountMinor`. */
export function createPayAOrderFixture(platform: Platform, options: { isoCode: string; amountMinor: number; decimals?: number }): Promise<PayAOrderFixture> {
  return shared.createGatewayOrderFixture(platform, PAY_A_GATEWAY, options);
}

/** The handler's own `pay` for a fixture order: returns the hosted page and the reference stored on the transaction. */
export async function startFixturePayment(platform: Platform, fixture: PayAOrderFixture): Promise<{ redirectUrl: string; reference: string }> {
  const { redirectUrl } = await shared.startGatewayFixturePayment(platform, PAY_A_GATEWAY, fixture);
  return { redirectUrl, reference: await referenceOf(platform, fixture.orderTransactionId) };
}

/** The customer's return handled by the handler's own `finalize` (as the finalize route would). */
export function finalizeFixture(platform: Platform, fixture: PayAOrderFixture, requestData: Record<string, unknown>): Promise<void> {
  return shared.finalizeGatewayFixture(platform, PAY_A_GATEWAY, fixture, requestData);
}

/** ExtPayA's host on a booted platform. */
export function payAHost(platform: Platform): ExtensionHost {
  return shared.extensionHost(platform, PAY_A_GATEWAY);
}

/** The refund host the platform runs ExtPayA's refunds with. */
export function payARefundHost(platform: Platform): RefundHost {
  return shared.gatewayRefundHost(platform, PAY_A_GATEWAY);
}

/** The verify calls the simulator received for a reference. */
export function verifyCalls(sim: PayASimulator, reference: string): number {
  return shared.getCalls(sim, `/transaction/verify/${reference}`);
}

async function referenceOf(platform: Platform, orderTransactionId: string): Promise<string> {
  return (await shared.customFieldsOf(platform, orderTransactionId)).pay_a_reference as string;
}

import { decimalsFor } from '../../../src/platform/checkout/money/currency-decimals.js';
import type { RefundHost } from '../../../src/platform/checkout/refund/refund-host.js';
import { systemContext } from '../../../src/platform/acl/context.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { newId } from '../../../src/platform/ids.js';
import type { Platform } from '../../../src/platform/kernel.js';
import { MediaFileStore } from '../../../src/platform/media/media-file-store.js';
import { uploadMediaFile } from '../../../src/platform/media/media-upload.js';
import type { ExtensionHost } from '../../../src/platform/sdk/index.js';
import { configKey, PAY_B_PAYMENT_METHOD_ID, type PayBConfigKey } from '../../../src/extensions/pay-b/config.js';
import { extPayB } from '../../../src/extensions/pay-b/index.js';
import { DEFAULT_SECRET_KEY, startPayBSimulator, type PayBSimulator, type PayBSimulatorOptions } from '../../../src/extensions/pay-b/simulator/index.js';
import * as shared from '../_gateway/gateway-test-setup.js';

export { callFinalize, customFieldsOf, DEFAULT_SALES_CHANNEL_ID, ERROR_URL, FINISH_URL, loggedText, stateChanges, stateOf } from '../_gateway/gateway-test-setup.js';

/** The simulator's default sandbox key; configured as `secretKeySandbox` unless a test says otherwise. */
export const TEST_SECRET_KEY = DEFAULT_SECRET_KEY;
/** The webhook secret hash both sides use by default (sandbox mode). */
export const TEST_WEBHOOK_HASH = 'pay-b-test-webhook-hash-7f3c';
export const PAY_B_METHOD_ID = PAY_B_PAYMENT_METHOD_ID;

/** Gateway D as the shared setup sees it: the sandbox key and webhook hash on both sides, the simulator's URL. */
export const PAY_B_GATEWAY: shared.GatewayTestDescription<PayBSimulator, PayBSimulatorOptions, PayBConfigKey> = {
  extension: extPayB,
  webhookPath: '/pay-b/webhook',
  paymentMethodId: PAY_B_METHOD_ID,
  startSimulator: startPayBSimulator,
  simulatorDefaults: { secretHash: TEST_WEBHOOK_HASH },
  configKey,
  defaultConfig: (sim) => ({ secretKeySandbox: TEST_SECRET_KEY, apiBaseUrl: sim.baseUrl, secretHashSandbox: TEST_WEBHOOK_HASH }),
  contextSwitch: () => ({ paymentMethodId: PAY_B_METHOD_ID }),
  fixtureDecimals: decimalsFor,
};

/** `simulator.secretHash` defaults to TEST_WEBHOOK_HASH; config defaults add `secretHashSandbox` = TEST_WEBHOOK_HASH. */
export type PayBTestOptions = shared.GatewayTestOptions<PayBSimulatorOptions, PayBConfigKey>;
export type PayBTest = shared.GatewayTest<PayBSimulator, PayBConfigKey>;
export type PlaceOrderOptions = Omit<shared.GatewayOrderOptions, 'isoCode'>;
export type PlacedPayBOrder = shared.PlacedGatewayOrder;
export type PayBOrderFixture = shared.GatewayOrderFixture;

/** A platform with ExtPayB configured against a fresh simulator (sandbox mode), for a suite's beforeAll. */
export function startPayBTest(options: PayBTestOptions = {}): Promise<PayBTest> {
  return shared.startGatewayTest(PAY_B_GATEWAY, options);
}

/** The storefront path through the Store API, ending on gateway D's hosted link. */
export function placePayBOrder(test: PayBTest, options: PlaceOrderOptions = {}): Promise<PlacedPayBOrder> {
  return shared.placeGatewayOrder(test, PAY_B_GATEWAY, options);
}

/** The customer on the hosted page over HTTP: opens the link, presses a button, and gets the 302 back to the shop. */
export function useHostedPage(link: string, action: 'pay' | 'fail' | 'cancel'): Promise<URL> {
  return shared.useHostedPage(link, action);
}

/** An order paid with gateway D in any currency, without the storefront, the transaction in open. */
export function createPayBOrderFixture(platform: Platform, options: { isoCode: string; amountMinor: number }): Promise<PayBOrderFixture> {
  return shared.createGatewayOrderFixture(platform, PAY_B_GATEWAY, options);
}

/**
 * Starts the gateway payment of a fixture order with the handler's own `pay` (as handle-payment would):
 * the simulator then holds a payment with tx_ref = the order transaction id, ready for completePayment.
 */
export async function startFixturePayment(platform: Platform, fixture: PayBOrderFixture): Promise<void> {
  await shared.startGatewayFixturePayment(platform, PAY_B_GATEWAY, fixture);
}

/** ExtPayB's host on a booted platform. */
export function payBHost(platform: Platform): ExtensionHost {
  return shared.extensionHost(platform, PAY_B_GATEWAY);
}

/** The refund host the platform runs ExtPayB's refunds with. */
export function payBRefundHost(platform: Platform): RefundHost {
  return shared.gatewayRefundHost(platform, PAY_B_GATEWAY);
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

/** The verify calls the simulator received for one gateway transaction id. */
export function verifyCalls(sim: PayBSimulator, gatewayTransactionId: number | string): number {
  return shared.getCalls(sim, `/v3/transactions/${gatewayTransactionId}/verify`);
}

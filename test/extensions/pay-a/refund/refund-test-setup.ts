import { applyRefundEvent } from '../../../../src/platform/checkout/refund/refund-events.js';
import { createPayARefundProvider } from '../../../../src/extensions/pay-a/refund.js';
import { refundEventOf } from '../../../../src/extensions/pay-a/webhook/refund-event.js';
import type { Platform } from '../../../../src/platform/kernel.js';
import type { RefundHost } from '../../../../src/platform/checkout/refund/refund-host.js';
import { payAHost, payARefundHost } from '../pay-a-test-setup.js';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { configKey } from '../../../../src/extensions/pay-a/config.js';
import type { PayASimulator, PayASimulatorOptions } from '../../../../src/extensions/pay-a/simulator/index.js';
import { storedRefunds as storedRefundsOf, type StoredRefund as SharedStoredRefund } from '../../_gateway-kit/stored-refunds.js';
import type { TestPlatform } from '../../../helpers/test-platform.js';
import { createPayAOrderFixture, finalizeFixture, startFixturePayment, startPayATest, type PayAOrderFixture } from '../pay-a-test-setup.js';

export const REFUND_ROUTE = '/api/_action/pay-a/refund';

/**
 * A test platform whose ExtPayA talks to a running simulator; read `t` and `sim` inside tests. With
 * `webhooks`, the platform listens on a loopback port and the simulator delivers its signed events
 * there; without, refund events go nowhere unless a test delivers them.
 */
export function useRefundTestShop(options: { simulator?: PayASimulatorOptions; webhooks?: boolean } = {}): { readonly t: TestPlatform; readonly sim: PayASimulator } {
  const state = {} as { t: TestPlatform; sim: PayASimulator; close(): Promise<void> };
  beforeAll(async () => {
    const test = await startPayATest({ listen: options.webhooks, simulator: options.simulator });
    Object.assign(state, { t: test.t, sim: test.sim, close: test.close });
  });
  afterAll(() => state.close?.());
  return state;
}

/** An order paid with ExtPayA (see createPaidTransaction). */
export interface PaidTransaction extends PayAOrderFixture {
  reference: string;
  gatewayTransactionId: string;
}

/**
 * An order paid with ExtPayA the way a customer pays it: the handler's own `pay` stores the reference and
 * initializes the transaction at the simulator, the customer pays on the hosted page (charge.success not
 * sent), and the handler's own `finalize` verifies it: the transaction is `paid`.
 */
export async function createPaidTransaction(t: TestPlatform, sim: PayASimulator, options: { isoCode?: string; amountMinor?: number } = {}): Promise<PaidTransaction> {
  const fixture = await createPayAOrderFixture(t.platform, { isoCode: options.isoCode ?? 'NGN', amountMinor: options.amountMinor ?? 100_000 });
  const { reference } = await startFixturePayment(t.platform, fixture);
  sim.setOptions({ autoWebhooks: false });
  try {
    await sim.completePayment(reference, 'success');
  } finally {
    sim.setOptions({ autoWebhooks: true });
  }
  await finalizeFixture(t.platform, fixture, { reference, trxref: reference });
  return { ...fixture, reference, gatewayTransactionId: String(sim.transaction(reference)!.id) };
}

export { transactionState } from '../../../platform/checkout/checkout-fixtures.js';

export type StoredRefund = Omit<SharedStoredRefund, 'captureAmount'>;

/** The platform refunds (with their captures) of an order transaction, oldest first. */
export async function storedRefunds(t: TestPlatform, orderTransactionId: string): Promise<StoredRefund[]> {
  return (await storedRefundsOf(t, orderTransactionId)).map(({ captureAmount: _captureAmount, ...refund }) => refund);
}

/** Refund requests the simulator received (POST /refund), bodies as sent, optionally of one reference. */
export function gatewayRefundRequests(sim: PayASimulator, reference?: string): Array<Record<string, unknown>> {
  return sim.requests
    .filter((r) => r.method === 'POST' && r.path === '/refund')
    .map((r) => r.body as Record<string, unknown>)
    .filter((body) => reference === undefined || body.transaction === reference);
}

export async function setRefundEnabled(t: TestPlatform, enabled: boolean | null, salesChannelId: string | null = DEFAULT_SALES_CHANNEL_ID): Promise<void> {
  await t.platform.systemConfig.set(t.platform.db, configKey('refundEnabled'), enabled, salesChannelId);
}

/** A refund event applied by the host as the webhook applies it (the verdict parser's webhook/refund-event.ts reads it). */
export async function handleRefundEvent(platform: Platform, event: string, data: Record<string, unknown>, refundHost: RefundHost = payARefundHost(platform)): Promise<void> {
  await applyRefundEvent(refundHost, createPayARefundProvider(payAHost(platform)), refundEventOf(event, data));
}

import { applyRefundEvent } from '../../../../src/platform/checkout/refund/refund-events.js';
import { createPayBRefundProvider } from '../../../../src/extensions/pay-b/refund.js';
import { refundEventOf } from '../../../../src/extensions/pay-b/webhook/refund-event.js';
import type { Platform } from '../../../../src/platform/kernel.js';
import { payBHost, payBRefundHost } from '../pay-b-test-setup.js';
import { afterAll, beforeAll } from 'vitest';
import { systemContext } from '../../../../src/platform/acl/context.js';
import { transaction } from '../../../../src/platform/database/transaction.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { configKey } from '../../../../src/extensions/pay-b/config.js';
import { PAY_B_REFUND_NAMESPACE } from '../../../../src/extensions/pay-b/refund.js';
import { recordPendingRefund as recordHostRefund, refundRecordIds } from '../../../../src/platform/checkout/refund/refund-records.js';
import type { RefundHost } from '../../../../src/platform/checkout/refund/refund-host.js';
import { type PayBSimulator, type PayBSimulatorOptions } from '../../../../src/extensions/pay-b/simulator/index.js';
import type { TestPlatform } from '../../../helpers/test-platform.js';
import { createPayBOrderFixture, startFixturePayment, startPayBTest, type PayBOrderFixture } from '../pay-b-test-setup.js';

export const REFUND_ROUTE = '/api/_action/pay-b/refund';

const RECORDS = { namespace: PAY_B_REFUND_NAMESPACE };

/** The platform refund standing for one gateway refund (its id derives from the gateway's refund id). */
export function refundIdFor(gatewayRefundId: number | string): string {
  return refundRecordIds(RECORDS, gatewayRefundId).refundId;
}

export function captureIdFor(gatewayRefundId: number | string): string {
  return refundRecordIds(RECORDS, gatewayRefundId).captureId;
}

/** Records a gateway D refund pending, as the refund route does. */
export function recordPendingRefund(
  host: RefundHost,
  refund: { orderTransactionId: string; gatewayRefundId: number; amountMinor: number; decimals: number; comments: string | undefined },
): Promise<{ captureId: string; refundId: string }> {
  const { comments, ...rest } = refund;
  return recordHostRefund(host, RECORDS, { ...rest, reason: comments });
}

const webhookUrls = new WeakMap<PayBSimulator, string>();

/**
 * A test platform whose ExtPayB talks to a running simulator; read `t` and `sim` inside tests. With
 * `webhooks`, the platform listens on a loopback port and the simulator delivers its webhooks there
 * (with the configured verif-hash); without, refund.completed goes nowhere unless a test delivers it.
 */
export function useRefundTestShop(options: { simulator?: PayBSimulatorOptions; webhooks?: boolean } = {}): {
  readonly t: TestPlatform;
  readonly sim: PayBSimulator;
} {
  const state = {} as { t: TestPlatform; sim: PayBSimulator; close(): Promise<void> };
  beforeAll(async () => {
    const test = await startPayBTest({ listen: options.webhooks, simulator: options.simulator });
    Object.assign(state, { t: test.t, sim: test.sim, close: test.close });
    if (test.webhookUrl) webhookUrls.set(test.sim, test.webhookUrl);
  });
  afterAll(() => state.close?.());
  return state;
}

/** An order paid with ExtPayB (see createPaidTransaction). */
export interface PaidTransaction extends PayBOrderFixture {
  gatewayTransactionId: number;
}

/**
 * An order paid with ExtPayB: the order transaction in `paid`, and a successful attempt at the simulator
 * (started by the handler's own `pay`, tx_ref = the order transaction id) whose id is stored as pay_b_transaction_id.
 */
export async function createPaidTransaction(
  t: TestPlatform,
  sim: PayBSimulator,
  options: { isoCode?: string; unitPriceMinor?: number; quantity?: number } = {},
): Promise<PaidTransaction> {
  const { platform } = t;
  const isoCode = options.isoCode ?? 'NGN';
  const fixture = await createPayBOrderFixture(platform, { isoCode, amountMinor: (options.unitPriceMinor ?? 500_00) * (options.quantity ?? 2) });
  await startFixturePayment(platform, fixture);
  // the test pays the transaction itself below: no charge.completed to the shop meanwhile
  sim.setWebhookUrl(undefined);
  const { transactionId } = await sim.completePayment(fixture.orderTransactionId, 'successful').finally(() => sim.setWebhookUrl(webhookUrls.get(sim)));
  if (transactionId === undefined) throw new Error('the simulator created no transaction');
  await transaction(platform.db, async (uow) => {
    await platform.repositories
      .get('order_transaction')
      .update({ id: fixture.orderTransactionId, customFields: { pay_b_transaction_id: String(transactionId), pay_b_currency: isoCode } }, systemContext, uow);
    await platform.stateMachines.transition({ within: uow, entity: 'order_transaction', id: fixture.orderTransactionId, action: 'paid', context: systemContext });
  });
  return { ...fixture, gatewayTransactionId: transactionId };
}

export { transactionState } from '../../../platform/checkout/checkout-fixtures.js';

export { storedRefunds, type StoredRefund } from '../../_gateway-kit/stored-refunds.js';

/** Refund requests the simulator received (POST /v3/transactions/:id/refund), bodies as sent. */
export function gatewayRefundRequests(sim: PayBSimulator, gatewayTransactionId?: number): Array<Record<string, unknown>> {
  return sim.requests
    .filter((r) => r.method === 'POST' && /^\/v3\/transactions\/\d+\/refund$/.test(r.path))
    .filter((r) => gatewayTransactionId === undefined || r.path === `/v3/transactions/${gatewayTransactionId}/refund`)
    .map((r) => r.body as Record<string, unknown>);
}

export async function setRefundEnabled(t: TestPlatform, enabled: boolean, salesChannelId: string | null = DEFAULT_SALES_CHANNEL_ID): Promise<void> {
  await t.platform.systemConfig.set(t.platform.db, configKey('refundEnabled'), enabled, salesChannelId);
}

/** A `refund.completed` refund object applied by the host as the webhook applies it (the verdict parser's webhook/refund-event.ts reads it). */
export async function handleRefundCompleted(platform: Platform, refund: Record<string, unknown>): Promise<void> {
  const event = refundEventOf(refund);
  if (event) await applyRefundEvent(payBRefundHost(platform), createPayBRefundProvider(payBHost(platform)), event);
}

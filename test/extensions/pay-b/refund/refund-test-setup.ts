import { afterAll, beforeAll } from 'vitest';
import { systemContext } from '../../../../src/platform/acl/context.js';
import { transaction } from '../../../../src/platform/database/transaction.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { configKey } from '../../../../src/extensions/pay-b/config.js';
import { type PayBSimulator, type PayBSimulatorOptions } from '../../../../src/extensions/pay-b/simulator/index.js';
import type { TestPlatform } from '../../../helpers/test-platform.js';
import { createPayBOrderFixture, startFixturePayment, startPayBTest, type PayBOrderFixture } from '../pay-b-test-setup.js';

export const REFUND_ROUTE = '/api/_action/pay-b/refund';

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

export interface StoredRefund {
  id: string;
  captureId: string;
  externalReference: string | null;
  captureExternalReference: string | null;
  state: string;
  captureState: string;
  /** totalPrice of the refund's CalculatedPrice JSON (major units) */
  amount: number;
  captureAmount: number;
  reason: string | null;
}

/** The platform refunds (with their captures) of an order transaction, oldest first. */
export async function storedRefunds(t: TestPlatform, orderTransactionId: string): Promise<StoredRefund[]> {
  const rows = await t.platform.db
    .selectFrom('order_transaction_capture as c')
    .leftJoin('order_transaction_capture_refund as r', 'r.capture_id', 'c.id')
    .leftJoin('state_machine_state as rs', 'rs.id', 'r.state_id')
    .innerJoin('state_machine_state as cs', 'cs.id', 'c.state_id')
    .select([
      'r.id',
      'c.id as capture_id',
      'r.external_reference',
      'c.external_reference as capture_external_reference',
      'rs.technical_name as state',
      'cs.technical_name as capture_state',
      'r.amount',
      'c.amount as capture_amount',
      'r.reason',
      'c.created_at',
    ])
    .where('c.order_transaction_id', '=', orderTransactionId)
    .orderBy('c.created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    captureId: r.capture_id,
    externalReference: r.external_reference,
    captureExternalReference: r.capture_external_reference,
    state: r.state,
    captureState: r.capture_state,
    amount: r.amount?.totalPrice,
    captureAmount: r.capture_amount?.totalPrice,
    reason: r.reason,
  }));
}

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

import { expect, it, onTestFinished } from 'vitest';
import { PAYMENT_FLAGS } from '../../../src/platform/checkout/payment/payment-flags.js';
import { sql } from 'kysely';
import { LEDGER_FIELD, RECHECK_FIELD } from '../../../src/platform/checkout/payment/payment-recheck.js';
import type { InjectedFault } from '../../../src/extensions/_simulator/types.js';
import { customFieldsOf, stateChanges, stateOf, useHostedPage, type GatewayTest, type PlacedGatewayOrder } from './gateway-test-setup.js';

type RecheckTest = GatewayTest<{ baseUrl: string; injectFault(fault: InjectedFault): () => void; requests: ReadonlyArray<{ method: string; path: string }>; webhookDeliveries: ReadonlyArray<unknown> }, string>;

/**
 * One gateway as the re-check suite drives it: the platform listens for webhooks, and the suite drops the
 * payment's webhook through the simulator's dashboard (`POST /_simulator/webhooks/drop`) over HTTP.
 */
export interface RecheckGateway<T extends RecheckTest> {
  test: T;
  /** e.g. `payment.recheck.pay-b` */
  taskName: string;
  place(test: T): Promise<PlacedGatewayOrder>;
  /** The path of the re-check's verify call for the order (fault injection, call counting). */
  verifyPath(test: T, order: PlacedGatewayOrder): Promise<RegExp>;
  /** The simulator's secret key: its dashboard routes are authenticated like its API. */
  secretKey: string;
  /** What `POST /_simulator/payments/<attempt>/complete` names the order's payment by (gateway A: the reference, D: the tx_ref). */
  attemptOf(order: PlacedGatewayOrder): string;
  /** The body of `POST /_simulator/refunds` for a dashboard refund of `amountMinor` (minor units of 2 decimals) of the order's payment. */
  dashboardRefund(order: PlacedGatewayOrder, paid: Record<string, unknown>, amountMinor: number, sendEvent: boolean): Record<string, unknown>;
  /** The path of the gateway's refund list, which the ledger read calls (fault injection). */
  refundListPath: RegExp;
}

const MINUTE = 60_000;

/**
 * The scheduled re-check over real HTTP against a gateway's simulator: the customer pays on the hosted
 * page and never returns, the webhook is dropped, and the scheduler's clock is advanced (never slept).
 */
export function paymentRecheckSuite<T extends RecheckTest>(gateway: RecheckGateway<T>): void {
  let now = Date.now();
  const advanceTo = (order: { startedAt: number }, minutes: number) => {
    now = order.startedAt + minutes * MINUTE + 1_000;
  };
  const runTask = () => gateway.test.platform.scheduledTasks.run(gateway.taskName, { force: true });
  const place = async () => {
    gateway.test.platform.scheduledTasks.useClock(() => new Date(now));
    const placed = await gateway.place(gateway.test);
    const row = await gateway.test.platform.db.selectFrom('order_transaction').select('created_at').where('id', '=', placed.orderTransactionId).executeTakeFirstOrThrow();
    return { ...placed, startedAt: new Date(row.created_at as unknown as string).getTime() };
  };
  const orderFlags = async (orderId: string) => {
    const row = await gateway.test.platform.db.selectFrom('order').select('custom_fields').where('id', '=', orderId).executeTakeFirstOrThrow();
    return (row.custom_fields ?? {}) as Record<string, unknown>;
  };
  const verifyCalls = (path: RegExp) => gateway.test.sim.requests.filter((r) => r.method === 'GET' && path.test(r.path)).length;
  /** A `POST /_simulator/...` dashboard action over HTTP, as a merchant running the simulator would send it. */
  const dashboard = async (path: string, body: Record<string, unknown>) => {
    const answer = await fetch(`${gateway.test.sim.baseUrl}/_simulator${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${gateway.secretKey}` },
      body: JSON.stringify(body),
    });
    const json = (await answer.json()) as Record<string, unknown>;
    expect(answer.status, JSON.stringify(json)).toBe(200);
    return json;
  };
  /** The payment's webhook is lost and the customer pays on the hosted page but never comes back. */
  const payAndNeverReturn = async (order: PlacedGatewayOrder) => {
    await dashboard('/webhooks/drop', { times: 1 });
    return dashboard(`/payments/${encodeURIComponent(gateway.attemptOf(order))}/complete`, {});
  };
  const refundsOf = async (orderTransactionId: string) =>
    (
      await sql<{ state: string; external_reference: string | null; reason: string | null }>`
        SELECT s.technical_name AS state, r.external_reference, r.reason FROM order_transaction_capture_refund r
        JOIN order_transaction_capture c ON c.id = r.capture_id JOIN state_machine_state s ON s.id = r.state_id
        WHERE c.order_transaction_id = ${orderTransactionId} ORDER BY r.created_at`.execute(gateway.test.platform.db)
    ).rows;
  /** Placed, paid at the gateway with the webhook lost, and paid in the shop by the re-check's first try. */
  const placePaid = async () => {
    const order = await place();
    const paid = await payAndNeverReturn(order);
    advanceTo(order, 2);
    await runTask();
    expect(await stateOf(gateway.test.platform, order.orderTransactionId)).toBe('paid');
    return { order, paid };
  };

  it('pays a payment whose webhook was dropped and whose customer never returned at the first try (2 minutes), once, marked test', async () => {
    const order = await place();
    const completed = await payAndNeverReturn(order);
    expect(completed).toMatchObject({ followed: false });
    expect(gateway.test.sim.webhookDeliveries).toHaveLength(0);
    const path = await gateway.verifyPath(gateway.test, order);
    advanceTo(order, 1);
    expect(await runTask()).toBe('ran');
    expect(verifyCalls(path)).toBe(0);
    expect(await stateOf(gateway.test.platform, order.orderTransactionId)).toBe('open');

    advanceTo(order, 2);
    expect(await runTask()).toBe('ran');
    expect(verifyCalls(path)).toBe(1);
    expect(await stateOf(gateway.test.platform, order.orderTransactionId)).toBe('paid');
    const fields = await customFieldsOf(gateway.test.platform, order.orderTransactionId);
    expect(fields[PAYMENT_FLAGS.testMode]).toBe(true);
    expect(fields[RECHECK_FIELD]).toMatchObject({ tries: 1 });
    expect((await orderFlags(order.orderId))[PAYMENT_FLAGS.testMode]).toBe(true);

    // later runs leave a paid transaction alone
    advanceTo(order, 10);
    await runTask();
    expect(verifyCalls(path)).toBe(1);
    expect((await stateChanges(gateway.test.platform, order.orderTransactionId)).filter((c) => c.action === 'paid' || c.action === 'pay')).toHaveLength(1);
  });

  it('backs off when the gateway answers 500 and pays at the next try', async () => {
    const order = await place();
    await dashboard('/webhooks/drop', { times: 1 });
    await useHostedPage(order.redirectUrl, 'pay');
    const path = await gateway.verifyPath(gateway.test, order);
    gateway.test.sim.injectFault({ method: 'GET', path, status: 500, times: 1 });
    advanceTo(order, 2);
    await runTask();
    expect(await stateOf(gateway.test.platform, order.orderTransactionId)).toBe('open');
    expect((await customFieldsOf(gateway.test.platform, order.orderTransactionId))[RECHECK_FIELD]).toMatchObject({ tries: 1 });
    // not due again before the second try
    advanceTo(order, 9);
    await runTask();
    expect(verifyCalls(path)).toBe(1);
    advanceTo(order, 10);
    await runTask();
    expect(verifyCalls(path)).toBe(2);
    expect(await stateOf(gateway.test.platform, order.orderTransactionId)).toBe('paid');
  });

  it('marks the transaction and its order needs review after the last try (24 hours) when the gateway never answered', async () => {
    const order = await place();
    await dashboard('/webhooks/drop', { times: 1 });
    await useHostedPage(order.redirectUrl, 'pay');
    const removeFault = gateway.test.sim.injectFault({ method: 'GET', path: await gateway.verifyPath(gateway.test, order), status: 500, times: 100 });
    onTestFinished(removeFault);
    for (const minutes of [2, 10, 30, 120, 360]) {
      advanceTo(order, minutes);
      await runTask();
      expect((await customFieldsOf(gateway.test.platform, order.orderTransactionId))[PAYMENT_FLAGS.needsReview]).toBeUndefined();
    }
    advanceTo(order, 1440);
    await runTask();
    expect(await stateOf(gateway.test.platform, order.orderTransactionId)).toBe('open');
    const fields = await customFieldsOf(gateway.test.platform, order.orderTransactionId);
    expect(fields[PAYMENT_FLAGS.needsReview]).toBe(true);
    expect(fields[RECHECK_FIELD]).toMatchObject({ tries: 6 });
    expect((await orderFlags(order.orderId))[PAYMENT_FLAGS.needsReview]).toBe(true);
  });

  it('two runs at once pay and record once', async () => {
    const order = await place();
    await dashboard('/webhooks/drop', { times: 1 });
    await useHostedPage(order.redirectUrl, 'pay');
    advanceTo(order, 2);
    // due now, and run as the scheduler does (not forced): whichever run comes second finds the lease taken
    // ('busy') or, once the first is done, the task no longer due ('not-due'); a forced run would run again
    await gateway.test.platform.db.updateTable('scheduled_task').set({ next_execution_time: new Date(now) }).where('name', '=', gateway.taskName).execute();
    const runDue = () => gateway.test.platform.scheduledTasks.run(gateway.taskName);
    const outcomes = await Promise.all([runDue(), runDue()]);
    expect(outcomes.filter((o) => o === 'ran')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'ran')).toEqual([expect.stringMatching(/^(busy|not-due)$/)]);
    expect(await stateOf(gateway.test.platform, order.orderTransactionId)).toBe('paid');
    expect((await stateChanges(gateway.test.platform, order.orderTransactionId)).filter((c) => c.action === 'paid' || c.action === 'pay')).toHaveLength(1);
  });

  it('adopts a refund made in the gateway dashboard whose event never came at the ledger read an hour after the payment: completed, refunded partially, once', async () => {
    const { order, paid } = await placePaid();
    await dashboard('/refunds', gateway.dashboardRefund(order, paid, 1000, false));
    advanceTo(order, 30);
    await runTask();
    expect(await refundsOf(order.orderTransactionId)).toEqual([]);

    advanceTo(order, 60);
    await runTask();
    const refunds = await refundsOf(order.orderTransactionId);
    expect(refunds).toEqual([expect.objectContaining({ state: 'completed', external_reference: expect.any(String) })]);
    expect(await stateOf(gateway.test.platform, order.orderTransactionId)).toBe('refunded_partially');
    expect((await customFieldsOf(gateway.test.platform, order.orderTransactionId))[LEDGER_FIELD]).toMatchObject({ readAt: new Date(now).toISOString() });

    // the next scheduled reads (6 h, then daily) find nothing new: no second record, no second move
    advanceTo(order, 360);
    await runTask();
    advanceTo(order, 1440);
    await runTask();
    expect(await refundsOf(order.orderTransactionId)).toHaveLength(1);
    expect((await stateChanges(gateway.test.platform, order.orderTransactionId)).filter((c) => c.action === 'refund_partially')).toHaveLength(1);
  });

  it('a dashboard refund whose event arrives is completed by the event, and the ledger read later changes nothing', async () => {
    const { order, paid } = await placePaid();
    await dashboard('/refunds', gateway.dashboardRefund(order, paid, 1000, true));
    expect(await refundsOf(order.orderTransactionId)).toEqual([expect.objectContaining({ state: 'completed' })]);
    expect(await stateOf(gateway.test.platform, order.orderTransactionId)).toBe('refunded_partially');
    advanceTo(order, 60);
    await runTask();
    expect(await refundsOf(order.orderTransactionId)).toHaveLength(1);
    expect((await stateChanges(gateway.test.platform, order.orderTransactionId)).filter((c) => c.action === 'refund_partially')).toHaveLength(1);
  });

  it('reads the ledger again at the next run when the gateway answers 500', async () => {
    const { order, paid } = await placePaid();
    await dashboard('/refunds', gateway.dashboardRefund(order, paid, 1000, false));
    const removeFault = gateway.test.sim.injectFault({ method: 'GET', path: gateway.refundListPath, status: 500, times: 20 });
    advanceTo(order, 60);
    await runTask();
    removeFault();
    expect(await refundsOf(order.orderTransactionId)).toEqual([]);
    expect((await customFieldsOf(gateway.test.platform, order.orderTransactionId))[LEDGER_FIELD]).toBeUndefined();
    advanceTo(order, 61);
    await runTask();
    expect(await refundsOf(order.orderTransactionId)).toEqual([expect.objectContaining({ state: 'completed' })]);
  });

  it('does not re-check when the setting is off', async () => {
    await gateway.test.setConfig('recheckEnabled', false);
    try {
      const order = await place();
      await dashboard('/webhooks/drop', { times: 1 });
      await useHostedPage(order.redirectUrl, 'pay');
      advanceTo(order, 2);
      await runTask();
      expect(await stateOf(gateway.test.platform, order.orderTransactionId)).toBe('open');
    } finally {
      await gateway.test.setConfig('recheckEnabled', true);
    }
  });
}

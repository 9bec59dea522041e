import { expect, it, onTestFinished } from 'vitest';
import { PAYMENT_FLAGS } from '../../../src/platform/checkout/payment/payment-flags.js';
import { RECHECK_FIELD } from '../../../src/platform/checkout/payment/payment-recheck.js';
import type { InjectedFault } from '../../../src/extensions/_simulator/types.js';
import { customFieldsOf, stateChanges, stateOf, useHostedPage, type GatewayTest, type PlacedGatewayOrder } from './gateway-test-setup.js';

type RecheckTest = GatewayTest<{ injectFault(fault: InjectedFault): () => void; requests: ReadonlyArray<{ method: string; path: string }> }, string>;

/** One gateway as the re-check suite drives it: started without a webhook URL, so every webhook is dropped. */
export interface RecheckGateway<T extends RecheckTest> {
  test: T;
  /** e.g. `payment.recheck.pay-b` */
  taskName: string;
  place(test: T): Promise<PlacedGatewayOrder>;
  /** The path of the re-check's verify call for the order (fault injection, call counting). */
  verifyPath(test: T, order: PlacedGatewayOrder): Promise<RegExp>;
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

  it('pays a payment whose webhook was dropped and whose customer never returned at the first try (2 minutes), once, marked test', async () => {
    const order = await place();
    await useHostedPage(order.redirectUrl, 'pay');
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

  it('does not re-check when the setting is off', async () => {
    await gateway.test.setConfig('recheckEnabled', false);
    try {
      const order = await place();
      await useHostedPage(order.redirectUrl, 'pay');
      advanceTo(order, 2);
      await runTask();
      expect(await stateOf(gateway.test.platform, order.orderTransactionId)).toBe('open');
    } finally {
      await gateway.test.setConfig('recheckEnabled', true);
    }
  });
}

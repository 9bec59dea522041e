import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../src/platform/http/app.js';
import { openDatabase } from '../../../../src/platform/database/connection.js';
import { Platform } from '../../../../src/platform/kernel.js';
import { extPayA } from '../../../../src/extensions/pay-a/index.js';
import { testEnv } from '../../../helpers/test-env.js';
import { createPayAOrderFixture, customFieldsOf, stateChanges, startFixturePayment, WEBHOOK_PATH } from '../pay-a-test-setup.js';
import { createPaidTransaction, REFUND_ROUTE, storedRefunds, transactionState, useRefundTestShop } from '../refund/refund-test-setup.js';

/**
 * The same event delivered in parallel to two processes (on PostgreSQL a second platform on the same
 * database stands for a second process; on the embedded database one process) applies once: the row
 * lock of the order transaction and the recorded event keys, not memory, decide.
 */
describe('gateway A webhook: parallel deliveries across processes', () => {
  const shop = useRefundTestShop();
  let apps: FastifyInstance[] = [];
  let second: { platform: Platform; app: FastifyInstance } | undefined;
  beforeAll(async () => {
    apps = [shop.t.app];
    if (shop.t.platform.database.kind !== 'postgres') return;
    const connectionString = (shop.t.platform.database.pool.options as { connectionString: string }).connectionString;
    const platform = await Platform.boot({ env: testEnv(), extensions: [extPayA], database: await openDatabase({ databaseUrl: connectionString, maxConnections: 5 }) });
    const app = await buildApp(platform);
    await app.ready();
    second = { platform, app };
    apps.push(app);
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.platform.close();
  });

  /** Delivers one signed body `times` times at once, spread over the processes; the statuses. */
  async function deliverEverywhere(body: unknown, times: number): Promise<number[]> {
    const payload = JSON.stringify(body);
    const signature = shop.sim.signatureOf(payload);
    const responses = await Promise.all(
      Array.from({ length: times }, (_, i) =>
        apps[i % apps.length]!.inject({ method: 'POST', url: WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'x-pay-a-signature': signature }, payload }),
      ),
    );
    return responses.map((r) => r.statusCode);
  }

  it('charge.success 8 times at once pays once', async () => {
    const { t, sim } = shop;
    expect(apps).toHaveLength(t.platform.database.kind === 'postgres' ? 2 : 1);
    const fixture = await createPayAOrderFixture(t.platform, { isoCode: 'NGN', amountMinor: 300_000 });
    const { reference } = await startFixturePayment(t.platform, fixture);
    sim.setOptions({ autoWebhooks: false });
    await sim.completePayment(reference, 'success');
    sim.setOptions({ autoWebhooks: true });
    expect(await deliverEverywhere({ event: 'charge.success', data: sim.transaction(reference) }, 8)).toEqual([204, 204, 204, 204, 204, 204, 204, 204]);
    expect(await stateChanges(t.platform, fixture.orderTransactionId)).toEqual([{ action: 'paid' }]);
    expect((await customFieldsOf(t.platform, fixture.orderTransactionId)).pay_a_processed_events).toEqual([`charge:${sim.transaction(reference)!.id}`]);
  });

  it('refund.processed 8 times at once completes the refund once', async () => {
    const { t, sim } = shop;
    sim.setOptions({ refundWebhooks: false, refundOutcome: 'pending' });
    try {
      const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
      const refundId = (await t.api('POST', REFUND_ROUTE, { body: { transaction: paid.reference, amount: 1000 } })).json().data.id as number;
      await sim.settleRefund(refundId, 'processed', { send: false });
      expect(await deliverEverywhere(sim.refundEvent(refundId), 8)).toEqual([204, 204, 204, 204, 204, 204, 204, 204]);
      expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([expect.objectContaining({ state: 'completed' })]);
      expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded');
      expect(await stateChanges(t.platform, paid.orderTransactionId)).toEqual([{ action: 'paid' }, { action: 'refund' }]);
    } finally {
      sim.setOptions({ refundWebhooks: true, refundOutcome: 'processed' });
    }
  });
});

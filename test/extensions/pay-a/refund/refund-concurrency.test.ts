import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../src/platform/http/app.js';
import { openDatabase } from '../../../../src/platform/database/connection.js';
import { Platform } from '../../../../src/platform/kernel.js';
import { extPayA } from '../../../../src/extensions/pay-a/index.js';
import { refundLeaseName } from '../../../../src/extensions/_gateway-kit/index.js';
import { DEFAULT_REFUND_TIMINGS, requestRefund } from '../../../../src/extensions/pay-a/refund/request-refund.js';
import { parseRefundRequest } from '../../../../src/extensions/pay-a/refund/refund-request.js';
import { RefundRefusal } from '../../../../src/extensions/pay-a/refund/refund-refusal.js';
import { testEnv } from '../../../helpers/test-env.js';
import { payAHost } from '../pay-a-test-setup.js';
import { createPaidTransaction, gatewayRefundRequests, REFUND_ROUTE, storedRefunds, useRefundTestShop } from './refund-test-setup.js';

/**
 * Refunds of one transaction run one at a time under the kit's refund lease, across processes: on
 * PostgreSQL a second platform on the same database stands for a second process.
 */
describe('gateway A refunds of one transaction are serialized by a lease', () => {
  const shop = useRefundTestShop();
  let second: { platform: Platform; app: FastifyInstance } | undefined;
  beforeAll(async () => {
    if (shop.t.platform.database.kind !== 'postgres') return;
    const connectionString = (shop.t.platform.database.pool.options as { connectionString: string }).connectionString;
    const platform = await Platform.boot({ env: testEnv(), extensions: [extPayA], database: await openDatabase({ databaseUrl: connectionString, maxConnections: 5 }) });
    const app = await buildApp(platform);
    await app.ready();
    second = { platform, app };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.platform.close();
  });

  it('5 parallel requests for 40% each (both processes on PostgreSQL): exactly 2 reach the gateway and the total never exceeds the amount', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', amountMinor: 100_000 });
    const token = await t.adminToken();
    expect(second !== undefined).toBe(t.platform.database.kind === 'postgres');
    const apps = second ? [t.app, second.app] : [t.app];
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        apps[i % apps.length]!.inject({
          method: 'POST',
          url: REFUND_ROUTE,
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          payload: { transaction: paid.reference, amount: 400 },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 400, 400, 400]);
    for (const refused of responses.filter((r) => r.statusCode === 400)) {
      expect(refused.json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 200.00 NGN' });
    }
    expect(gatewayRefundRequests(sim, paid.reference).map((body) => body.amount)).toEqual([40_000, 40_000]);
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.amount)).toEqual([400, 400]);
    expect(await t.platform.leases.holder(refundLeaseName(paid.orderTransactionId))).toBeNull();
  });

  it('a refund that cannot get the lease is refused with the kit\'s message and sends nothing', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const foreign = await t.platform.leases.take(refundLeaseName(paid.orderTransactionId), { ttlMs: 120_000 });
    expect(foreign).not.toBeNull();
    try {
      const attempt = requestRefund(payAHost(t.platform), parseRefundRequest({ transaction: paid.reference, amount: 100 }), {
        ...DEFAULT_REFUND_TIMINGS,
        lease: { ttlMs: 120_000, waitMs: 300, pollMs: 50 },
      });
      await expect(attempt).rejects.toThrow(RefundRefusal);
      await expect(attempt).rejects.toMatchObject({ message: 'Another refund of this transaction is in progress. Please try again.' });
      expect(gatewayRefundRequests(sim, paid.reference)).toEqual([]);
    } finally {
      await t.platform.leases.release(foreign!);
    }
  });

  it('an expired lease (a crashed holder) is taken over; the refund then releases its own', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    await sql`INSERT INTO lease (name, token, expires_at) VALUES (${refundLeaseName(paid.orderTransactionId)}, gen_random_uuid(), now() - interval '1 second')`.execute(t.platform.db);
    const response = await t.api('POST', REFUND_ROUTE, { body: { transaction: paid.reference, amount: 150 } });
    expect(response.statusCode).toBe(200);
    expect(await t.platform.leases.holder(refundLeaseName(paid.orderTransactionId))).toBeNull();
  });
});

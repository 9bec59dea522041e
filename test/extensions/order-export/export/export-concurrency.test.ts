import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../src/platform/http/app.js';
import { openDatabase } from '../../../../src/platform/database/connection.js';
import { Platform } from '../../../../src/platform/kernel.js';
import { extOrderExport } from '../../../../src/extensions/order-export/index.js';
import { exportLeaseName } from '../../../../src/extensions/order-export/export/export-lease.js';
import { testEnv } from '../../../helpers/test-env.js';
import { EXPORT_ROUTE, startOrderExportTest, type OrderExportTest } from '../order-export-test-setup.js';

describe('one running export per order and target', () => {
  let oe: OrderExportTest;
  let mappingId: string;
  // on PostgreSQL a second platform on the same database stands for a second process
  let second: { platform: Platform; app: FastifyInstance } | undefined;
  beforeAll(async () => {
    oe = await startOrderExportTest();
    mappingId = await oe.createMapping();
    if (oe.t.platform.database.kind !== 'postgres') return;
    const connectionString = (oe.t.platform.database.pool.options as { connectionString: string }).connectionString;
    const platform = await Platform.boot({ env: testEnv(), extensions: [extOrderExport], database: await openDatabase({ databaseUrl: connectionString, maxConnections: 5 }) });
    const app = await buildApp(platform);
    await app.ready();
    second = { platform, app };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.platform.close();
    await oe.close();
  });

  const exportVia = async (app: FastifyInstance, body: object) =>
    app.inject({ method: 'POST', url: EXPORT_ROUTE, payload: body, headers: { authorization: `Bearer ${await oe.t.adminToken()}`, accept: 'application/json' } });

  it('two concurrent exports of one order to one target: exactly one runs, the other gets 409 (across processes on PostgreSQL)', async () => {
    const configId = await oe.createTarget({ mappingId });
    const order = await oe.createOrder();
    expect(second !== undefined).toBe(oe.t.platform.database.kind === 'postgres');
    const before = oe.sim.deliveries.length;
    // the target takes its time, so both requests overlap
    oe.sim.respondWith(() => ({ status: 200, delayMs: 1500 }));
    try {
      const responses = await Promise.all([exportVia(oe.t.app, { orderId: order.orderId, configId }), exportVia(second?.app ?? oe.t.app, { orderId: order.orderId, configId })]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const refused = responses.find((r) => r.statusCode === 409)!;
      expect(refused.json().errors[0]).toMatchObject({ status: '409', code: 'EXT_ORDER_EXPORT__EXPORT_RUNNING' });
    } finally {
      oe.sim.respondWith(undefined);
    }
    expect(oe.sim.deliveries).toHaveLength(before + 1);
    expect(await oe.attempts((await oe.exportRow(order.orderId, configId))!.id as string)).toHaveLength(1);
    expect(await oe.t.platform.leases.holder(exportLeaseName(order.orderId, configId))).toBeNull();
  });

  it('exports of one order to two targets run side by side', async () => {
    const [a, b] = [await oe.createTarget({ mappingId }), await oe.createTarget({ mappingId })];
    const order = await oe.createOrder();
    oe.sim.respondWith(() => ({ status: 200, delayMs: 300 }));
    try {
      const responses = await Promise.all([exportVia(oe.t.app, { orderId: order.orderId, configId: a }), exportVia(second?.app ?? oe.t.app, { orderId: order.orderId, configId: b })]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    } finally {
      oe.sim.respondWith(undefined);
    }
  });

  it('a lease held elsewhere refuses at once with 409; an expired one (a crashed holder) is taken over', async () => {
    const configId = await oe.createTarget({ mappingId });
    const order = await oe.createOrder();
    const name = exportLeaseName(order.orderId, configId);
    const foreign = await oe.t.platform.leases.take(name, { ttlMs: 60_000 });
    const started = Date.now();
    const refused = await oe.exportOrder({ orderId: order.orderId, configId });
    expect(refused.statusCode).toBe(409);
    expect(Date.now() - started).toBeLessThan(5_000);
    await oe.t.platform.leases.release(foreign!);
    const { attemptId } = (await oe.exportOrder({ orderId: order.orderId, configId })).json();
    // a replay of the pair is refused as well
    const held = await oe.t.platform.leases.take(name, { ttlMs: 60_000 });
    expect((await oe.t.api('POST', `/api/_action/ext-order-export/attempt/${attemptId}/replay`)).statusCode).toBe(409);
    await oe.t.platform.leases.release(held!);

    await sql`INSERT INTO lease (name, token, expires_at) VALUES (${name}, gen_random_uuid(), now() - interval '1 second')`.execute(oe.t.platform.db);
    const takenOver = await oe.exportOrder({ orderId: order.orderId, configId, forceReExport: true });
    expect(takenOver.statusCode).toBe(200);
    expect(await oe.t.platform.leases.holder(name)).toBeNull();
  });
});

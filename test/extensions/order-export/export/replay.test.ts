import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../../src/platform/ids.js';
import { startOrderExportTest, type OrderExportTest } from '../order-export-test-setup.js';

const replayRoute = (attemptId: string) => `/api/_action/ext-order-export/attempt/${attemptId}/replay`;

describe('replay of a recorded attempt', () => {
  let oe: OrderExportTest;
  let configId: string;
  beforeAll(async () => {
    oe = await startOrderExportTest();
    configId = await oe.createTarget({ mappingId: await oe.createMapping() });
  });
  afterAll(() => oe.close());

  it('sends the stored revision again: the same bytes and correlation id, a new signature and a replay attempt', async () => {
    const order = await oe.createOrder();
    oe.sim.enqueue({ status: 503 });
    const failed = (await oe.exportOrder({ orderId: order.orderId, configId })).json();
    expect(failed).toMatchObject({ outcome: 'failed' });
    const original = oe.sim.deliveries.at(-1)!;
    // the order changes afterwards: a replay still sends what the revision held
    await oe.setComment(order.orderId, 'changed after the export');

    const replayed = await oe.t.api('POST', replayRoute(failed.attemptId));
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.json()).toMatchObject({ outcome: 'exported', revision: 1, correlationId: failed.correlationId, orderExportId: failed.orderExportId });
    const resent = oe.sim.deliveries.at(-1)!;
    expect(resent.rawBody).toBe(original.rawBody);
    expect(resent.headers['webhook-id']).toBe(failed.correlationId);
    expect(resent.signature).toBe('valid');
    const attempts = await oe.attempts(failed.orderExportId);
    expect(attempts.map((a) => [a.trigger, a.outcome, a.revision])).toEqual([
      ['manual', 'failed', 1],
      ['replay', 'exported', 1],
    ]);
    expect(await oe.exportRow(order.orderId, configId)).toMatchObject({ status: 'exported', last_error: null });
  });

  it('an attempt of a superseded revision cannot be replayed (409)', async () => {
    const order = await oe.createOrder();
    const first = (await oe.exportOrder({ orderId: order.orderId, configId })).json();
    await oe.exportOrder({ orderId: order.orderId, configId, forceReExport: true });
    const before = oe.sim.deliveries.length;
    const response = await oe.t.api('POST', replayRoute(first.attemptId));
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0]).toMatchObject({ status: '409', code: 'EXT_ORDER_EXPORT__REVISION_SUPERSEDED' });
    expect(oe.sim.deliveries).toHaveLength(before);
  });

  it('404 for an unknown attempt or an inactive target; 403 without ext_order_export:update', async () => {
    expect((await oe.t.api('POST', replayRoute(newId()))).statusCode).toBe(404);
    expect((await oe.t.api('POST', replayRoute('nope'))).statusCode).toBe(404);
    const target = await oe.createTarget({ mappingId: await oe.createMapping() });
    const order = await oe.createOrder();
    const { attemptId } = (await oe.exportOrder({ orderId: order.orderId, configId: target })).json();
    const reader = await oe.t.tokenWithPrivileges(['ext_order_export:read']);
    expect((await oe.t.api('POST', replayRoute(attemptId), { token: reader })).statusCode).toBe(403);
    await oe.t.api('PATCH', `/api/ext-order-export-config/${target}`, { body: { active: false } });
    expect((await oe.t.api('POST', replayRoute(attemptId))).statusCode).toBe(404);
  });
});

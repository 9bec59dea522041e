import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrderExportTest, type OrderExportTest } from '../order-export-test-setup.js';

describe('the order page view: targets, revisions with payloads, the diff, attempts with secrets masked', () => {
  let oe: OrderExportTest;
  beforeAll(async () => {
    oe = await startOrderExportTest({ simulator: { auth: { type: 'bearer', token: 'erp-bearer-token-1' } } });
  }, 600_000);
  afterAll(async () => oe?.close());

  it('lists every target, the payload of each revision, what changed between two, and the attempts without the credential', async () => {
    const mappingId = await oe.createMapping();
    const credentialId = await oe.createCredential({ name: 'ERP', authType: 'bearer', secret: 'erp-bearer-token-1' });
    const configId = await oe.createTarget({ mappingId, credentialId, name: 'A ERP' });
    const other = await oe.createTarget({ mappingId, name: 'B warehouse' });
    const order = await oe.createOrder();
    await oe.setComment(order.orderId, 'ring once');
    expect((await oe.exportOrder({ orderId: order.orderId, configId })).statusCode).toBe(200);
    await oe.setComment(order.orderId, 'leave at the door');
    expect((await oe.exportOrder({ orderId: order.orderId, configId })).json().revision).toBe(2);

    const view = await oe.t.api('GET', `/api/_action/ext-order-export/order/${order.orderId}`);
    expect(view.statusCode, view.body).toBe(200);
    const targets = view.json().targets as Array<Record<string, any>>;
    expect(targets.map((t) => t.name)).toEqual(['A ERP', 'B warehouse']);
    expect(targets[1]).toMatchObject({ id: other, export: null, revisions: [], attempts: [] });
    const a = targets[0]!;
    expect(a.export).toMatchObject({ status: 'exported', revision: 2 });
    expect(a.revisions.map((r: { revision: number; payload: { note: unknown } }) => [r.revision, r.payload.note])).toEqual([
      [1, 'ring once'],
      [2, 'leave at the door'],
    ]);
    expect(a.attempts).toHaveLength(2);
    expect(a.attempts[0].request.headers.authorization).toBe('[redacted]');
    expect(view.body).not.toContain('erp-bearer-token-1');

    const diff = await oe.t.api('GET', `/api/_action/ext-order-export/export/${a.export.id}/diff?from=1&to=2`);
    expect(diff.statusCode, diff.body).toBe(200);
    expect(diff.json().changes).toEqual([{ path: '$.note', change: 'changed', old: 'ring once', new: 'leave at the door' }]);
    expect((await oe.t.api('GET', `/api/_action/ext-order-export/export/${a.export.id}/diff?from=1&to=9`)).statusCode).toBe(404);
    expect((await oe.t.api('GET', `/api/_action/ext-order-export/export/${a.export.id}/diff?from=1`)).statusCode).toBe(400);
  });
});

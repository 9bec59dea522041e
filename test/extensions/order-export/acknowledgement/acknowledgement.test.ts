import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSigningSecret, signedHeaders } from '../../../../src/extensions/order-export/delivery/standard-webhooks.js';
import { startTargetSimulator } from '../../../../src/extensions/order-export/simulator/index.js';
import { newId } from '../../../../src/platform/ids.js';
import { startOrderExportTest, type OrderExportTest } from '../order-export-test-setup.js';

describe('acknowledgement callback over HTTP (POST /ext-order-export/acknowledge)', () => {
  let oe: OrderExportTest;
  let configId: string;
  beforeAll(async () => {
    oe = await startOrderExportTest();
    configId = await oe.createTarget({ mappingId: await oe.createMapping(), ackMode: 'callback' });
  });
  afterAll(() => oe.close());

  /** An order exported to the callback target, waiting for its acknowledgement. */
  async function awaiting() {
    const order = await oe.createOrder();
    const response = await oe.exportOrder({ orderId: order.orderId, configId });
    expect(response.json()).toMatchObject({ outcome: 'awaiting_acknowledgement' });
    return { orderId: order.orderId, correlationId: response.json().correlationId as string };
  }

  const acknowledge = (input: Partial<Parameters<OrderExportTest['sim']['acknowledge']>[0]> & { correlationId: string }) =>
    oe.sim.acknowledge({ callbackUrl: oe.ackUrl, status: 'acknowledged', ...input });

  /** A raw POST to the callback, signed with `secret` unless `headers` says otherwise. */
  const post = (body: string, headers: Record<string, string> = signedHeaders({ id: `msg_${newId()}`, timestamp: Math.floor(Date.now() / 1000), body, secrets: [oe.signingSecret] }) as unknown as Record<string, string>) =>
    fetch(oe.ackUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it('acknowledged: 200 {"status":"acknowledged"}, the export is acknowledged with the reference; a repeat changes nothing', async () => {
    const { orderId, correlationId } = await awaiting();
    const answer = await acknowledge({ correlationId, reference: 'ERP-4711' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ status: 'acknowledged' });
    const row = await oe.exportRow(orderId, configId);
    expect(row).toMatchObject({ status: 'acknowledged', ack_status: 'acknowledged', ack_reference: 'ERP-4711' });

    const repeat = await acknowledge({ correlationId, reference: 'ERP-other' });
    expect(repeat.status).toBe(200);
    expect(JSON.parse(repeat.body)).toEqual({ status: 'acknowledged' });
    const contrary = await acknowledge({ correlationId, status: 'rejected', message: 'changed my mind' });
    expect(JSON.parse(contrary.body)).toEqual({ status: 'acknowledged' });
    expect(await oe.exportRow(orderId, configId)).toEqual(row);
  });

  it('rejected: the export fails with the target\'s message', async () => {
    const { orderId, correlationId } = await awaiting();
    const answer = await acknowledge({ correlationId, status: 'rejected', message: 'unknown article SW-9' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ status: 'rejected' });
    expect(await oe.exportRow(orderId, configId)).toMatchObject({ status: 'failed', ack_status: 'rejected', last_error: 'rejected by the target: unknown article SW-9' });
  });

  it('400 for a malformed body (not JSON, wrong status, unknown keys, bad types), nothing changes', async () => {
    const { orderId, correlationId } = await awaiting();
    const before = await oe.exportRow(orderId, configId);
    for (const body of [
      'not json',
      '[]',
      JSON.stringify({ correlationId, status: 'done' }),
      JSON.stringify({ correlationId, status: 'acknowledged', extra: 1 }),
      JSON.stringify({ correlationId: 42, status: 'acknowledged' }),
      JSON.stringify({ correlationId, status: 'acknowledged', reference: 7 }),
    ]) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expect((await response.json()).errors[0]).toMatchObject({ status: '400', code: 'EXT_ORDER_EXPORT__ACK_BAD_REQUEST' });
    }
    expect(await oe.exportRow(orderId, configId)).toEqual(before);
  });

  it('401 for a missing or forged signature and for stale or future timestamps; forged acknowledgements change nothing', async () => {
    const { orderId, correlationId } = await awaiting();
    const before = await oe.exportRow(orderId, configId);
    const body = JSON.stringify({ correlationId, status: 'rejected', message: 'forged' });
    const now = Math.floor(Date.now() / 1000);
    const unsigned = await post(body, {});
    expect(unsigned.status).toBe(401);
    expect((await unsigned.json()).errors[0]).toMatchObject({ status: '401', code: 'EXT_ORDER_EXPORT__ACK_INVALID_SIGNATURE' });
    expect((await acknowledge({ correlationId, status: 'rejected', signingSecret: generateSigningSecret() })).status).toBe(401);
    // well outside the 5 minutes either way: the shop's clock reads later than `now` by the time it checks
    expect((await acknowledge({ correlationId, status: 'rejected', timestamp: now - 360 })).status).toBe(401);
    expect((await acknowledge({ correlationId, status: 'rejected', timestamp: now + 360 })).status).toBe(401);
    // a valid signature over other bytes
    const signed = signedHeaders({ id: 'msg_1', timestamp: now, body: JSON.stringify({ correlationId, status: 'acknowledged' }), secrets: [oe.signingSecret] });
    expect((await post(body, signed as unknown as Record<string, string>)).status).toBe(401);
    expect(await oe.exportRow(orderId, configId)).toEqual(before);

    // within the tolerance, and with several signatures of which one matches (secret rotation), it counts
    const rotated = signedHeaders({ id: 'msg_2', timestamp: now - 240, body, secrets: [generateSigningSecret(), oe.signingSecret] });
    expect((await post(body, rotated as unknown as Record<string, string>)).status).toBe(200);
    expect(await oe.exportRow(orderId, configId)).toMatchObject({ status: 'failed', ack_status: 'rejected' });
  });

  it('404 for a correlation id no export used', async () => {
    const response = await acknowledge({ correlationId: newId() });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body).errors[0]).toMatchObject({ status: '404', code: 'EXT_ORDER_EXPORT__ACK_UNKNOWN_CORRELATION_ID' });
  });

  it('409 for a superseded revision, once the signature has verified', async () => {
    const { orderId, correlationId } = await awaiting();
    const forced = await oe.exportOrder({ orderId, configId, forceReExport: true });
    expect(forced.json()).toMatchObject({ revision: 2 });
    const before = await oe.exportRow(orderId, configId);
    const stale = await acknowledge({ correlationId });
    expect(stale.status).toBe(409);
    expect(JSON.parse(stale.body).errors[0]).toMatchObject({ status: '409', code: 'EXT_ORDER_EXPORT__ACK_REVISION_SUPERSEDED' });
    expect((await acknowledge({ correlationId, signingSecret: generateSigningSecret() })).status).toBe(401);
    expect(await oe.exportRow(orderId, configId)).toEqual(before);
    expect((await acknowledge({ correlationId: forced.json().correlationId })).status).toBe(200);
  });

  it('each target verifies with its own signing secret', async () => {
    const otherSecret = generateSigningSecret();
    const otherSim = await startTargetSimulator({ signingSecret: otherSecret });
    try {
      const other = await oe.createTarget({ mappingId: await oe.createMapping(), ackMode: 'callback', signingSecret: otherSecret, url: otherSim.deliveryUrl });
      const order = await oe.createOrder();
      const exported = await oe.exportOrder({ orderId: order.orderId, configId: other });
      expect(exported.json()).toMatchObject({ outcome: 'awaiting_acknowledgement' });
      const correlationId = exported.json().correlationId as string;
      expect((await acknowledge({ correlationId })).status).toBe(401);
      expect((await otherSim.acknowledge({ callbackUrl: oe.ackUrl, correlationId, status: 'acknowledged' })).status).toBe(200);
    } finally {
      await otherSim.close();
    }
  });
});

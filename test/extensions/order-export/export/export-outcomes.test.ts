import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../../src/platform/ids.js';
import { startOrderExportTest, TEST_MAPPING, type OrderExportTest } from '../order-export-test-setup.js';

describe('export outcomes over HTTP against the target simulator', () => {
  let oe: OrderExportTest;
  let mappingId: string;
  beforeAll(async () => {
    oe = await startOrderExportTest();
    mappingId = await oe.createMapping();
  });
  afterAll(() => oe.close());

  const exported = async (body: Record<string, unknown>) => {
    const response = await oe.exportOrder(body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { outcome: string; orderExportId: string; revision: number; correlationId: string; attemptId: string };
  };

  it('the first export is revision 1: a signed delivery of the rendered order, recorded as export and attempt', async () => {
    const configId = await oe.createTarget({ mappingId, headers: { 'X-Shop': 'demo' } });
    const order = await oe.createOrder();
    const result = await exported({ orderId: order.orderId, configId });
    expect(Object.keys(result).sort()).toEqual(['attemptId', 'correlationId', 'orderExportId', 'outcome', 'revision']);
    expect(result).toMatchObject({ outcome: 'exported', revision: 1 });

    const delivery = oe.sim.deliveries.at(-1)!;
    expect(delivery).toMatchObject({ method: 'POST', path: '/orders', signature: 'valid' });
    expect(delivery.headers).toMatchObject({ 'content-type': 'application/json', 'idempotency-key': result.correlationId, 'webhook-id': result.correlationId, 'x-shop': 'demo' });
    expect(delivery.json).toEqual({
      orderNumber: expect.stringMatching(/^T-/),
      total: 39.98,
      currency: 'EUR',
      paymentState: 'open',
      shipping: 'Standard',
      customer: { email: 'fixture@example.com', city: 'Berlin' },
      lines: [{ label: 'Fixture product', qty: 2 }],
      note: null,
      source: 'webshop',
    });
    // the stored definition keeps its field order, and so does the payload
    expect(Object.keys(delivery.json as object)).toEqual(Object.keys(TEST_MAPPING.fields));

    const row = await oe.exportRow(order.orderId, configId);
    expect(row).toMatchObject({ id: result.orderExportId, revision: 1, correlation_id: result.correlationId, status: 'exported', payload: delivery.rawBody, last_error: null });
    expect(row!.delivered_at).toBeInstanceOf(Date);
    const [attempt] = await oe.attempts(result.orderExportId);
    expect(attempt).toMatchObject({
      id: result.attemptId,
      revision: 1,
      correlation_id: result.correlationId,
      trigger: 'manual',
      outcome: 'exported',
      request_url: oe.sim.deliveryUrl,
      request_method: 'POST',
      request_body: delivery.rawBody,
      response_status: 200,
      error: null,
    });
    expect(attempt!.request_headers).toMatchObject({ 'webhook-id': result.correlationId, 'x-shop': 'demo' });
    expect(attempt!.response_body).toBe('{"received":true}');
  });

  it('an unchanged order is deduplicated (nothing sent); a change is a new revision; forceReExport a new one too', async () => {
    const configId = await oe.createTarget({ mappingId });
    const order = await oe.createOrder();
    const first = await exported({ orderId: order.orderId, configId });
    const sent = oe.sim.deliveries.length;

    const again = await exported({ orderId: order.orderId, configId });
    expect(again).toMatchObject({ outcome: 'deduplicated', revision: 1, correlationId: first.correlationId, orderExportId: first.orderExportId });
    expect(again.attemptId).not.toBe(first.attemptId);
    expect(oe.sim.deliveries).toHaveLength(sent);
    expect(await oe.exportRow(order.orderId, configId)).toMatchObject({ status: 'deduplicated', revision: 1 });

    await oe.setComment(order.orderId, 'please ring twice');
    const changed = await exported({ orderId: order.orderId, configId });
    expect(changed).toMatchObject({ outcome: 'exported', revision: 2 });
    expect(changed.correlationId).not.toBe(first.correlationId);
    expect(oe.sim.deliveries.at(-1)!.json).toMatchObject({ note: 'please ring twice' });

    const forced = await exported({ orderId: order.orderId, configId, forceReExport: true });
    expect(forced).toMatchObject({ outcome: 'exported', revision: 3 });
    expect(forced.correlationId).not.toBe(changed.correlationId);
    expect(oe.sim.deliveries.at(-1)!.rawBody).toBe(oe.sim.deliveries.at(-2)!.rawBody);

    const attempts = await oe.attempts(first.orderExportId);
    expect(attempts.map((a) => [a.revision, a.trigger, a.outcome])).toEqual([
      [1, 'manual', 'exported'],
      [1, 'manual', 'deduplicated'],
      [2, 'manual', 'exported'],
      [3, 'forced', 'exported'],
    ]);
    expect(attempts[1]).toMatchObject({ request_url: null, request_body: null, response_status: null });
  });

  it('a callback target waits for the acknowledgement; an answer saying {"acknowledged": true} acknowledges at once', async () => {
    const configId = await oe.createTarget({ mappingId, ackMode: 'callback' });
    const waiting = await oe.createOrder();
    expect(await exported({ orderId: waiting.orderId, configId })).toMatchObject({ outcome: 'awaiting_acknowledgement' });
    expect(await oe.exportRow(waiting.orderId, configId)).toMatchObject({ status: 'awaiting_acknowledgement', ack_status: null, acknowledged_at: null });

    const immediate = await oe.createOrder();
    oe.sim.enqueue({ status: 201, acknowledged: true, reference: 'ERP-77' });
    expect(await exported({ orderId: immediate.orderId, configId })).toMatchObject({ outcome: 'acknowledged' });
    const row = await oe.exportRow(immediate.orderId, configId);
    expect(row).toMatchObject({ status: 'acknowledged', ack_status: 'acknowledged', ack_reference: 'ERP-77' });
    expect(row!.acknowledged_at).toBeInstanceOf(Date);
  });

  it('without callbacks, a 2xx is exported whatever its body says', async () => {
    const configId = await oe.createTarget({ mappingId });
    const order = await oe.createOrder();
    oe.sim.enqueue({ status: 200, acknowledged: true, reference: 'ERP-1' });
    expect(await exported({ orderId: order.orderId, configId })).toMatchObject({ outcome: 'exported' });
  });

  it('a target answering with an error is outcome failed (200, the answer recorded); the same payload then retries the same revision', async () => {
    const configId = await oe.createTarget({ mappingId, method: 'PUT' });
    const order = await oe.createOrder();
    oe.sim.enqueue({ status: 500, body: { error: 'ERP down for maintenance' } });
    const failed = await exported({ orderId: order.orderId, configId });
    expect(failed).toMatchObject({ outcome: 'failed', revision: 1 });
    expect(oe.sim.deliveries.at(-1)!.method).toBe('PUT');
    const row = await oe.exportRow(order.orderId, configId);
    expect(row).toMatchObject({ status: 'failed', last_error: 'the target answered 500', delivered_at: null });
    const [attempt] = await oe.attempts(failed.orderExportId);
    expect(attempt).toMatchObject({ outcome: 'failed', response_status: 500, response_body: '{"error":"ERP down for maintenance"}', error: 'the target answered 500' });

    const retried = await exported({ orderId: order.orderId, configId });
    expect(retried).toMatchObject({ outcome: 'exported', revision: 1, correlationId: failed.correlationId });
    expect(oe.sim.deliveries.at(-1)!.headers['idempotency-key']).toBe(failed.correlationId);
    expect(await oe.exportRow(order.orderId, configId)).toMatchObject({ status: 'exported', last_error: null });
  });

  it('after a failure a changed payload is a new revision', async () => {
    const configId = await oe.createTarget({ mappingId });
    const order = await oe.createOrder();
    oe.sim.enqueue({ status: 422 });
    const failed = await exported({ orderId: order.orderId, configId });
    await oe.setComment(order.orderId, 'fixed address');
    const next = await exported({ orderId: order.orderId, configId });
    expect(next).toMatchObject({ outcome: 'exported', revision: 2 });
    expect(next.correlationId).not.toBe(failed.correlationId);
  });

  it('a redirect is a failure and is not followed', async () => {
    const configId = await oe.createTarget({ mappingId });
    const order = await oe.createOrder();
    const before = oe.sim.deliveries.length;
    oe.sim.enqueue({ status: 307, headers: { location: `${oe.sim.baseUrl}/elsewhere` } });
    expect(await exported({ orderId: order.orderId, configId })).toMatchObject({ outcome: 'failed' });
    expect(oe.sim.deliveries.slice(before).map((d) => d.path)).toEqual(['/orders']);
    expect(await oe.exportRow(order.orderId, configId)).toMatchObject({ last_error: 'the target answered 307 (redirects are not followed)' });
  });

  it('502 when the target gives no answer (refused, timeout); the failed attempt is recorded and named', async () => {
    const refusedTarget = await oe.createTarget({ mappingId, url: 'http://127.0.0.1:1/orders' });
    const order = await oe.createOrder();
    const refused = await oe.exportOrder({ orderId: order.orderId, configId: refusedTarget });
    expect(refused.statusCode).toBe(502);
    const error = refused.json().errors[0];
    expect(error).toMatchObject({ status: '502', code: 'EXT_ORDER_EXPORT__TARGET_UNREACHABLE', detail: 'The export target could not be reached: the connection was refused' });
    expect(error.meta).toMatchObject({ outcome: 'failed', revision: 1 });
    const [attempt] = await oe.attempts(error.meta.orderExportId);
    expect(attempt).toMatchObject({ id: error.meta.attemptId, outcome: 'failed', response_status: null, error: 'the connection was refused', request_url: 'http://127.0.0.1:1/orders' });

    const slowTarget = await oe.createTarget({ mappingId, timeoutMs: 300 });
    oe.sim.enqueue({ status: 200, delayMs: 3000 });
    const slow = await oe.exportOrder({ orderId: order.orderId, configId: slowTarget });
    expect(slow.statusCode).toBe(502);
    expect(slow.json().errors[0].detail).toBe('The export target could not be reached: no complete answer within 300 ms');
  });

  it('400 without orderId or configId, or with a malformed one, in the Admin API error shape', async () => {
    const configId = await oe.createTarget({ mappingId });
    const order = await oe.createOrder();
    for (const body of [{ configId }, { orderId: order.orderId }, {}, { orderId: 'not-an-id', configId }]) {
      const response = await oe.exportOrder(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ status: '400', code: 'FRAMEWORK__INVALID_REQUEST_PARAMETER' });
    }
  });

  it('404 for an unknown or inactive target and for an unknown order', async () => {
    const order = await oe.createOrder();
    const inactive = await oe.createTarget({ mappingId, active: false });
    const active = await oe.createTarget({ mappingId });
    const before = oe.sim.deliveries.length;
    for (const body of [
      { orderId: order.orderId, configId: newId() },
      { orderId: order.orderId, configId: inactive },
      { orderId: newId(), configId: active },
    ]) {
      const response = await oe.exportOrder(body);
      expect(response.statusCode).toBe(404);
      expect(response.json().errors[0]).toMatchObject({ status: '404', code: 'FRAMEWORK__RESOURCE_NOT_FOUND' });
    }
    expect(oe.sim.deliveries).toHaveLength(before);
  });

  it('422 when the mapping cannot render the order: errors[0].meta.fieldErrors by payload path, nothing sent or recorded', async () => {
    const strict = await oe.createMapping(
      {
        fields: {
          orderNumber: { expr: 'orderNumber' },
          customer: { fields: { vatId: { expr: 'orderCustomer.vatId', required: true } } },
          weight: { expr: 'amountTotal * "kg"' },
        },
      },
      'strict',
    );
    const configId = await oe.createTarget({ mappingId: strict });
    const order = await oe.createOrder();
    const before = oe.sim.deliveries.length;
    const response = await oe.exportOrder({ orderId: order.orderId, configId });
    expect(response.statusCode).toBe(422);
    const error = response.json().errors[0];
    expect(error).toMatchObject({ status: '422', code: 'EXT_ORDER_EXPORT__RENDER_FAILED' });
    expect(Object.keys(error.meta.fieldErrors).sort()).toEqual(['customer.vatId', 'weight']);
    expect(error.meta.fieldErrors['customer.vatId']).toBe('required, but the expression yielded nothing');
    expect(oe.sim.deliveries).toHaveLength(before);
    expect(await oe.exportRow(order.orderId, configId)).toBeUndefined();
  });

  it('403 without ext_order_export:update, before the body is looked at', async () => {
    const token = await oe.t.tokenWithPrivileges(['ext_order_export:read', 'ext_order_export_config:read']);
    const response = await oe.exportOrder({}, token);
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.json().errors[0].detail).missingPrivileges).toEqual(['ext_order_export:update']);
  });

  it('an integration with exactly ext_order_export:update may export', async () => {
    const configId = await oe.createTarget({ mappingId });
    const order = await oe.createOrder();
    const token = await oe.t.tokenWithPrivileges(['ext_order_export:update']);
    const response = await oe.exportOrder({ orderId: order.orderId, configId }, token);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('private addresses are refused at connect time unless allowPrivateTargets is on', async () => {
    const configId = await oe.createTarget({ mappingId });
    const order = await oe.createOrder();
    await oe.setAllowPrivateTargets(false);
    try {
      const response = await oe.exportOrder({ orderId: order.orderId, configId });
      expect(response.statusCode).toBe(502);
      expect(response.json().errors[0].detail).toMatch(/127\.0\.0\.1 is a private, loopback or link-local address; such targets are refused/);
    } finally {
      await oe.setAllowPrivateTargets(true);
    }
    expect((await oe.exportOrder({ orderId: order.orderId, configId })).json()).toMatchObject({ outcome: 'exported', revision: 1 });
  });
});

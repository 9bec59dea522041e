import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrderExportTest, type OrderExportTest } from '../order-export-test-setup.js';

describe('export outcomes over HTTP against the target simulator', () => {
  let oe: OrderExportTest;
  let mappingId: string;
  beforeAll(async () => {
    oe = await startOrderExportTest();
    mappingId = await oe.createMapping();
  });
  afterAll(() => oe.close());

  it('first export: revision 1, exported, signed delivery of the rendered order', async () => {
    const configId = await oe.createTarget({ mappingId });
    const order = await oe.createOrder();
    const response = await oe.exportOrder({ orderId: order.orderId, configId });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ outcome: 'exported', revision: 1 });
    const delivery = oe.sim.deliveries.at(-1)!;
    expect(delivery.signature).toBe('valid');
    expect(delivery.headers['idempotency-key']).toBe(result.correlationId);
    expect(delivery.json).toMatchObject({ total: 39.98, currency: 'EUR', paymentState: 'open', customer: { email: 'fixture@example.com' }, source: 'webshop' });
  });
});

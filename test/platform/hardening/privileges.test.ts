import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderFixture } from '../../fixtures/orders.js';
import { expectMissingPrivileges } from '../../helpers/expectations.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { transactionState } from '../checkout/checkout-fixtures.js';

describe('hardening: state transitions and queue routes need their privileges', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  it('a token without order_transaction:update cannot move a payment; with it, it can', async () => {
    const order = await createOrderFixture(t.platform, {});
    const reader = await t.tokenWithPrivileges(['product:read', 'order_transaction:read']);
    const refused = await t.api('POST', `/api/_action/order_transaction/${order.transactionId}/state/paid`, { token: reader });
    expectMissingPrivileges(refused, ['order_transaction:update']);
    expect(await transactionState(t.platform, order.transactionId)).toBe('open');

    const generic = await t.api('POST', `/api/_action/state-machine/order_transaction/${order.transactionId}/state/paid`, { token: reader });
    expectMissingPrivileges(generic, ['order_transaction:update']);
    expect(await transactionState(t.platform, order.transactionId)).toBe('open');

    const writer = await t.tokenWithPrivileges(['order_transaction:update']);
    expect((await t.api('POST', `/api/_action/order_transaction/${order.transactionId}/state/paid`, { token: writer })).statusCode).toBe(200);
    expect(await transactionState(t.platform, order.transactionId)).toBe('paid');
  });

  it('order and delivery transitions need order:update and order_delivery:update; listing transitions needs <entity>:read', async () => {
    const order = await createOrderFixture(t.platform, {});
    const token = await t.tokenWithPrivileges(['product:read']);
    expectMissingPrivileges(await t.api('POST', `/api/_action/order/${order.orderId}/state/process`, { token }), ['order:update']);
    expectMissingPrivileges(await t.api('POST', `/api/_action/order_delivery/${order.deliveryId}/state/ship`, { token }), ['order_delivery:update']);
    expectMissingPrivileges(await t.api('GET', `/api/_action/state-machine/order/${order.orderId}/state`, { token }), ['order:read']);
  });

  it('queue sizes and failed messages need message_queue:read', async () => {
    const token = await t.tokenWithPrivileges(['product:read']);
    expectMissingPrivileges(await t.api('GET', '/api/_info/queue.json', { token }), ['message_queue:read']);
    expectMissingPrivileges(await t.api('GET', '/api/_action/message-queue/failed', { token }), ['message_queue:read']);
    const allowed = await t.tokenWithPrivileges(['message_queue:read']);
    expect((await t.api('GET', '/api/_info/queue.json', { token: allowed })).statusCode).toBe(200);
  });

  it('the settings form route refuses a caller without system_config:read before it validates the query (found by the reliability suite)', async () => {
    const token = await t.tokenWithPrivileges(['product:read']);
    expectMissingPrivileges(await t.api('GET', '/api/_action/system-config/schema', { token }), ['system_config:read']);
    expectMissingPrivileges(await t.api('GET', '/api/_action/system-config/schema?domain=core.basicInformation', { token }), ['system_config:read']);
    const reader = await t.tokenWithPrivileges(['system_config:read']);
    expect((await t.api('GET', '/api/_action/system-config/schema', { token: reader })).statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { createOrderFixture, createRefundFixture } from '../../../fixtures/orders.js';
import { expectMissingPrivileges } from '../../../helpers/expectations.js';
import { stateOf } from '../../state-machine/fixtures.js';
import type { Extension } from '../../../../src/platform/extensions.js';
import type { PaymentRefundInput } from '../../../../src/platform/checkout/payment/payment-handler.js';
import { paymentMethodIdOf } from '../../../../src/platform/checkout/payment-method/extension-payment-methods.js';
import { newId } from '../../../../src/platform/ids.js';
import { AppError } from '../../../../src/platform/errors/app-error.js';

/** A gateway extension whose refund handler records its calls and completes or fails as told. */
const calls: PaymentRefundInput[] = [];
let refundBehaviour: 'complete' | 'throw' | 'throw-503' | 'decline' = 'complete';
let handlerStartedIn: string[] = [];
const gateway: Extension = {
  name: 'ExtRefundTest',
  version: '1.0.0',
  paymentMethods: [
    {
      technicalName: 'ext_refund_test',
      name: 'Refundable',
      handler: (host) => ({
        pay: async () => undefined,
        async refund(input) {
          calls.push(input);
          const row = await host.db
            .selectFrom('order_transaction_capture_refund as r')
            .innerJoin('state_machine_state as s', 's.id', 'r.state_id')
            .select('s.technical_name')
            .where('r.id', '=', input.refundId)
            .executeTakeFirstOrThrow();
          handlerStartedIn.push(row.technical_name as string);
          if (refundBehaviour === 'throw') throw new Error('gateway down');
          if (refundBehaviour === 'throw-503') throw new AppError(503, 'PAY_TEST__GATEWAY_DOWN', 'upstream https://gateway.internal/refunds answered 503');
          if (refundBehaviour === 'decline') throw new AppError(400, 'PAY_TEST__REFUND_DECLINED', 'The gateway declined the refund: the amount exceeds what was captured.');
          const { refundId, orderTransactionId } = input;
          await host.stateMachines.transition({ entity: 'order_transaction_capture_refund', id: refundId, action: 'complete', context: input.context });
          await host.stateMachines.transition({ entity: 'order_transaction', id: orderTransactionId, action: 'refund', context: input.context });
        },
      }),
    },
  ],
};

describe('POST /api/_action/order_transaction_capture_refund/{refundId}', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform({ extensions: [gateway] });
  });
  afterAll(() => t.close());

  const paidOrder = async () => {
    const order = await createOrderFixture(t.platform, { paymentMethodId: paymentMethodIdOf('ext_refund_test') });
    await t.platform.stateMachines.transition({ within: t.platform.db, entity: 'order_transaction', id: order.transactionId, action: 'paid', context: { source: { type: 'system' } } });
    return order;
  };

  it("runs the handler's refund, which moves the refund and the transaction (204)", async () => {
    refundBehaviour = 'complete';
    const order = await paidOrder();
    const { refundId } = await createRefundFixture(t.platform, order.transactionId, 3998);
    const response = await t.api('POST', `/api/_action/order_transaction_capture_refund/${refundId}`);
    expect(response.statusCode).toBe(204);
    expect(calls.at(-1)).toMatchObject({ refundId, orderTransactionId: order.transactionId });
    expect(await stateOf(t.platform, 'order_transaction_capture_refund', refundId)).toBe('completed');
    expect(await stateOf(t.platform, 'order_transaction', order.transactionId)).toBe('refunded');
  });

  it('the handler finds the refund in_progress; two requests at once refund once', async () => {
    refundBehaviour = 'complete';
    handlerStartedIn = [];
    const order = await paidOrder();
    const { refundId } = await createRefundFixture(t.platform, order.transactionId, 1000);
    const before = calls.length;
    const responses = await Promise.all([1, 2].map(() => t.api('POST', `/api/_action/order_transaction_capture_refund/${refundId}`)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([204, 400]);
    expect(calls.length - before).toBe(1);
    expect(handlerStartedIn).toEqual(['in_progress']);
    expect(await stateOf(t.platform, 'order_transaction_capture_refund', refundId)).toBe('completed');
  });

  it('a handler error with a server status is answered without its message', async () => {
    refundBehaviour = 'throw-503';
    const order = await paidOrder();
    const { refundId } = await createRefundFixture(t.platform, order.transactionId, 100);
    const response = await t.api('POST', `/api/_action/order_transaction_capture_refund/${refundId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe('CHECKOUT__REFUND_PROCESS_INTERRUPTED');
    expect(response.body).not.toContain('gateway.internal');
    expect(await stateOf(t.platform, 'order_transaction_capture_refund', refundId)).toBe('failed');
  });

  it("a handler's own client error is answered as it is, and the refund is failed", async () => {
    refundBehaviour = 'decline';
    const order = await paidOrder();
    const { refundId } = await createRefundFixture(t.platform, order.transactionId, 100);
    const response = await t.api('POST', `/api/_action/order_transaction_capture_refund/${refundId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: 'PAY_TEST__REFUND_DECLINED',
      detail: 'The gateway declined the refund: the amount exceeds what was captured.',
    });
    expect(await stateOf(t.platform, 'order_transaction_capture_refund', refundId)).toBe('failed');
    expect(await stateOf(t.platform, 'order_transaction', order.transactionId)).toBe('paid');
  });

  it('a refund that is not open is refused and the handler is not called', async () => {
    const order = await paidOrder();
    const { refundId } = await createRefundFixture(t.platform, order.transactionId, 100);
    await t.platform.stateMachines.transition({ within: t.platform.db, entity: 'order_transaction_capture_refund', id: refundId, action: 'cancel', context: { source: { type: 'system' } } });
    const before = calls.length;
    const response = await t.api('POST', `/api/_action/order_transaction_capture_refund/${refundId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe('CHECKOUT__REFUND_INVALID_TRANSITION_ERROR');
    expect(calls.length).toBe(before);
  });

  it('an unknown refund is 404, a malformed id a route 404', async () => {
    const unknown = await t.api('POST', `/api/_action/order_transaction_capture_refund/${newId()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe('CHECKOUT__REFUND_UNKNOWN_ERROR');
    expect((await t.api('POST', '/api/_action/order_transaction_capture_refund/not-an-id')).statusCode).toBe(404);
  });

  it('a payment method without a refund handler is refused', async () => {
    const order = await createOrderFixture(t.platform); // invoice: no refund
    const { refundId } = await createRefundFixture(t.platform, order.transactionId, 100);
    const response = await t.api('POST', `/api/_action/order_transaction_capture_refund/${refundId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe('CHECKOUT__REFUND_UNKNOWN_HANDLER_ERROR');
    expect(await stateOf(t.platform, 'order_transaction_capture_refund', refundId)).toBe('open');
  });

  it('a failing handler fails the refund and answers an error without internals', async () => {
    refundBehaviour = 'throw';
    const order = await paidOrder();
    const { refundId } = await createRefundFixture(t.platform, order.transactionId, 100);
    const response = await t.api('POST', `/api/_action/order_transaction_capture_refund/${refundId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe('CHECKOUT__REFUND_PROCESS_INTERRUPTED');
    expect(response.body).not.toContain('gateway down');
    expect(await stateOf(t.platform, 'order_transaction_capture_refund', refundId)).toBe('failed');
    expect(await stateOf(t.platform, 'order_transaction', order.transactionId)).toBe('paid');
  });

  it('needs the order_refund.editor privilege', async () => {
    const token = await t.tokenWithPrivileges(['order:read', 'order_transaction_capture_refund:update']);
    const response = await t.api('POST', `/api/_action/order_transaction_capture_refund/${newId()}`, { token });
    expectMissingPrivileges(response, ['order_refund.editor']);
    const editor = await t.tokenWithPrivileges(['order_refund.editor']);
    expect((await t.api('POST', `/api/_action/order_transaction_capture_refund/${newId()}`, { token: editor })).statusCode).toBe(404);
  });
});

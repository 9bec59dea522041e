import { payBRefundHost } from '../pay-b-test-setup.js';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../../../src/platform/acl/context.js';
import { PAY_B_REFUND_PRIVILEGE } from '../../../../src/extensions/pay-b/refund.js';
import {
  captureIdFor,
  handleRefundCompleted,
  createPaidTransaction,
  gatewayRefundRequests,
  recordPendingRefund,
  REFUND_ROUTE,
  refundIdFor,
  storedRefunds,
  transactionState,
  useRefundTestShop,
} from './refund-test-setup.js';

describe('POST /api/_action/pay-b/refund: partial and full refunds', () => {
  const shop = useRefundTestShop();

  it('refunds part, then the rest; each refund stays pending until refund.completed moves the transaction', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', unitPriceMinor: 500_00, quantity: 2 });

    const first = await t.api('POST', REFUND_ROUTE, { body: { orderTransactionId: paid.orderTransactionId, amount: 300, comments: 'Damaged item' } });
    expect(first.statusCode).toBe(200);
    const firstBody = first.json();
    // the gateway's envelope, as it answered
    expect(firstBody).toMatchObject({ status: 'success', message: 'Transaction refund initiated', data: { tx_id: paid.gatewayTransactionId, amount_refunded: 300 } });
    const firstRefundId = firstBody.data.id as number;
    expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toEqual([{ amount: '300', comments: 'Damaged item' }]);

    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([
      {
        id: refundIdFor(firstRefundId),
        captureId: captureIdFor(firstRefundId),
        externalReference: String(firstRefundId),
        captureExternalReference: String(firstRefundId),
        state: 'open',
        captureState: 'pending',
        amount: 300,
        captureAmount: 300,
        reason: 'Damaged item',
      },
    ]);
    // the gateway said "completed" in its create answer: still pending until the webhook
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('paid');

    await handleRefundCompleted(t.platform, { id: firstRefundId, status: 'completed', TransactionId: paid.gatewayTransactionId, AmountRefunded: 300 });
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded_partially');
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => [r.state, r.captureState])).toEqual([['completed', 'completed']]);

    // no amount: the whole remaining balance, sent explicitly
    const second = await t.api('POST', REFUND_ROUTE, { body: { orderTransactionId: paid.orderTransactionId } });
    expect(second.statusCode).toBe(200);
    const secondRefundId = second.json().data.id as number;
    expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toEqual([{ amount: '300', comments: 'Damaged item' }, { amount: '700' }]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded_partially');

    await handleRefundCompleted(t.platform, { id: secondRefundId, status: 'SUCCESSFUL' });
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded');
    const refunds = await storedRefunds(t, paid.orderTransactionId);
    expect(refunds.map((r) => [r.externalReference, r.amount, r.state])).toEqual([
      [String(firstRefundId), 300, 'completed'],
      [String(secondRefundId), 700, 'completed'],
    ]);

    // fully refunded now: not refundable any more, and nothing more is sent
    const third = await t.api('POST', REFUND_ROUTE, { body: { orderTransactionId: paid.orderTransactionId, amount: 1 } });
    expect(third.statusCode).toBe(400);
    expect(third.json()).toEqual({ error: 'Transaction is not in a refundable state' });
    expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toHaveLength(2);
  });

  it('answers 403 in the platform shape without pay_b.refund and 200 with only that privilege', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const denied = await t.api('POST', REFUND_ROUTE, { token: await t.tokenWithPrivileges([]), body: { orderTransactionId: paid.orderTransactionId, amount: 100 } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0]).toMatchObject({ status: '403', code: 'FRAMEWORK__MISSING_PRIVILEGE_ERROR' });
    expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toHaveLength(0);
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([]);

    const allowed = await t.api('POST', REFUND_ROUTE, { token: await t.tokenWithPrivileges([PAY_B_REFUND_PRIVILEGE]), body: { orderTransactionId: paid.orderTransactionId, amount: 100 } });
    expect(allowed.statusCode).toBe(200);
    expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toEqual([{ amount: '100' }]);
  });

  it('records of one gateway refund are created once, however often they are written', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const response = await t.api('POST', REFUND_ROUTE, { body: { orderTransactionId: paid.orderTransactionId, amount: 150 } });
    const gatewayRefundId = response.json().data.id as number;
    const again = await recordPendingRefund(payBRefundHost(t.platform), { orderTransactionId: paid.orderTransactionId, gatewayRefundId, amountMinor: 150_00, decimals: 2, comments: undefined });
    expect(again).toEqual({ captureId: captureIdFor(gatewayRefundId), refundId: refundIdFor(gatewayRefundId) });
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => [r.id, r.externalReference])).toEqual([[refundIdFor(gatewayRefundId), String(gatewayRefundId)]]);
  });

  it('refunds a partially paid transaction (eligibility: paid_partially is refundable) and moves it to refunded_partially', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    for (const action of ['reopen', 'paid_partially']) {
      await t.platform.stateMachines.transition({ within: t.platform.db, entity: 'order_transaction', id: paid.orderTransactionId, action, context: systemContext });
    }
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('paid_partially');

    const response = await t.api('POST', REFUND_ROUTE, { body: { orderTransactionId: paid.orderTransactionId, amount: '250.50' } });
    expect(response.statusCode).toBe(200);
    const gatewayRefundId = response.json().data.id as number;
    expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toEqual([{ amount: '250.5' }]);
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => [r.externalReference, r.amount, r.state])).toEqual([[String(gatewayRefundId), 250.5, 'open']]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('paid_partially');

    await handleRefundCompleted(t.platform, { id: gatewayRefundId, status: 'completed' });
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded_partially');
  });
});

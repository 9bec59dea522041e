import { describe, expect, it } from 'vitest';
import { newId } from '../../../../src/platform/ids.js';
import { DEFAULT_SECRET_KEY } from '../../../../src/extensions/pay-b/simulator/index.js';
import { configKey } from '../../../../src/extensions/pay-b/config.js';
import { overwriteCustomFields, transitionTransactions } from '../../_gateway/transaction-arrange.js';
import { expectRefusalChangedNothing } from '../../_gateway/refund-refusal-checks.js';
import { createOrderFixture } from '../../../fixtures/orders.js';
import {
  createPaidTransaction,
  gatewayRefundRequests,
  REFUND_ROUTE,
  setRefundEnabled,
  storedRefunds,
  transactionState,
  useRefundTestShop,
  type PaidTransaction,
} from './refund-test-setup.js';

describe('POST /api/_action/pay-b/refund: refusals change nothing', () => {
  const shop = useRefundTestShop();

  const refund = (body: unknown) => shop.t.api('POST', REFUND_ROUTE, { body });

  /** No refund request reached the gateway, no capture or refund row, state and custom fields as before (no lease left). */
  async function expectUnchanged(paid: PaidTransaction, state = 'paid'): Promise<void> {
    await expectRefusalChangedNothing(shop.t, paid.orderTransactionId, { refundRequestsAtGateway: gatewayRefundRequests(shop.sim, paid.gatewayTransactionId), state, customFieldKeys: ['pay_b_currency', 'pay_b_transaction_id'] });
  }

  it('Order transaction id is required: missing, empty, blank or not a string', async () => {
    for (const body of [{}, { orderTransactionId: '' }, { orderTransactionId: '   ' }, { orderTransactionId: 5 }, { orderTransactionId: null }, [], undefined]) {
      const response = await refund(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ error: 'Order transaction id is required' });
    }
    expect(gatewayRefundRequests(shop.sim)).toEqual([]);
  });

  it('Refundable transaction not found: malformed id, unknown id, or not paid with gateway D', async () => {
    const invoiceOrder = await createOrderFixture(shop.t.platform, {});
    for (const orderTransactionId of ['not-an-id', newId(), invoiceOrder.transactionId]) {
      const response = await refund({ orderTransactionId, amount: 100 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Refundable transaction not found' });
    }
    expect(gatewayRefundRequests(shop.sim)).toEqual([]);
  });

  it('Refund feature is currently disabled: refundEnabled off for the order\'s sales channel', async () => {
    const paid = await createPaidTransaction(shop.t, shop.sim);
    await setRefundEnabled(shop.t, false);
    try {
      const response = await refund({ orderTransactionId: paid.orderTransactionId, amount: 100 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Refund feature is currently disabled' });
    } finally {
      await setRefundEnabled(shop.t, true);
    }
    await expectUnchanged(paid);
  });

  it('Transaction is not in a refundable state: not paid, no gateway transaction id, or another currency at the gateway', async () => {
    const { t, sim } = shop;
    const [unpaid, noGatewayId, otherCurrency] = [await createPaidTransaction(t, sim), await createPaidTransaction(t, sim), await createPaidTransaction(t, sim)];
    await transitionTransactions(t.platform, [[unpaid.orderTransactionId, 'cancel']]);
    await overwriteCustomFields(t.platform, [[noGatewayId.orderTransactionId, { pay_b_transaction_id: null }], [otherCurrency.orderTransactionId, { pay_b_currency: 'USD' }]]);

    for (const paid of [unpaid, noGatewayId, otherCurrency]) {
      const response = await refund({ orderTransactionId: paid.orderTransactionId, amount: 100 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Transaction is not in a refundable state' });
      expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toEqual([]);
      expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([]);
    }
    expect(await transactionState(t.platform, unpaid.orderTransactionId)).toBe('cancelled');
  });

  it('Refund amount must be at least <minimum>; exceeds the refundable balance of <balance>', async () => {
    const paid = await createPaidTransaction(shop.t, shop.sim, { isoCode: 'NGN', unitPriceMinor: 500_00, quantity: 2 });
    const below = await refund({ orderTransactionId: paid.orderTransactionId, amount: '99.99' });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({ error: 'Refund amount must be at least 100.00 NGN' });
    const above = await refund({ orderTransactionId: paid.orderTransactionId, amount: 1000.01 });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 1000.00 NGN' });
    await expectUnchanged(paid);
  });

  it('malformed amounts and comments are refused with a clear message', async () => {
    const paid = await createPaidTransaction(shop.t, shop.sim, { isoCode: 'NGN' });
    const rwf = await createPaidTransaction(shop.t, shop.sim, { isoCode: 'RWF', unitPriceMinor: 1500, quantity: 2 });
    const cases: Array<[PaidTransaction, Record<string, unknown>, string]> = [
      [paid, { amount: 'abc' }, 'Refund amount must be a positive number of NGN with at most 2 decimals'],
      [paid, { amount: '' }, 'Refund amount must be a positive number of NGN with at most 2 decimals'],
      [paid, { amount: '1,5' }, 'Refund amount must be a positive number of NGN with at most 2 decimals'],
      [paid, { amount: -150 }, 'Refund amount must be a positive number of NGN with at most 2 decimals'],
      [paid, { amount: 0 }, 'Refund amount must be a positive number of NGN with at most 2 decimals'],
      [paid, { amount: '150.001' }, 'Refund amount must be a positive number of NGN with at most 2 decimals'],
      [rwf, { amount: 600.5 }, 'Refund amount must be a positive whole number of RWF'],
      [paid, { amount: true }, 'Refund amount must be a number or a numeric string'],
      [paid, { amount: { value: 150 } }, 'Refund amount must be a number or a numeric string'],
      [paid, { amount: [150] }, 'Refund amount must be a number or a numeric string'],
      [paid, { amount: 150, comments: 42 }, 'Comments must be a text of at most 500 characters'],
      [paid, { amount: 150, comments: 'x'.repeat(501) }, 'Comments must be a text of at most 500 characters'],
    ];
    for (const [target, fields, error] of cases) {
      const response = await refund({ orderTransactionId: target.orderTransactionId, ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json(), JSON.stringify(fields)).toEqual({ error });
    }
    await expectUnchanged(paid);
    await expectUnchanged(rwf);
  });

  it('Unable to verify the refundable balance: ledger down, malformed, runaway paging, or no secret key', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const faults = [
      { method: 'GET', path: '/v3/refunds', status: 503 },
      { method: 'GET', path: '/v3/refunds', status: 200, body: { status: 'success', message: 'Refunds fetched', data: { not: 'a list' } } },
      { method: 'GET', path: '/v3/refunds', status: 200, body: { status: 'success', message: 'Refunds fetched', meta: { page_info: { current_page: 1, total_pages: 100_000 } }, data: [] } },
    ];
    for (const fault of faults) {
      sim.injectFault(fault);
      const response = await refund({ orderTransactionId: paid.orderTransactionId, amount: 150 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Unable to verify the refundable balance. Please try again.' });
    }
    // a later page failing spoils the whole total
    sim.setOptions({ refundsPageSize: 1 });
    sim.addRefund(paid.gatewayTransactionId, 100);
    sim.addRefund(paid.gatewayTransactionId, 100);
    sim.injectFault({ method: 'GET', path: /^\/v3\/refunds\?(.*&)?page=2(&|$)/, status: 503 });
    try {
      const response = await refund({ orderTransactionId: paid.orderTransactionId, amount: 150 });
      expect(response.json()).toEqual({ error: 'Unable to verify the refundable balance. Please try again.' });
    } finally {
      sim.setOptions({ refundsPageSize: 20 });
    }

    await t.platform.systemConfig.set(t.platform.db, configKey('secretKeySandbox'), null);
    try {
      const response = await refund({ orderTransactionId: paid.orderTransactionId, amount: 150 });
      expect(response.json()).toEqual({ error: 'Unable to verify the refundable balance. Please try again.' });
    } finally {
      await t.platform.systemConfig.set(t.platform.db, configKey('secretKeySandbox'), DEFAULT_SECRET_KEY);
    }
    await expectUnchanged(paid);
  });

  it('the gateway refusing the refund: its own message, or a clear one when it gives none', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const path = `/v3/transactions/${paid.gatewayTransactionId}/refund`;
    sim.injectFault({ method: 'POST', path, status: 400, body: { status: 'error', message: 'Refunds are not available for this payment type', data: null } });
    const refused = await refund({ orderTransactionId: paid.orderTransactionId, amount: 150 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Refunds are not available for this payment type' });

    sim.injectFault({ method: 'POST', path, status: 500, body: { status: 'error', data: null } });
    const silent = await refund({ orderTransactionId: paid.orderTransactionId, amount: 150 });
    expect(silent.statusCode).toBe(400);
    expect(silent.json()).toEqual({ error: 'The gateway refused the refund.' });

    expect(sim.refunds().filter((r) => r.transaction_id === paid.gatewayTransactionId)).toEqual([]);
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('paid');
  });

  it('input refused at the edge (malformed JSON, a NUL character, hostile nesting) answers in the route\'s shape too', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const raw = async (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: REFUND_ROUTE,
        payload,
        headers: { authorization: `Bearer ${await t.adminToken()}`, 'content-type': 'application/json', accept: 'application/json' },
      });
    for (const payload of [
      '{"orderTransactionId":',
      JSON.stringify({ orderTransactionId: paid.orderTransactionId, comments: 'broken\u0000mug' }),
      `{"orderTransactionId":"${paid.orderTransactionId}","amount":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    ]) {
      const response = await raw(payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['error']);
      expect(typeof response.json().error).toBe('string');
    }
    await expectUnchanged(paid);
  });

  it('null amount and comments count as absent: the whole balance is refunded', async () => {
    const paid = await createPaidTransaction(shop.t, shop.sim, { isoCode: 'NGN', unitPriceMinor: 123_45, quantity: 1 });
    const response = await refund({ orderTransactionId: paid.orderTransactionId, amount: null, comments: null });
    expect(response.statusCode).toBe(200);
    expect(gatewayRefundRequests(shop.sim, paid.gatewayTransactionId)).toEqual([{ amount: '123.45' }]);
  });
  // the host mounts these routes from the provider: they stay in the extension's scope
  it('the refund and refundable routes answer 404 while the extension is inactive, and come back with it', async () => {
    const paid = await createPaidTransaction(shop.t, shop.sim);
    await shop.t.platform.extensions.deactivate('ExtPayB');
    try {
      expect((await refund({ orderTransactionId: paid.orderTransactionId })).statusCode).toBe(404);
      expect((await shop.t.api('GET', `/api/_action/pay-b/refundable/${paid.orderTransactionId}`)).statusCode).toBe(404);
    } finally {
      await shop.t.platform.extensions.activate('ExtPayB');
    }
    await expectUnchanged(paid);
    expect(await refund({})).toMatchObject({ statusCode: 400 });
  });
});

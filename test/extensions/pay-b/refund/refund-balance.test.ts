import { describe, expect, it } from 'vitest';
import { configKey } from '../../../../src/extensions/pay-b/config.js';
import { MAX_LEDGER_PAGES } from '../../../../src/extensions/pay-b/refund/refund-ledger.js';
import { createPaidTransaction, gatewayRefundRequests, REFUND_ROUTE, storedRefunds, useRefundTestShop } from './refund-test-setup.js';

describe('POST /api/_action/pay-b/refund: amounts per currency and the refundable balance', () => {
  const shop = useRefundTestShop();

  const refund = (orderTransactionId: string, amount?: number | string) =>
    shop.t.api('POST', REFUND_ROUTE, { body: amount === undefined ? { orderTransactionId } : { orderTransactionId, amount } });

  it('RWF (0 decimals): whole francs on the wire, the balance exactly, one franc more refused', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'RWF', unitPriceMinor: 1500, quantity: 2 });

    const first = await refund(paid.orderTransactionId, '1500');
    expect(first.statusCode).toBe(200);
    const over = await refund(paid.orderTransactionId, 1501);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 1500 RWF' });
    const rest = await refund(paid.orderTransactionId, 1500);
    expect(rest.statusCode).toBe(200);

    expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toEqual([{ amount: '1500' }, { amount: '1500' }]);
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.amount)).toEqual([1500, 1500]);
    const below = await refund(paid.orderTransactionId, 499);
    expect(below.json()).toEqual({ error: 'Refund amount must be at least 500 RWF' });
  });

  it('USD (2 decimals): 12.5 goes out as "12.5"; 37.50 of 37.50 is accepted, 37.51 is not', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'USD', unitPriceMinor: 25_00, quantity: 2 });

    expect((await refund(paid.orderTransactionId, 12.5)).statusCode).toBe(200);
    const over = await refund(paid.orderTransactionId, '37.51');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 37.50 USD' });
    expect((await refund(paid.orderTransactionId, '37.50')).statusCode).toBe(200);

    expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toEqual([{ amount: '12.5' }, { amount: '37.5' }]);
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.amount)).toEqual([12.5, 37.5]);
    expect((await refund(paid.orderTransactionId, 0.99)).json()).toEqual({ error: 'Refund amount must be at least 1.00 USD' });
  });

  it('KWD (3 decimals): 0.125 goes out as "0.125"; the balance to the fils, one fils more refused', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'KWD', unitPriceMinor: 1_000, quantity: 2 });
    expect((await refund(paid.orderTransactionId, '0.125')).json()).toEqual({ error: 'Refund amount must be at least 0.500 KWD' });

    await t.platform.systemConfig.set(t.platform.db, configKey('minimumRefundAmount'), { KWD: '0.1' });
    try {
      expect((await refund(paid.orderTransactionId, '0.125')).statusCode).toBe(200);
      const over = await refund(paid.orderTransactionId, 1.876);
      expect(over.json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 1.875 KWD' });
      expect((await refund(paid.orderTransactionId, 1.875)).statusCode).toBe(200);
      expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toEqual([{ amount: '0.125' }, { amount: '1.875' }]);
      expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.amount)).toEqual([0.125, 1.875]);
    } finally {
      await t.platform.systemConfig.set(t.platform.db, configKey('minimumRefundAmount'), null);
    }
  });

  it('counts refunds made in the gateway dashboard, but not failed ones', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', unitPriceMinor: 500_00, quantity: 2 });
    sim.addRefund(paid.gatewayTransactionId, 250.5);
    sim.addRefund(paid.gatewayTransactionId, 300, 'failed');
    sim.addRefund(paid.gatewayTransactionId, '49.5', 'pending');

    const over = await refund(paid.orderTransactionId, 700.01);
    expect(over.json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 700.00 NGN' });
    const rest = await refund(paid.orderTransactionId);
    expect(rest.statusCode).toBe(200);
    expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toEqual([{ amount: '700' }]);
  });

  it('reads the ledger over every page and leaves out other transactions\' refunds', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', unitPriceMinor: 500_00, quantity: 2 });
    const other = await createPaidTransaction(t, sim, { isoCode: 'NGN', unitPriceMinor: 500_00, quantity: 2 });
    sim.setOptions({ refundsPageSize: 2 });
    try {
      // ours: 100 + 150 + 50 (+ 999 failed); theirs: 4 x 200, interleaved across pages
      sim.addRefund(paid.gatewayTransactionId, 100);
      sim.addRefund(other.gatewayTransactionId, 200);
      sim.addRefund(other.gatewayTransactionId, 200);
      sim.addRefund(paid.gatewayTransactionId, 150);
      sim.addRefund(other.gatewayTransactionId, 200);
      sim.addRefund(paid.gatewayTransactionId, 999, 'failed');
      sim.addRefund(other.gatewayTransactionId, 200);
      sim.addRefund(paid.gatewayTransactionId, 50);
      const pagesBefore = sim.requests.length;

      const over = await refund(paid.orderTransactionId, '700.01');
      expect(over.json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 700.00 NGN' });
      const ledgerRequests = sim.requests.slice(pagesBefore).filter((r) => r.path.startsWith('/v3/refunds'));
      const totalPages = Math.ceil(sim.refunds().length / 2);
      expect(totalPages).toBeGreaterThanOrEqual(4);
      expect(ledgerRequests.map((r) => new URL(r.path, 'http://x').searchParams.get('page'))).toEqual(
        Array.from({ length: totalPages }, (_, i) => String(i + 1)),
      );
      expect(ledgerRequests.every((r) => new URL(r.path, 'http://x').searchParams.get('id') === String(paid.gatewayTransactionId))).toBe(true);

      expect((await refund(paid.orderTransactionId, 700)).statusCode).toBe(200);
      // the other transaction's 800 leave it 200
      expect((await refund(other.orderTransactionId, 200.01)).json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 200.00 NGN' });
    } finally {
      sim.setOptions({ refundsPageSize: 20 });
    }
  });

  it('a refund the gateway made while answering with an error still counts on the next request, and is recorded then', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', unitPriceMinor: 500_00, quantity: 2 });
    const path = `/v3/transactions/${paid.gatewayTransactionId}/refund`;

    // a timeout answer after the work was done: the gateway's own message is shown
    sim.injectFault({ method: 'POST', path, status: 503, applyRequest: true });
    const timedOut = await refund(paid.orderTransactionId, 300);
    expect(timedOut.statusCode).toBe(400);
    expect(timedOut.json()).toEqual({ error: 'An error occurred. Please contact support' });
    // an answer without a refund id
    sim.injectFault({ method: 'POST', path, status: 200, body: { status: 'success', message: 'Transaction refund initiated', data: {} }, applyRequest: true });
    const unconfirmed = await refund(paid.orderTransactionId, 200);
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toEqual({ error: 'The gateway did not confirm the refund. Check the refundable balance before trying again.' });
    // the second request's ledger read found the first refund without records and recorded it (pending)
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.amount)).toEqual([300]);

    // both exist at the gateway: 500 are left, and the default amount is exactly that
    expect((await refund(paid.orderTransactionId, 500.01)).json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 500.00 NGN' });
    expect((await refund(paid.orderTransactionId)).statusCode).toBe(200);
    expect(gatewayRefundRequests(sim, paid.gatewayTransactionId).map((body) => body.amount)).toEqual(['300', '200', '500']);
    // every refund the gateway made has its records now: none is lost however its answer went
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.amount).sort()).toEqual([200, 300, 500]);
  });

  // last in the file: the backdated refunds stay in the simulator's account-wide list
  it('reads only refunds since the order transaction was created: years of older refunds do not block refunds', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', unitPriceMinor: 500_00, quantity: 2 });
    const older = await createPaidTransaction(t, sim, { isoCode: 'NGN', unitPriceMinor: 500_00, quantity: 2 });
    sim.setOptions({ refundsPageSize: 1 });
    try {
      // the account's history: more refunds than pages the ledger reads, all before this order existed
      for (let i = 0; i <= MAX_LEDGER_PAGES; i += 1) sim.addRefund(older.gatewayTransactionId, 1, 'completed', { createdAt: '2023-03-01T10:00:00.000Z' });
      sim.addRefund(paid.gatewayTransactionId, 100);
      const requestsBefore = sim.requests.length;

      const over = await refund(paid.orderTransactionId, '900.01');
      expect(over.json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 900.00 NGN' });
      const row = await t.platform.db.selectFrom('order_transaction').select('created_at').where('id', '=', paid.orderTransactionId).executeTakeFirstOrThrow();
      const dayBefore = new Date(new Date(row.created_at as string | Date).getTime() - 86_400_000).toISOString().slice(0, 10);
      const ledgerRequests = sim.requests.slice(requestsBefore).filter((r) => r.path.startsWith('/v3/refunds'));
      expect(ledgerRequests.length).toBeGreaterThan(0);
      expect(ledgerRequests.every((r) => new URL(r.path, 'http://x').searchParams.get('from') === dayBefore)).toBe(true);
      expect((await refund(paid.orderTransactionId, 900)).statusCode).toBe(200);
    } finally {
      sim.setOptions({ refundsPageSize: 20 });
    }
  });
});

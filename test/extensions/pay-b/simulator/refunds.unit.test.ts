import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayBSimulator, type PayBSimulator } from '../../../../src/extensions/pay-b/simulator/index.js';
import { api, initPayment } from './helpers.js';

async function paidTransaction(sim: PayBSimulator, txRef: string, amount: number | string, currency = 'NGN'): Promise<number> {
  await initPayment(sim, { tx_ref: txRef, amount, currency });
  const { transactionId } = await sim.completePayment(txRef, 'successful');
  return transactionId!;
}

describe('gateway D simulator: refunds', () => {
  let sim: PayBSimulator;

  beforeAll(async () => {
    // no webhookUrl: automatic refund webhooks go nowhere here (webhooks.unit.test.ts covers them)
    sim = await startPayBSimulator({ refundsPageSize: 3 });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('creates a partial refund in major units with the documented create shape', async () => {
    const id = await paidTransaction(sim, 'refund-partial', 100);
    const response = await api(sim, 'POST', `/v3/transactions/${id}/refund`, { amount: 30.5, comments: 'Out of stock' });
    expect(response.status).toBe(200);
    expect(response.json.status).toBe('success');
    expect(response.json.message).toBe('Transaction refund initiated');
    const data = response.json.data;
    expect(data).toMatchObject({ tx_id: id, amount_refunded: 30.5, status: 'completed', destination: 'payment_source', meta: { source: 'availablebalance' } });
    expect(typeof data.id).toBe('number');
    expect(data.flw_ref).toMatch(/^URF_/);
    expect(data.created_at).toMatch(/Z$/);

    const entry = sim.refunds().find((r) => r.id === data.id);
    expect(entry).toMatchObject({ transaction_id: id, tx_id: id, amount_refunded: 30.5, comment: 'Out of stock', status: 'completed' });
  });

  it('refunds the remaining balance when no amount is sent, then refuses any further refund', async () => {
    const id = await paidTransaction(sim, 'refund-full', '250.75');
    expect((await api(sim, 'POST', `/v3/transactions/${id}/refund`, { amount: '50.25' })).status).toBe(200);
    const rest = await api(sim, 'POST', `/v3/transactions/${id}/refund`, {});
    expect(rest.status).toBe(200);
    expect(rest.json.data.amount_refunded).toBe(200.5);

    const noBody = await api(sim, 'POST', `/v3/transactions/${id}/refund`);
    expect(noBody.status).toBe(400);
    expect(noBody.json).toEqual({ status: 'error', message: 'This transaction has been fully refunded', data: null });
    const more = await api(sim, 'POST', `/v3/transactions/${id}/refund`, { amount: 0.01 });
    expect(more.status).toBe(400);
  });

  it('rejects a refund above the remaining balance; failed refunds free their amount', async () => {
    const id = await paidTransaction(sim, 'refund-over', 100);
    const over = await api(sim, 'POST', `/v3/transactions/${id}/refund`, { amount: 100.01 });
    expect(over.status).toBe(400);
    expect(over.json).toEqual({ status: 'error', message: 'Refund amount cannot be greater than the available balance on this transaction', data: null });

    sim.addRefund(id, 60, 'failed');
    sim.addRefund(id, 30, 'pending');
    expect((await api(sim, 'POST', `/v3/transactions/${id}/refund`, { amount: 70.01 })).status).toBe(400);
    const exact = await api(sim, 'POST', `/v3/transactions/${id}/refund`, { amount: '70' });
    expect(exact.status).toBe(200);
    expect(exact.json.data.amount_refunded).toBe(70);
  });

  it('refunds only successful transactions, and answers unknown ones with the not-found error', async () => {
    await initPayment(sim, { tx_ref: 'refund-failed', amount: 10 });
    const { transactionId } = await sim.completePayment('refund-failed', 'failed');
    const failed = await api(sim, 'POST', `/v3/transactions/${transactionId}/refund`, { amount: 5 });
    expect(failed.status).toBe(400);
    expect(failed.json.message).toBe('Only successful transactions can be refunded');

    const unknown = await api(sim, 'POST', '/v3/transactions/123/refund', { amount: 5 });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('No transaction was found for this id');
  });

  it('uses the configured status for new refunds', async () => {
    const id = await paidTransaction(sim, 'refund-pending-status', 80);
    sim.setOptions({ refundStatus: 'pending' });
    try {
      const response = await api(sim, 'POST', `/v3/transactions/${id}/refund`, { amount: 10 });
      expect(response.json.data.status).toBe('pending');
      expect(sim.refunds().find((r) => r.id === response.json.data.id)!.status).toBe('pending');
    } finally {
      sim.setOptions({ refundStatus: 'completed' });
    }
  });

  it('answers GET /v3/transactions/:id/refunds with a 404 HTML page, not JSON', async () => {
    const id = await paidTransaction(sim, 'refund-no-route', 10);
    const response = await api(sim, 'GET', `/v3/transactions/${id}/refunds`);
    expect(response.status).toBe(404);
    expect(response.contentType).toContain('text/html');
    expect(response.json).toBeUndefined();
  });

  it('fetches one refund as a list item with meta as a JSON string', async () => {
    const id = await paidTransaction(sim, 'refund-fetch', 10);
    const created = (await api(sim, 'POST', `/v3/transactions/${id}/refund`, { amount: 4 })).json.data;
    const response = await api(sim, 'GET', `/v3/refunds/${created.id}`);
    expect(response.status).toBe(200);
    expect(response.json.data).toEqual({
      id: created.id,
      amount_refunded: 4,
      status: 'completed',
      flw_ref: created.flw_ref,
      comment: null,
      settlement_id: 'NEW',
      meta: '{"source":"availablebalance"}',
      created_at: created.created_at,
      account_id: created.account_id,
      transaction_id: id,
    });
    expect(JSON.parse(response.json.data.meta)).toEqual({ source: 'availablebalance' });
    const missing = await api(sim, 'GET', '/v3/refunds/1');
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ status: 'error', message: 'No refund was found for this id', data: null });
  });
});

describe('gateway D simulator: refund ledger paging and filters', () => {
  let sim: PayBSimulator;
  let first: number;
  let second: number;

  beforeAll(async () => {
    sim = await startPayBSimulator({ refundsPageSize: 2 });
    first = await paidTransaction(sim, 'ledger-1', 1000);
    second = await paidTransaction(sim, 'ledger-2', 50, 'USD');
    for (const amount of [10, 20, 30]) await api(sim, 'POST', `/v3/transactions/${first}/refund`, { amount });
    await api(sim, 'POST', `/v3/transactions/${second}/refund`, { amount: 5 });
    sim.addRefund(first, 40, 'failed');
  });
  afterAll(async () => {
    await sim.close();
  });

  it('pages the account-wide list with meta.page_info, newest first', async () => {
    const pages = [];
    for (let page = 1; page <= 3; page += 1) pages.push((await api(sim, 'GET', `/v3/refunds?page=${page}`)).json);
    expect(pages.map((p) => p.meta.page_info)).toEqual([
      { total: 5, current_page: 1, total_pages: 3, page_size: 2 },
      { total: 5, current_page: 2, total_pages: 3, page_size: 2 },
      { total: 5, current_page: 3, total_pages: 3, page_size: 2 },
    ]);
    const items = pages.flatMap((p) => p.data);
    expect(items.map((i) => [i.transaction_id, i.amount_refunded, i.status])).toEqual([
      [first, 40, 'failed'],
      [second, 5, 'completed'],
      [first, 30, 'completed'],
      [first, 20, 'completed'],
      [first, 10, 'completed'],
    ]);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(
        ['account_id', 'amount_refunded', 'comment', 'created_at', 'flw_ref', 'id', 'meta', 'settlement_id', 'status', 'transaction_id'].sort(),
      );
      expect(typeof item.meta).toBe('string');
    }
    expect((await api(sim, 'GET', '/v3/refunds?page=4')).json.data).toEqual([]);
  });

  it('ignores the id filter by default, as the real gateway does', async () => {
    const response = await api(sim, 'GET', `/v3/refunds?id=${second}`);
    expect(response.json.meta.page_info.total).toBe(5);
    expect(response.json.data.map((i: { transaction_id: number }) => i.transaction_id)).toEqual([first, second]);
  });

  it('applies the id filter when told to', async () => {
    sim.setOptions({ refundsIgnoreIdFilter: false });
    try {
      const response = await api(sim, 'GET', `/v3/refunds?id=${second}`);
      expect(response.json.meta.page_info).toEqual({ total: 1, current_page: 1, total_pages: 1, page_size: 2 });
      expect(response.json.data[0].transaction_id).toBe(second);
    } finally {
      sim.setOptions({ refundsIgnoreIdFilter: true });
    }
  });

  it('filters by status, currency and date range', async () => {
    expect((await api(sim, 'GET', '/v3/refunds?status=failed')).json.meta.page_info.total).toBe(1);
    expect((await api(sim, 'GET', '/v3/refunds?status=COMPLETED')).json.meta.page_info.total).toBe(4);
    const usd = await api(sim, 'GET', '/v3/refunds?currency=usd');
    expect(usd.json.data.map((i: { transaction_id: number }) => i.transaction_id)).toEqual([second]);
    expect((await api(sim, 'GET', '/v3/refunds?from=2020-01-01&to=2020-12-31')).json.meta.page_info).toMatchObject({ total: 0, total_pages: 0 });
    expect((await api(sim, 'GET', '/v3/refunds?from=2020-01-01&to=2999-12-31')).json.meta.page_info.total).toBe(5);
    expect((await api(sim, 'GET', '/v3/refunds?from=yesterday')).status).toBe(400);
  });

  // last: it adds to the ledger the tests above count
  it('backdates a refund added with createdAt, which the date range then leaves out or in', async () => {
    const old = sim.addRefund(second, 1, 'completed', { createdAt: '2021-06-30T23:59:59.500Z' });
    expect(old.created_at).toBe('2021-06-30T23:59:59.000Z');
    const since2022 = await api(sim, 'GET', '/v3/refunds?from=2022-01-01');
    expect(since2022.json.meta.page_info.total).toBe(5);
    expect(since2022.json.data.map((i: { id: number }) => i.id)).not.toContain(old.id);
    const in2021 = await api(sim, 'GET', '/v3/refunds?from=2021-06-30&to=2021-06-30');
    expect(in2021.json.data.map((i: { id: number }) => i.id)).toEqual([old.id]);
    expect(() => sim.addRefund(second, 1, 'completed', { createdAt: 'last year' })).toThrow('createdAt is no timestamp');
  });
});

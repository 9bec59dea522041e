import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SECRET_KEY, startPayBSimulator, type PayBSimulator } from '../../../../src/extensions/pay-b/simulator/index.js';
import { api, initPayment } from './helpers.js';

const TIMEOUT_BODY = { status: 'error', message: 'An error occurred. Please contact support', data: null };

describe('gateway D simulator: fault injection', () => {
  let sim: PayBSimulator;
  let transactionId: number;

  beforeAll(async () => {
    sim = await startPayBSimulator();
    await initPayment(sim, { tx_ref: 'faults-1', amount: 1000 });
    transactionId = (await sim.completePayment('faults-1', 'successful')).transactionId!;
  });
  afterAll(async () => {
    await sim.close();
  });

  it('answers 503 with the documented body after the delay, once by default', async () => {
    sim.injectFault({ path: `/v3/transactions/${transactionId}/verify`, status: 503, delayMs: 50 });
    const faulted = await api(sim, 'GET', `/v3/transactions/${transactionId}/verify`);
    expect(faulted.status).toBe(503);
    expect(faulted.json).toEqual(TIMEOUT_BODY);
    const next = await api(sim, 'GET', `/v3/transactions/${transactionId}/verify`);
    expect(next.status).toBe(200);
    expect(next.json.data.id).toBe(transactionId);
  });

  it('answers 429 for `times` requests that match method and RegExp path', async () => {
    sim.injectFault({ method: 'GET', path: /^\/v3\/banks\//, status: 429, times: 2 });
    expect((await api(sim, 'POST', '/v3/accounts/resolve', { account_number: '0690000031', account_bank: '044' })).status).toBe(200);
    const first = await api(sim, 'GET', '/v3/banks/NG');
    expect(first.status).toBe(429);
    expect(first.json.status).toBe('error');
    expect((await api(sim, 'GET', '/v3/banks/GH')).status).toBe(429);
    expect((await api(sim, 'GET', '/v3/banks/KE')).status).toBe(200);
  });

  it('matches a string path with or without its query and answers a given body', async () => {
    sim.injectFault({ path: '/v3/refunds', status: 500, body: { status: 'error', message: 'Internal', data: null } });
    const response = await api(sim, 'GET', '/v3/refunds?page=2');
    expect(response.status).toBe(500);
    expect(response.json).toEqual({ status: 'error', message: 'Internal', data: null });
  });

  it('is removed by the function it returns', async () => {
    const remove = sim.injectFault({ path: '/v3/banks/NG', status: 503 });
    remove();
    expect((await api(sim, 'GET', '/v3/banks/NG')).status).toBe(200);
  });

  it('delays a request without a status and then answers it normally', async () => {
    sim.injectFault({ path: '/v3/transactions/verify_by_reference', delayMs: 30 });
    const response = await api(sim, 'GET', '/v3/transactions/verify_by_reference?tx_ref=faults-1');
    expect(response.status).toBe(200);
    expect(response.json.data.id).toBe(transactionId);
  });

  it('holds a delayed answer past the client timeout, and close() does not wait for it', async () => {
    const local = await startPayBSimulator();
    local.injectFault({ path: '/v3/banks/NG', status: 503, delayMs: 600_000 });
    const request = fetch(`${local.baseUrl}/v3/banks/NG`, {
      headers: { authorization: `Bearer ${DEFAULT_SECRET_KEY}` },
      // long enough for the request to reach the simulator on a loaded machine (200 ms was not, at load 13)
      signal: AbortSignal.timeout(1_000),
    });
    await expect(request).rejects.toThrow();
    expect(local.requests.map((r) => r.path)).toEqual(['/v3/banks/NG']);
    await local.close();
  });

  it('can carry out the request and replace only its answer (a refund that "timed out")', async () => {
    sim.injectFault({ method: 'POST', path: `/v3/transactions/${transactionId}/refund`, status: 503, delayMs: 20, applyRequest: true });
    const response = await api(sim, 'POST', `/v3/transactions/${transactionId}/refund`, { amount: 100 });
    expect(response.status).toBe(503);
    expect(response.json).toEqual(TIMEOUT_BODY);
    const ledger = sim.refunds().filter((r) => r.transaction_id === transactionId);
    expect(ledger.map((r) => r.amount_refunded)).toEqual([100]);
    const retried = await api(sim, 'POST', `/v3/transactions/${transactionId}/refund`, { amount: 901 });
    expect(retried.status).toBe(400);
  });

  it('records faulted requests like any other', async () => {
    sim.injectFault({ path: '/v3/banks/ZA', status: 503 });
    const before = sim.requests.length;
    await api(sim, 'GET', '/v3/banks/ZA');
    expect(sim.requests.slice(before).map((r) => [r.method, r.path])).toEqual([['GET', '/v3/banks/ZA']]);
  });
});

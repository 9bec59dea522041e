import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayBSimulator, type PayBSimulator } from '../../../../src/extensions/pay-b/simulator/index.js';
import { api, initPayment } from './helpers.js';

/** Amounts, fees and balances per currency decimals (0: UGX, RWF; 2: NGN, USD; 3: KWD), exact to the smallest unit. */
describe('gateway D simulator: exact decimal amounts', () => {
  let sim: PayBSimulator;

  beforeAll(async () => {
    sim = await startPayBSimulator({ feeBearer: 'customer' });
  });
  afterAll(async () => {
    await sim.close();
  });

  async function pay(txRef: string, amount: number | string, currency: string) {
    await initPayment(sim, { tx_ref: txRef, amount, currency });
    const { transactionId } = await sim.completePayment(txRef, 'successful');
    return (await api(sim, 'GET', `/v3/transactions/${transactionId}/verify`)).json.data;
  }

  it.each([
    // currency, amount sent, amount, app_fee (1.4 % rounded half-up to the currency's unit), charged, settled
    ['UGX', '15750', 15750, 221, 15971, 15750],
    ['RWF', 1035, 1035, 14, 1049, 1035],
    ['NGN', '0.3', 0.3, 0, 0.3, 0.3],
    ['NGN', '19.99', 19.99, 0.28, 20.27, 19.99],
    ['USD', 0.1, 0.1, 0, 0.1, 0.1],
    ['USD', '1000000.07', 1000000.07, 14000, 1014000.07, 1000000.07],
    ['KWD', '12.345', 12.345, 0.173, 12.518, 12.345],
    ['KWD', '0.036', 0.036, 0.001, 0.037, 0.036],
  ])('%s %s: amount %s, app_fee %s, charged_amount %s, amount_settled %s', async (currency, sent, amount, fee, charged, settled) => {
    const data = await pay(`exact-${currency}-${sent}`, sent, currency);
    expect(data).toMatchObject({ currency, amount, app_fee: fee, charged_amount: charged, amount_settled: settled });
  });

  it.each([
    ['UGX', '100.5', 'amount has more decimal places than UGX allows (0)'],
    ['RWF', 0.5, 'amount has more decimal places than RWF allows (0)'],
    ['NGN', '10.001', 'amount has more decimal places than NGN allows (2)'],
    ['USD', 0.1 + 0.2, 'amount has more decimal places than USD allows (2)'],
    ['KWD', '1.0005', 'amount has more decimal places than KWD allows (3)'],
  ])('rejects %s %s: "%s"', async (currency, amount, message) => {
    const response = await api(sim, 'POST', '/v3/payments', { tx_ref: `too-precise-${currency}`, amount, currency, customer: { email: 'a@b.test' } });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ status: 'error', message, data: null });
  });

  it('accepts trailing zeros that do not change the value ("100.00" UGX is 100)', async () => {
    const data = await pay('trailing-zeros', '100.00', 'UGX');
    expect(data.amount).toBe(100);
  });

  it('keeps refund balances exact in 0- and 3-decimal currencies', async () => {
    const kwd = await pay('refund-kwd', '10.001', 'KWD');
    expect((await api(sim, 'POST', `/v3/transactions/${kwd.id}/refund`, { amount: '3.333' })).json.data.amount_refunded).toBe(3.333);
    expect((await api(sim, 'POST', `/v3/transactions/${kwd.id}/refund`, { amount: '6.669' })).status).toBe(400);
    expect((await api(sim, 'POST', `/v3/transactions/${kwd.id}/refund`, { amount: '3.3335' })).json.message).toBe(
      'amount has more decimal places than KWD allows (3)',
    );
    expect((await api(sim, 'POST', `/v3/transactions/${kwd.id}/refund`, {})).json.data.amount_refunded).toBe(6.668);

    const ugx = await pay('refund-ugx', 3001, 'UGX');
    expect((await api(sim, 'POST', `/v3/transactions/${ugx.id}/refund`, { amount: 1000.5 })).status).toBe(400);
    expect((await api(sim, 'POST', `/v3/transactions/${ugx.id}/refund`, { amount: 1000 })).json.data.amount_refunded).toBe(1000);
    expect((await api(sim, 'POST', `/v3/transactions/${ugx.id}/refund`)).json.data.amount_refunded).toBe(2001);
  });
});

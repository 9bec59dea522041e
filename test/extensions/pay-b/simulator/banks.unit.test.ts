import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayBSimulator, type PayBSimulator } from '../../../../src/extensions/pay-b/simulator/index.js';
import { api } from './helpers.js';

describe('gateway D simulator: banks and account resolution', () => {
  let sim: PayBSimulator;

  beforeAll(async () => {
    sim = await startPayBSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  it.each(['NG', 'GH', 'KE', 'UG', 'ZA', 'TZ'])('lists banks of %s as {id, code, name}', async (country) => {
    const response = await api(sim, 'GET', `/v3/banks/${country}`);
    expect(response.status).toBe(200);
    expect(response.json.status).toBe('success');
    expect(response.json.message).toBe('Banks fetched successfully');
    expect(response.json.data.length).toBeGreaterThanOrEqual(4);
    for (const bank of response.json.data) {
      expect(Object.keys(bank)).toEqual(['id', 'code', 'name']);
      expect(typeof bank.id).toBe('number');
      expect(typeof bank.code).toBe('string');
    }
  });

  it('lists Access Bank with code 044 in Nigeria', async () => {
    const { json } = await api(sim, 'GET', '/v3/banks/NG');
    expect(json.data).toContainEqual({ id: expect.any(Number), code: '044', name: 'Access Bank' });
  });

  it('refuses a country it has no banks for', async () => {
    const response = await api(sim, 'GET', '/v3/banks/FR');
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ status: 'error', message: 'Banks are not available for country FR', data: null });
  });

  it('needs the Bearer key for banks', async () => {
    expect((await api(sim, 'GET', '/v3/banks/NG', undefined, { key: null })).status).toBe(401);
  });

  it('resolves the sandbox accounts 0690000031-0690000041 at Access Bank', async () => {
    const first = await api(sim, 'POST', '/v3/accounts/resolve', { account_number: '0690000031', account_bank: '044' });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ status: 'success', message: 'Account details fetched', data: { account_number: '0690000031', account_name: 'Forrest Green' } });
    const second = await api(sim, 'POST', '/v3/accounts/resolve', { account_number: '0690000032', account_bank: '044', country: 'NG' });
    expect(second.json.data.account_name).toBe('Pastor Bright');
    const last = await api(sim, 'POST', '/v3/accounts/resolve', { account_number: '0690000041', account_bank: '044' });
    expect(last.status).toBe(200);
  });

  it.each([
    ['0690000030', '044'],
    ['0690000042', '044'],
    ['0690000031', '058'],
    ['1234567890', '044'],
  ])('refuses account %s at bank %s with the gateway message', async (accountNumber, bank) => {
    const response = await api(sim, 'POST', '/v3/accounts/resolve', { account_number: accountNumber, account_bank: bank });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ status: 'error', message: 'Sorry, that account number is invalid, please check and try again', data: null });
  });

  it('resolves Nigerian accounts only, and names missing fields', async () => {
    const ghana = await api(sim, 'POST', '/v3/accounts/resolve', { account_number: '0690000031', account_bank: '044', country: 'GH' });
    expect(ghana.status).toBe(400);
    expect(ghana.json.message).toBe('Account resolution is only available for Nigerian banks');
    expect((await api(sim, 'POST', '/v3/accounts/resolve', { account_bank: '044' })).json.message).toBe('account_number is required');
    expect((await api(sim, 'POST', '/v3/accounts/resolve', { account_number: '0690000031' })).json.message).toBe('account_bank is required');
  });
});

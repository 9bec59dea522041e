import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BANK_CODE, startPayASimulator, type PayASimulator } from '../../../../src/extensions/pay-a/simulator/index.js';
import { api } from './helpers.js';

/** `GET /bank` and `GET /bank/resolve`: banks with offset and cursor pages, account resolution. */
describe('gateway A simulator: banks and account resolution', () => {
  let sim: PayASimulator;
  beforeAll(async () => {
    sim = await startPayASimulator({ secretKeys: ['sk_test_simulator', 'sk_live_simulator'] });
  });
  afterAll(() => sim.close());

  it('lists Nigerian banks by default with offset meta; codes are strings with their leading zeros', async () => {
    const answer = await api(sim, 'GET', '/bank?perPage=10&page=2');
    expect(answer.json).toMatchObject({ status: true, message: 'Banks retrieved', meta: { total: 28, skipped: 10, perPage: 10, page: 2, pageCount: 3 } });
    expect(answer.json.data).toHaveLength(10);
    const all = (await api(sim, 'GET', '/bank?perPage=100')).json.data as Array<Record<string, unknown>>;
    expect(all.find((bank) => bank.name === 'Access Bank')).toMatchObject({ code: '044', country: 'Nigeria', currency: 'NGN', type: 'nuban', active: true, is_deleted: false });
    expect(all.some((bank) => bank.active === false)).toBe(true);
    expect(all.some((bank) => bank.is_deleted === true)).toBe(true);
  });

  it('walks every bank once with cursors', async () => {
    const seen: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const query = new URLSearchParams({ use_cursor: 'true', perPage: '5', ...(next ? { next } : {}) });
      const answer = await api(sim, 'GET', `/bank?${query.toString()}`);
      expect(answer.json.meta).toMatchObject({ perPage: 5 });
      expect(answer.json.meta).not.toHaveProperty('total');
      seen.push(...answer.json.data.map((bank: { code: string }) => bank.code));
      next = answer.json.meta.next;
      pages += 1;
    } while (next !== null);
    expect(pages).toBe(6);
    expect(seen).toHaveLength(28);
    expect(new Set(seen).size).toBe(28);
  });

  it('filters by country and refuses unknown countries and page sizes', async () => {
    const ghana = (await api(sim, 'GET', '/bank?country=ghana')).json.data;
    expect(ghana.map((bank: { currency: string }) => bank.currency)).toEqual(['GHS', 'GHS', 'GHS']);
    expect((await api(sim, 'GET', '/bank?country=atlantis')).status).toBe(400);
    expect((await api(sim, 'GET', '/bank?perPage=101')).status).toBe(400);
    expect((await api(sim, 'GET', '/bank?use_cursor=true&next=garbage')).status).toBe(400);
  });

  it('resolves known accounts; the sandbox test bank 001 resolves any 10-digit account in test mode only', async () => {
    expect((await api(sim, 'GET', '/bank/resolve?account_number=0123456789&bank_code=058')).json).toEqual({
      status: true,
      message: 'Account number resolved',
      data: { account_number: '0123456789', account_name: 'ADAEZE OKAFOR', bank_id: 9 },
    });
    const sandbox = `/bank/resolve?account_number=0000004321&bank_code=${SANDBOX_BANK_CODE}`;
    expect((await api(sim, 'GET', sandbox)).json.data).toMatchObject({ account_name: 'TEST ACCOUNT 4321' });
    expect(await api(sim, 'GET', sandbox, undefined, { key: 'sk_live_simulator' })).toMatchObject({ status: 422 });
  });

  it('answers 422 "Could not resolve account name" for an unknown account, 400 without parameters', async () => {
    expect(await api(sim, 'GET', '/bank/resolve?account_number=0123456789&bank_code=044')).toMatchObject({
      status: 422,
      json: { status: false, message: 'Could not resolve account name. Check parameters or try again.' },
    });
    expect(await api(sim, 'GET', '/bank/resolve?bank_code=058')).toMatchObject({ status: 400, json: { message: 'Account number is required' } });
    expect(await api(sim, 'GET', '/bank/resolve?account_number=0123456789')).toMatchObject({ status: 400, json: { message: 'Bank code is required' } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { reserveNumber } from '../../../src/platform/system/number-range.js';
import { defaultShopId } from '../../../src/platform/first-start/default-ids.js';

describe('reserveNumber', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  const reserve = (technicalName: string) => transaction(t.platform.db, (uow) => reserveNumber(uow, technicalName));

  it('hands out consecutive numbers from the start, each once, also to concurrent callers', async () => {
    expect(await reserve('customer')).toBe('10000');
    const numbers = await Promise.all(Array.from({ length: 8 }, () => reserve('customer')));
    expect([...numbers].sort()).toEqual(['10001', '10002', '10003', '10004', '10005', '10006', '10007', '10008']);
  });

  it('a raised start is honoured for the next number; a lowered one never repeats numbers (Shopware)', async () => {
    const orderRange = defaultShopId('number_range', 'order');
    expect(await reserve('order')).toBe('10000');
    expect((await t.api('PATCH', `/api/number-range/${orderRange}`, { body: { start: 50000, pattern: 'SW{n}' } })).statusCode).toBe(204);
    expect(await reserve('order')).toBe('SW50000');
    expect(await reserve('order')).toBe('SW50001');
    expect((await t.api('PATCH', `/api/number-range/${orderRange}`, { body: { start: 100 } })).statusCode).toBe(204);
    expect(await reserve('order')).toBe('SW50002');
  });

  it('an unknown range is a 500 naming it', async () => {
    await expect(reserve('invoice')).rejects.toMatchObject({ status: 500, code: 'SYSTEM__NUMBER_RANGE_NOT_FOUND' });
  });
});

describe('number range actions (Admin API)', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  it('previews the next number without using it, reserves it, and writes a pattern as a range would', async () => {
    const customerRange = defaultShopId('number_range', 'customer');
    const preview = await t.api('GET', '/api/_action/number-range/reserve/customer?preview=1');
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ number: '10000' });
    expect((await t.api('GET', '/api/_action/number-range/reserve/customer?preview=true')).json()).toEqual({ number: '10000' });
    expect(await t.platform.db.selectFrom('number_range_state').selectAll().where('number_range_id', '=', customerRange).execute()).toEqual([]);

    expect((await t.api('GET', '/api/_action/number-range/reserve/customer')).json()).toEqual({ number: '10000' });
    expect((await t.api('GET', `/api/_action/number-range/reserve/customer/${'a'.repeat(32)}?preview=1`)).json()).toEqual({ number: '10001' });
    // a raised start shows in the preview before any number is taken from it
    expect((await t.api('PATCH', `/api/number-range/${customerRange}`, { body: { start: 70000, pattern: 'C-{n}' } })).statusCode).toBe(204);
    expect((await t.api('GET', '/api/_action/number-range/reserve/customer?preview=1')).json()).toEqual({ number: 'C-70000' });
    expect(await transaction(t.platform.db, (uow) => reserveNumber(uow, 'customer'))).toBe('C-70000');

    expect((await t.api('GET', '/api/_action/number-range/preview-pattern/order?pattern=ORD-{n}-W&start=50000')).json()).toEqual({ number: 'ORD-50000-W' });
    expect((await t.api('GET', '/api/_action/number-range/preview-pattern/order?start=-1')).statusCode).toBe(400);
    expect((await t.api('GET', '/api/_action/number-range/reserve/invoice?preview=1')).statusCode).toBe(404);
    expect((await t.api('GET', '/api/_action/number-range/reserve/invoice')).statusCode).toBe(404);
  });

  it('a preview needs number_range:read, a reservation number_range:update', async () => {
    const reader = await t.tokenWithPrivileges(['number_range:read']);
    expect((await t.api('GET', '/api/_action/number-range/reserve/order?preview=1', { token: reader })).statusCode).toBe(200);
    const reserved = await t.api('GET', '/api/_action/number-range/reserve/order', { token: reader });
    expect(reserved.statusCode).toBe(403);
    expect(reserved.json().errors[0].code).toBe('FRAMEWORK__MISSING_PRIVILEGE_ERROR');
    const nobody = await t.tokenWithPrivileges(['product:read']);
    expect((await t.api('GET', '/api/_action/number-range/reserve/order?preview=1', { token: nobody })).statusCode).toBe(403);
    expect((await t.api('GET', '/api/_action/number-range/preview-pattern/order?pattern={n}&start=1', { token: nobody })).statusCode).toBe(403);
  });
});

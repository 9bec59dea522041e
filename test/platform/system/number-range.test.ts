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

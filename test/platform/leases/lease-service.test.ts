import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LeaseService } from '../../../src/platform/leases/lease-service.js';
import { openDatabase, type DatabaseHandle } from '../../../src/platform/database/connection.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

describe('leases: expiring, atomic, cross-process mutual exclusion', () => {
  let t: TestPlatform;
  let leases: LeaseService;
  // on PostgreSQL a second connection pool stands for a second process
  let second: DatabaseHandle | undefined;
  beforeAll(async () => {
    t = await createTestPlatform({ extensions: [] });
    leases = t.platform.leases;
    if (t.platform.database.kind === 'postgres') {
      const connectionString = (t.platform.database.pool.options as { connectionString: string }).connectionString;
      second = await openDatabase({ databaseUrl: connectionString, maxConnections: 5 });
    }
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('is taken once at a time and released only with its own token', async () => {
    const first = await leases.take('test:once', { ttlMs: 60_000 });
    expect(first).toMatchObject({ name: 'test:once', token: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(await leases.take('test:once', { ttlMs: 60_000 })).toBeNull();

    await leases.release({ name: 'test:once', token: '0'.repeat(32) });
    expect(await leases.holder('test:once')).toMatchObject({ token: first!.token, expired: false });
    await leases.release(first!);
    expect(await leases.holder('test:once')).toBeNull();
    expect(await leases.take('test:once', { ttlMs: 60_000 })).not.toBeNull();
  });

  it('an expired lease (its holder crashed) is taken over, and the old token can no longer renew or release it', async () => {
    const crashed = await leases.take('test:expiry', { ttlMs: 60_000 });
    // the database clock decides: move the expiry into the past
    await sql`UPDATE lease SET expires_at = now() - interval '1 millisecond' WHERE name = 'test:expiry'`.execute(t.platform.db);
    expect(await leases.holder('test:expiry')).toMatchObject({ expired: true });
    const next = await leases.take('test:expiry', { ttlMs: 60_000 });
    expect(next).not.toBeNull();
    expect(await leases.renew(crashed!, 60_000)).toBe(false);
    await leases.release(crashed!);
    expect(await leases.holder('test:expiry')).toMatchObject({ token: next!.token });
  });

  it('waits for a holder that releases within waitMs', async () => {
    const held = await leases.take('test:wait', { ttlMs: 60_000 });
    setTimeout(() => void leases.release(held!), 150);
    const started = Date.now();
    const taken = await leases.take('test:wait', { ttlMs: 60_000, waitMs: 5_000, pollMs: 20 });
    expect(taken).not.toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('run() renews while the work runs longer than the lease lives, and releases afterwards', async () => {
    const result = await leases.run('test:run', { ttlMs: 300 }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 900));
      // still held by us after three lifetimes: renewals kept it
      return (await leases.take('test:run', { ttlMs: 300 })) === null;
    });
    expect(result).toEqual({ acquired: true, value: true });
    expect(await leases.holder('test:run')).toBeNull();
  });

  it('run() releases when the work throws, and refuses while another holds the lease', async () => {
    await expect(leases.run('test:throw', { ttlMs: 60_000 }, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await leases.holder('test:throw')).toBeNull();
    const held = await leases.take('test:throw', { ttlMs: 60_000 });
    let ran = false;
    expect(await leases.run('test:throw', { ttlMs: 60_000 }, async () => void (ran = true))).toEqual({ acquired: false });
    expect(ran).toBe(false);
    await leases.release(held!);
  });

  it('of 20 concurrent takers (two processes on PostgreSQL) exactly one gets the lease', async (context) => {
    const services = second ? [leases, new LeaseService(second.db)] : [leases];
    if (!second && t.platform.database.kind === 'postgres') context.skip();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => services[i % services.length]!.take('test:race', { ttlMs: 60_000 })));
    expect(results.filter((lease) => lease !== null)).toHaveLength(1);
  });
});

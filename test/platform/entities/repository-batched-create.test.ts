import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/platform/acl/context.js';
import type { DatabaseHandle } from '../../../src/platform/database/connection.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { AppError } from '../../../src/platform/errors/app-error.js';
import { EventDispatcher } from '../../../src/platform/events/dispatcher.js';
import { RepositoryFactory } from '../../../src/platform/entities/repository.js';
import { verifyPassword } from '../../../src/platform/security/password.js';
import { createRegistry, id, restricted } from './fixtures.js';
import { openTestDatabase } from './database-fixtures.js';

const registry = createRegistry();
const dispatcher = new EventDispatcher();
let handle: DatabaseHandle;
let repositories: RepositoryFactory;
const OPEN = id(111);
const CARD = id(311);

/** Statements sent while `work` runs (the test pool hands out one client). */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const client = await handle.pool.connect();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    seen.push(typeof config === 'string' ? config : ((config as { text?: string }).text ?? ''));
    return query(config, ...rest);
  };
  client.release();
  try {
    await work();
  } finally {
    (client as unknown as { query: unknown }).query = query;
  }
  return seen;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  repositories = new RepositoryFactory({ registry, dispatcher, db: handle.db });
  await transaction(handle.db, async (uow) => {
    await repositories.get('test_state').create({ id: OPEN, technicalName: 'open-batched' }, systemContext, uow);
    await repositories.get('test_payment_method').create({ id: CARD, name: 'Card', technicalName: 'card-batched' }, systemContext, uow);
  });
});

afterAll(async () => {
  await handle?.close();
});

const orders = (n: number, from: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: id(5000 + from + i),
    orderNumber: `B-${from + i}`,
    stateId: OPEN,
    ...(i === 0 ? { secret: 'batched-secret-1' } : {}),
    transactions: [{ id: id(6000 + from + i), amount: 10 + i }],
    paymentMethods: [{ id: CARD }],
  }));

describe('create with {batched: true}', () => {
  it('writes the same rows, links and events as row-by-row creates, with multi-row statements', async () => {
    const written: string[][] = [];
    dispatcher.on('test_order.written', (payload) => void written.push((payload as { ids: string[] }).ids));
    const payload = orders(30, 0);
    const statements = await statementsDuring(() => transaction(handle.db, (uow) => repositories.get('test_order').create(payload, systemContext, uow, { batched: true })));

    const rows = await sql<{ id: string; order_number: string; secret: string }>`SELECT id, order_number, secret FROM test_order WHERE order_number LIKE 'B-%' ORDER BY order_number`.execute(handle.db);
    expect(rows.rows).toHaveLength(30);
    expect(await verifyPassword('batched-secret-1', rows.rows.find((r) => r.order_number === 'B-0')!.secret)).toBe(true);
    const transactions = await sql<{ n: number }>`SELECT count(*)::int AS n FROM test_order_transaction WHERE order_id = ANY(${payload.map((o) => o.id)}::uuid[])`.execute(handle.db);
    expect(transactions.rows[0]!.n).toBe(30);
    const links = await sql<{ n: number }>`SELECT count(*)::int AS n FROM test_order_payment_method WHERE payment_method_id = ${CARD}::uuid`.execute(handle.db);
    expect(links.rows[0]!.n).toBe(30);
    expect(written.flat().sort()).toEqual(payload.map((o) => o.id).sort());

    const inserts = statements.filter((s) => /^\s*insert/i.test(s));
    // one per table (orders, transactions) and one for the links, instead of 90
    expect(inserts).toHaveLength(3);
  });

  it('still refuses ids that exist, checks privileges and validates every record', async () => {
    const again = transaction(handle.db, (uow) => repositories.get('test_order').create(orders(2, 0), systemContext, uow, { batched: true }));
    await expect(again).rejects.toBeInstanceOf(AppError);
    const denied = transaction(handle.db, (uow) => repositories.get('test_order').create(orders(1, 100), restricted(), uow, { batched: true }));
    await expect(denied).rejects.toMatchObject({ status: 403 });
    const invalid = transaction(handle.db, (uow) => repositories.get('test_order').create([{ ...orders(1, 200)[0], stateId: id(999) }], systemContext, uow, { batched: true }));
    await expect(invalid).rejects.toMatchObject({ status: 400 });
  });
});

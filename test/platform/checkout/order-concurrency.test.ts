import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { startStoreApiTest, type StoreApiClient } from '../store-api/store-api-client.js';
import { createProduct, productStock } from './checkout-fixtures.js';

/**
 * Order placement under real concurrency. Only PostgreSQL runs transactions side by side: the embedded
 * database has one connection, so there the requests queue and these races cannot happen.
 *
 * Each test holds a row lock in a transaction of its own, lets the requests run into it, waits until
 * PostgreSQL reports them blocked, and only then releases the lock: the interleaving is forced, no
 * sleeping and no luck involved.
 */
describe.skipIf(!process.env.DATABASE_URL)('order placement under concurrency (PostgreSQL)', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => ({ t, client } = await startStoreApiTest()));
  afterAll(() => t.close());

  const addItem = (token: string, product: string, quantity: number) =>
    client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: product, quantity }] } });
  const placeOrder = (token: string) => client.storeApi('POST', '/store-api/checkout/order', { token, body: {} });

  /** Waits (polling the server's own view) until `count` sessions of this database wait for a lock. */
  async function sessionsWaitingForLocks(count: number): Promise<void> {
    for (;;) {
      const { rows } = await sql<{ waiting: string }>`
        SELECT count(*) AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.platform.db);
      if (Number(rows[0]!.waiting) >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Starts `requests` while this test holds `lock` (a FOR UPDATE statement) in a transaction of its own,
   * releases the lock once `blocked` sessions wait for it, and answers the requests' responses.
   */
  async function racingPast<T>(lock: (trx: Transaction<any>) => Promise<unknown>, blocked: number, requests: () => Promise<T>[]): Promise<T[]> {
    let pending: Promise<T[]> | undefined;
    await t.platform.db.transaction().execute(async (trx) => {
      await lock(trx);
      pending = Promise.all(requests());
      await sessionsWaitingForLocks(blocked);
    });
    return pending!;
  }

  it('a double click places one order; the second click gets the documented empty-cart error, not a 500', async () => {
    const token = await client.registerCustomer();
    const product = await createProduct(t.platform, { stock: 10 });
    expect((await addItem(token, product, 2)).statusCode).toBe(200);

    const clicks = await racingPast((trx) => sql`SELECT token FROM cart WHERE token = ${token} FOR UPDATE`.execute(trx), 2, () => [placeOrder(token), placeOrder(token)]);

    const outcomes = clicks.map((response) => ({ status: response.statusCode, code: response.statusCode === 200 ? null : response.json().errors?.[0]?.code }));
    expect(outcomes.sort((a, b) => a.status - b.status)).toEqual([
      { status: 200, code: null },
      { status: 400, code: 'CHECKOUT__CART_EMPTY' },
    ]);
    const orders = await t.platform.db.selectFrom('order_line_item').select('order_id').where('product_id', '=', product).execute();
    expect(orders).toHaveLength(1);
    expect(await productStock(t.platform, product)).toBe(8);
  });

  it('two customers ordering the last piece of a closeout product: one order, the stock never goes below zero', async () => {
    const product = await createProduct(t.platform, { isCloseout: true, stock: 1 });
    const tokens = [await client.registerCustomer(), await client.registerCustomer()];
    for (const token of tokens) expect((await addItem(token, product, 1)).statusCode).toBe(200);

    const responses = await racingPast((trx) => sql`SELECT id FROM product WHERE id = ${product} FOR UPDATE`.execute(trx), 2, () => tokens.map((token) => placeOrder(token)));

    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const refused = responses.find((response) => response.statusCode === 400)!;
    expect(refused.json().errors).toEqual([expect.objectContaining({ code: 'CHECKOUT__CART_INVALID', meta: { parameters: expect.objectContaining({ errorCode: 'CHECKOUT__PRODUCT_OUT_OF_STOCK' }) } })]);
    const orders = await t.platform.db.selectFrom('order_line_item').select('order_id').where('product_id', '=', product).execute();
    expect(orders).toHaveLength(1);
    expect(await productStock(t.platform, product)).toBe(0);
  });
});

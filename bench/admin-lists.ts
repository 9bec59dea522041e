import { sql } from 'kysely';
import type { Platform } from '../src/platform/kernel.js';
import { CURRENCY_DEFAULT, defaultShopId, LANGUAGE_SYSTEM } from '../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../src/platform/first-start/default-shop.js';
import { refreshPlannerStatistics } from '../src/platform/database/statistics.js';
import type { BenchClient } from './loopback-client.js';
import { seedCatalogue } from './catalogue.js';
import { adminToken } from './fixtures.js';
import { compared, measure, type Row } from './measure.js';

const ORDERS = 100_000;
const CHUNK = 20_000;
const WARM_UP = 200;
const RUNS = 200;
const PAGE = 25;

/**
 * The Administration's two biggest lists through the Admin API, as the UI asks for them: the product list at
 * 20,000 products (the catalogue bench's seed) and the order list at 100,000 orders (its first page with the
 * customer, currency, state and payments, and the exact total), each against a hand-written statement doing
 * the same work, in the same run.
 */
export async function adminListCases(platform: Platform, http: BenchClient, adminPassword: string): Promise<Row[]> {
  await seedCatalogue(platform);
  await seedOrders(platform);
  await refreshPlannerStatistics(platform.db);
  const headers = { authorization: `Bearer ${await adminToken(http, adminPassword)}`, accept: 'application/json' };
  const search = (entity: string, payload: object) => () => http.request({ method: 'POST', url: `/api/search/${entity}`, headers, payload });

  const productSql = await measure(`hand-written SQL: product page of ${PAGE} by name, exact count (20,000 products)`, RUNS, () =>
    sql`SELECT p.*, (SELECT count(*) FROM product) AS total FROM product p ORDER BY p.name ASC, p.id ASC LIMIT ${PAGE}`.execute(platform.db),
    WARM_UP,
  );
  const productApi = await measure(`POST /api/search/product, page of ${PAGE} by name, exact count (20,000 products)`, RUNS,
    search('product', { page: 1, limit: PAGE, 'total-count-mode': 1, sort: [{ field: 'name', order: 'ASC' }] }),
    WARM_UP,
  );
  const orderSql = await measure(`hand-written SQL: order page of ${PAGE} with customer, currency, states, payments, exact count (${ORDERS.toLocaleString('en')} orders)`, RUNS, () =>
    sql`WITH page AS (
          SELECT o.* FROM "order" o ORDER BY o.order_date_time DESC, o.id ASC LIMIT ${PAGE}
        )
        SELECT page.*, (SELECT count(*) FROM "order") AS total, to_jsonb(c) AS customer, to_jsonb(cur) AS currency, to_jsonb(s) AS state,
          (SELECT coalesce(jsonb_agg(to_jsonb(t) || jsonb_build_object('state', to_jsonb(ts), 'method', to_jsonb(pm))), '[]')
             FROM order_transaction t JOIN state_machine_state ts ON ts.id = t.state_id JOIN payment_method pm ON pm.id = t.payment_method_id
            WHERE t.order_id = page.id) AS transactions
        FROM page
        LEFT JOIN order_customer c ON c.order_id = page.id
        JOIN currency cur ON cur.id = page.currency_id
        JOIN state_machine_state s ON s.id = page.state_id
        ORDER BY page.order_date_time DESC, page.id ASC`.execute(platform.db),
    WARM_UP,
  );
  const orderApi = await measure(`POST /api/search/order, the Administration's list page of ${PAGE}, exact count (${ORDERS.toLocaleString('en')} orders)`, RUNS,
    search('order', {
      page: 1,
      limit: PAGE,
      'total-count-mode': 1,
      sort: [{ field: 'orderDateTime', order: 'DESC' }],
      associations: { orderCustomer: {}, currency: {}, stateMachineState: {}, transactions: { associations: { stateMachineState: {}, paymentMethod: {} } } },
    }),
    WARM_UP,
  );
  const reviewApi = await measure(`POST /api/search/order, needs-review filter (a custom field key of the payments), page of ${PAGE}`, RUNS,
    search('order', {
      page: 1,
      limit: PAGE,
      'total-count-mode': 1,
      filter: [{ type: 'equals', field: 'transactions.customFields.payment_needs_review', value: true }],
      sort: [{ field: 'orderDateTime', order: 'DESC' }],
      associations: { orderCustomer: {}, currency: {}, stateMachineState: {}, transactions: { associations: { stateMachineState: {}, paymentMethod: {} } } },
    }),
    WARM_UP,
  );
  return [
    productSql,
    { ...compared(productApi, productSql, '≤ 2×'), target: '≤ 50 ms p50' },
    orderSql,
    { ...compared(orderApi, orderSql, '≤ 2×'), target: '≤ 50 ms p50' },
    { ...reviewApi, target: '≤ 50 ms p50' },
  ];
}

/**
 * 100,000 orders over the last 400 days with their customer and one payment each (invoice), in a few
 * set-based statements; every 50th payment needs review and every 100th order is a test order.
 */
async function seedOrders(platform: Platform): Promise<void> {
  const db = platform.db;
  const invoice = defaultShopId('payment_method', 'payment_invoicepayment');
  const price = JSON.stringify({ netPrice: 42, totalPrice: 49.98, positionPrice: 44.99, calculatedTaxes: [], taxRules: [], taxStatus: 'gross', rawTotal: 49.98 });
  const shipping = JSON.stringify({ unitPrice: 4.99, totalPrice: 4.99, quantity: 1, calculatedTaxes: [], taxRules: [] });
  for (let start = 0; start < ORDERS; start += CHUNK) {
    const end = Math.min(ORDERS, start + CHUNK) - 1;
    await sql`INSERT INTO "order" (id, order_number, sales_channel_id, currency_id, language_id, order_date_time, price, amount_total, amount_net, position_price, shipping_costs, shipping_total, custom_fields)
      SELECT md5('bench-order-' || n)::uuid, 'BENCH-' || n, ${DEFAULT_SALES_CHANNEL_ID}, ${CURRENCY_DEFAULT}, ${LANGUAGE_SYSTEM},
             now() - (n * interval '345 seconds'), ${price}::jsonb, 10 + (n % 500), 8.4 + (n % 500), 5.01 + (n % 500), ${shipping}::jsonb, 4.99,
             CASE WHEN n % 100 = 0 THEN '{"payment_test_mode": true}'::jsonb END
        FROM generate_series(${start}::int, ${end}::int) AS n`.execute(db);
    await sql`INSERT INTO order_customer (id, order_id, email, first_name, last_name, customer_number)
      SELECT md5('bench-customer-' || n)::uuid, md5('bench-order-' || n)::uuid, 'shopper' || n || '@example.com', 'Shopper', 'No. ' || n, 'C' || n
        FROM generate_series(${start}::int, ${end}::int) AS n`.execute(db);
    await sql`INSERT INTO order_transaction (id, order_id, payment_method_id, amount, custom_fields)
      SELECT md5('bench-transaction-' || n)::uuid, md5('bench-order-' || n)::uuid, ${invoice},
             jsonb_build_object('totalPrice', 10 + (n % 500)),
             CASE WHEN n % 50 = 0 THEN '{"payment_needs_review": true}'::jsonb END
        FROM generate_series(${start}::int, ${end}::int) AS n`.execute(db);
  }
}

import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../src/platform/database/connection.js';

// The tables of fixtures.ts's test entities, apart from it so that pure tests of those entities
// (criteria parsing) run in the unit tier without importing the database.

export async function createSchema(handle: DatabaseHandle): Promise<void> {
  const stamps = sql`created_at timestamptz NOT NULL, updated_at timestamptz, custom_fields jsonb`;
  await sql`CREATE TABLE test_tax (id uuid PRIMARY KEY, name varchar(255) NOT NULL, tax_rate numeric(10,3) NOT NULL, position int, ${stamps})`.execute(handle.db);
  await sql`CREATE TABLE test_state (id uuid PRIMARY KEY, technical_name text NOT NULL, ${stamps})`.execute(handle.db);
  await sql`CREATE TABLE test_payment_method (id uuid PRIMARY KEY, name text NOT NULL, technical_name text NOT NULL UNIQUE, active boolean NOT NULL DEFAULT true, ${stamps})`.execute(
    handle.db,
  );
  await sql`CREATE TABLE test_order (
    id uuid PRIMARY KEY, order_number text NOT NULL, customer_name text, status text NOT NULL, amount numeric(12,2), price jsonb,
    order_date timestamptz, notes text, secret text, api_token text, locked boolean NOT NULL DEFAULT false,
    state_id uuid NOT NULL REFERENCES test_state(id), tax_id uuid REFERENCES test_tax(id), ${stamps})`.execute(handle.db);
  await sql`CREATE TABLE test_order_transaction (
    id uuid PRIMARY KEY, order_id uuid NOT NULL REFERENCES test_order(id), amount numeric(12,2) NOT NULL,
    state_id uuid REFERENCES test_state(id), ${stamps})`.execute(handle.db);
  await sql`CREATE TABLE test_order_payment_method (
    order_id uuid NOT NULL REFERENCES test_order(id) ON DELETE CASCADE,
    payment_method_id uuid NOT NULL REFERENCES test_payment_method(id), PRIMARY KEY (order_id, payment_method_id))`.execute(handle.db);
}

export async function openTestDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ dataDir: 'memory://' });
  await createSchema(handle);
  return handle;
}

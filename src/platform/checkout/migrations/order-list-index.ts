import { sql } from 'kysely';
import type { Migration } from '../../database/migrations.js';

/**
 * The Administration lists orders newest first (`orderDateTime DESC`, then id for stable pages): without an
 * index every page sorted the whole table, which at 100,000 orders cost more than the page itself.
 */
export const orderListIndexMigration: Migration = {
  name: '0061_order_list_index',
  async up(db) {
    await sql`CREATE INDEX IF NOT EXISTS order_date_time_idx ON "order" (order_date_time DESC, id ASC)`.execute(db);
  },
};

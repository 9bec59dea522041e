import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import type { ContextChoices } from './sales-channel-context.js';

export interface StoredContext {
  token: string;
  salesChannelId: string;
  customerId: string | null;
  choices: ContextChoices;
}

/** A context not used for this long is forgotten: an old token starts a fresh guest context. */
export const CONTEXT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Stores the visitor's choices under the context token (`sales_channel_api_context`). */
export class ContextPersister {
  constructor(private readonly db: Db) {}

  async load(token: string, salesChannelId: string, within?: Db | UnitOfWork): Promise<StoredContext | undefined> {
    const row = await executorOf(within ?? this.db)
      .selectFrom('sales_channel_api_context')
      .select(['token', 'sales_channel_id', 'customer_id', 'payload', 'updated_at'])
      .where('token', '=', token)
      .where('sales_channel_id', '=', salesChannelId)
      .executeTakeFirst();
    if (!row) return undefined;
    if (Date.now() - new Date(row.updated_at as Date).getTime() > CONTEXT_LIFETIME_MS) return undefined;
    return { token, salesChannelId, customerId: (row.customer_id as string | null) ?? null, choices: (row.payload ?? {}) as ContextChoices };
  }

  async save(context: StoredContext, within?: Db | UnitOfWork): Promise<void> {
    await sql`
      INSERT INTO sales_channel_api_context (token, sales_channel_id, customer_id, payload, updated_at)
      VALUES (${context.token}, ${context.salesChannelId}, ${context.customerId}, ${JSON.stringify(context.choices)}::jsonb, now())
      ON CONFLICT (token) DO UPDATE SET customer_id = EXCLUDED.customer_id, payload = EXCLUDED.payload, updated_at = now()
      WHERE sales_channel_api_context.sales_channel_id = EXCLUDED.sales_channel_id`.execute(executorOf(within ?? this.db));
  }

  async delete(token: string, within?: Db | UnitOfWork): Promise<void> {
    await executorOf(within ?? this.db).deleteFrom('sales_channel_api_context').where('token', '=', token).execute();
  }

  /** Marks the context as used, so an active visitor's context does not expire. */
  async touch(token: string, within?: Db | UnitOfWork): Promise<void> {
    await executorOf(within ?? this.db)
      .updateTable('sales_channel_api_context')
      .set({ updated_at: sql`now()` })
      .where('token', '=', token)
      .where('updated_at', '<', sql<Date>`now() - interval '1 minute'`)
      .execute();
  }
}

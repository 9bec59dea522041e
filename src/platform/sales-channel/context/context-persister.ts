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
const CONTEXT_LIFETIME_SECONDS = 24 * 60 * 60;

/**
 * Stores the visitor's choices under the context token (`sales_channel_api_context`). Every method is
 * one statement, so concurrent requests with one token never overwrite each other's choices with a
 * copy read earlier.
 */
export class ContextPersister {
  constructor(private readonly db: Db) {}

  /** The stored context of `token` in this channel, unless unknown or expired; marks it as used. */
  async load(token: string, salesChannelId: string, within?: Db | UnitOfWork): Promise<StoredContext | undefined> {
    const result = await sql<{ customer_id: string | null; payload: ContextChoices | null }>`
      WITH found AS (
        SELECT customer_id, payload FROM sales_channel_api_context
        WHERE token = ${token} AND sales_channel_id = ${salesChannelId}
          AND updated_at > now() - make_interval(secs => ${CONTEXT_LIFETIME_SECONDS})
      ), touched AS (
        -- keeps an active visitor's context alive; written at most once a minute, not on every request
        UPDATE sales_channel_api_context SET updated_at = now()
        WHERE token = ${token} AND updated_at < now() - interval '1 minute' AND EXISTS (SELECT 1 FROM found)
      )
      SELECT customer_id, payload FROM found`.execute(executorOf(within ?? this.db));
    const row = result.rows[0];
    return row ? { token, salesChannelId, customerId: row.customer_id, choices: row.payload ?? {} } : undefined;
  }

  /**
   * Stores a context under its token. A token stored already keeps its choices (only the customer and
   * the last use are updated), so `context.choices` only matter for a new token.
   */
  async store(context: StoredContext, within?: Db | UnitOfWork): Promise<void> {
    await sql`
      INSERT INTO sales_channel_api_context (token, sales_channel_id, customer_id, payload, updated_at)
      VALUES (${context.token}, ${context.salesChannelId}, ${context.customerId}, ${JSON.stringify(context.choices)}::jsonb, now())
      ON CONFLICT (token) DO UPDATE SET customer_id = EXCLUDED.customer_id, updated_at = now()
      WHERE sales_channel_api_context.sales_channel_id = EXCLUDED.sales_channel_id`.execute(executorOf(within ?? this.db));
  }

  /** Adds `context.choices` to the stored ones (storing the token if new); returns the context as stored now. */
  async mergeChoices(context: StoredContext, within?: Db | UnitOfWork): Promise<StoredContext> {
    const result = await sql<{ payload: ContextChoices }>`
      INSERT INTO sales_channel_api_context (token, sales_channel_id, customer_id, payload, updated_at)
      VALUES (${context.token}, ${context.salesChannelId}, ${context.customerId}, ${JSON.stringify(context.choices)}::jsonb, now())
      ON CONFLICT (token) DO UPDATE
        SET customer_id = EXCLUDED.customer_id, payload = sales_channel_api_context.payload || EXCLUDED.payload, updated_at = now()
      WHERE sales_channel_api_context.sales_channel_id = EXCLUDED.sales_channel_id
      RETURNING payload`.execute(executorOf(within ?? this.db));
    const row = result.rows[0];
    // load() never hands out another channel's token, so only a broken caller gets here
    if (!row) throw new Error(`Context token ${context.token} belongs to another sales channel`);
    return { ...context, choices: row.payload };
  }

  /** Forgets the token; returns the choices it had (undefined when it was not stored). */
  async remove(token: string, salesChannelId: string, within?: Db | UnitOfWork): Promise<ContextChoices | undefined> {
    const row = await executorOf(within ?? this.db)
      .deleteFrom('sales_channel_api_context')
      .where('token', '=', token)
      .where('sales_channel_id', '=', salesChannelId)
      .returning('payload')
      .executeTakeFirst();
    return row ? ((row.payload as ContextChoices | null) ?? {}) : undefined;
  }
}

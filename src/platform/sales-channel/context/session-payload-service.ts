import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';

/** A logged-in customer's storefront session (the session token is the Store API context token). */
export interface CustomerSession {
  token: string;
  salesChannelId: string | null;
  customerId: string;
}

/**
 * Host service: values an extension keeps server-side in a customer's session, under its own key of the
 * stored context's payload (beside the platform's choices of currency, payment and shipping). Logout
 * drops the context, and with it every value.
 */
export class SessionPayloadService {
  constructor(private readonly db: Db) {}

  /** Stores `value` under `key`; false when the session is not stored (or belongs to another customer). */
  async put(session: CustomerSession, key: string, value: unknown): Promise<boolean> {
    const result = await sql`
      UPDATE sales_channel_api_context
      SET payload = COALESCE(payload, '{}'::jsonb) || jsonb_build_object(${key}::text, ${JSON.stringify(value)}::jsonb)
      WHERE token = ${session.token} AND customer_id = ${session.customerId}
        ${session.salesChannelId ? sql`AND sales_channel_id = ${session.salesChannelId}` : sql``}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0) > 0;
  }

  /** Reads `key` with the session's row locked until `uow` ends (so two requests cannot use one value twice). */
  async getForUpdate(uow: UnitOfWork, session: Omit<CustomerSession, 'customerId'>, key: string): Promise<unknown> {
    const result = await sql<{ value: unknown }>`
      SELECT payload -> ${key}::text AS value FROM sales_channel_api_context
      WHERE token = ${session.token}
        ${session.salesChannelId ? sql`AND sales_channel_id = ${session.salesChannelId}` : sql``}
      FOR UPDATE`.execute(executorOf(uow));
    return result.rows[0]?.value ?? undefined;
  }

  async remove(within: Db | UnitOfWork, token: string, key: string): Promise<void> {
    await sql`UPDATE sales_channel_api_context SET payload = payload - ${key}::text WHERE token = ${token}`.execute(executorOf(within));
  }
}

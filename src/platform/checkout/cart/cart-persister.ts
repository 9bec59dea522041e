import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import { isId } from '../../ids.js';
import { LINE_ITEM_TYPES, emptyStoredCart, type StoredCart, type StoredLineItem } from './cart.js';

/** Stores carts by context token (`cart` table); a token of another sales channel has no cart here. */
export class CartPersister {
  async load(within: Db | UnitOfWork, token: string, salesChannelId: string): Promise<StoredCart | undefined> {
    const row = await executorOf(within)
      .selectFrom('cart')
      .select('payload')
      .where('token', '=', token)
      .where('sales_channel_id', '=', salesChannelId)
      .executeTakeFirst();
    return row ? readPayload(row.payload) : undefined;
  }

  /**
   * The cart locked for this unit of work, created empty when missing: concurrent changes of one cart
   * (two tabs, a double click) queue instead of overwriting each other.
   */
  async loadForUpdate(uow: UnitOfWork, token: string, salesChannelId: string): Promise<StoredCart> {
    // One statement that creates or locks the row. An INSERT ... DO NOTHING followed by SELECT ... FOR
    // UPDATE found no row when the lock holder deleted the cart meanwhile (the first click of a double
    // click placing the order): the second click got a 500. The no-op DO UPDATE waits for the holder
    // and, if the row is gone by then, inserts a fresh empty cart instead (PostgreSQL guarantees one of
    // the two outcomes).
    const { rows } = await sql<{ payload: unknown; sales_channel_id: string }>`
      INSERT INTO cart (token, sales_channel_id, payload) VALUES (${token}, ${salesChannelId}, ${JSON.stringify(emptyStoredCart())}::jsonb)
      ON CONFLICT (token) DO UPDATE SET token = cart.token
      RETURNING payload, sales_channel_id`.execute(uow.db);
    const row = rows[0]!;
    // tokens are random per context, so a foreign channel's row means a stale cart of a reused token
    return row.sales_channel_id === salesChannelId ? readPayload(row.payload) : emptyStoredCart();
  }

  async save(within: Db | UnitOfWork, token: string, salesChannelId: string, cart: StoredCart): Promise<void> {
    await sql`
      INSERT INTO cart (token, sales_channel_id, payload, updated_at) VALUES (${token}, ${salesChannelId}, ${JSON.stringify(cart)}::jsonb, now())
      ON CONFLICT (token) DO UPDATE SET sales_channel_id = EXCLUDED.sales_channel_id, payload = EXCLUDED.payload, updated_at = now()`.execute(
      executorOf(within),
    );
  }

  /** Replaces the cart only if nobody changed it since `expected` was read (a read's own corrections). */
  async replaceIfUnchanged(within: Db | UnitOfWork, token: string, expected: StoredCart, next: StoredCart): Promise<void> {
    await sql`
      UPDATE cart SET payload = ${JSON.stringify(next)}::jsonb, updated_at = now()
      WHERE token = ${token} AND payload = ${JSON.stringify(expected)}::jsonb`.execute(executorOf(within));
  }

  async delete(within: Db | UnitOfWork, token: string): Promise<void> {
    await executorOf(within).deleteFrom('cart').where('token', '=', token).execute();
  }
}

/** The payload as written by this code; anything else in it is dropped rather than trusted. */
function readPayload(payload: unknown): StoredCart {
  const lineItems = (payload as { lineItems?: unknown } | null)?.lineItems;
  if (!Array.isArray(lineItems)) return emptyStoredCart();
  return { lineItems: lineItems.filter(isStoredLineItem) };
}

function isStoredLineItem(value: unknown): value is StoredLineItem {
  const item = value as Partial<StoredLineItem> | null;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.id === 'string' &&
    (LINE_ITEM_TYPES as readonly string[]).includes(item.type as string) &&
    isId(item.referencedId) &&
    Number.isSafeInteger(item.quantity) &&
    (item.quantity as number) >= 1
  );
}

import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import type { WishlistDeps } from '../../customer/wishlist/wishlist.js';
import { WISHLIST_ENABLED_KEY, mergeWishlistProducts } from '../../customer/wishlist/wishlist.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';

/** Where a guest's hearts are kept: a key of the stored context's payload, which login carries to the new token. */
const GUEST_WISHLIST_KEY = 'guestWishlist';
/** A guest keeps at most this many (the oldest drop out); the customer's wishlist takes any number. */
const GUEST_WISHLIST_LIMIT = 100;

/**
 * Keeps `productId` for a visitor without an account under their stored context token, server-side: the
 * guest's heart. Nothing is kept for a token of another channel or one not stored. Returns whether it was kept.
 */
export async function keepForGuest(db: Db, context: SalesChannelContext, productId: string): Promise<boolean> {
  const guestsOnly = sql`token = ${context.token} AND sales_channel_id = ${context.salesChannel.id}`;
  const found = await sql<{ ids: unknown }>`SELECT payload -> ${GUEST_WISHLIST_KEY}::text AS ids FROM sales_channel_api_context WHERE ${guestsOnly}`.execute(db);
  const row = found.rows[0];
  if (!row) return false;
  const kept = Array.isArray(row.ids) ? row.ids.filter((id) => id !== productId) : [];
  const ids = [...kept, productId].slice(-GUEST_WISHLIST_LIMIT);
  await sql`UPDATE sales_channel_api_context
    SET payload = coalesce(payload, '{}'::jsonb) || jsonb_build_object(${GUEST_WISHLIST_KEY}::text, ${JSON.stringify(ids)}::jsonb)
    WHERE ${guestsOnly}`.execute(db);
  return true;
}

/**
 * After a login (the `sales_channel_context.token_replaced` event; the payload came along to the new token):
 * the products a guest kept are merged into the customer's wishlist (Shopware's merge after login: those
 * the channel shows, each once) and the guest's list is dropped. Nothing happens when the channel has the
 * wishlist off. Returns the number of ids the guest had kept.
 */
export async function mergeGuestWishlist(platform: WishlistDeps, context: SalesChannelContext): Promise<number> {
  if (!context.customer) return 0;
  // taken out of the payload in one statement, so two requests after one login cannot merge it twice
  const taken = await sql<{ ids: unknown }>`
    UPDATE sales_channel_api_context AS c SET payload = c.payload - ${GUEST_WISHLIST_KEY}::text
    FROM (SELECT token, payload -> ${GUEST_WISHLIST_KEY}::text AS ids FROM sales_channel_api_context WHERE token = ${context.token} FOR UPDATE) AS old
    WHERE c.token = old.token AND old.ids IS NOT NULL
    RETURNING old.ids`.execute(platform.db);
  const ids = taken.rows[0]?.ids;
  if (!Array.isArray(ids) || ids.length === 0) return 0;
  if ((await platform.systemConfig.get(WISHLIST_ENABLED_KEY, context.salesChannel.id)) === false) return 0;
  await mergeWishlistProducts(platform, context, context.customer.id, { productIds: ids });
  return ids.length;
}

import { sql } from 'kysely';
import { transaction } from '../../database/transaction.js';
import { AppError } from '../../errors/app-error.js';
import { isId, newId } from '../../ids.js';
import type { CoreServices } from '../../core-services.js';
import { PRODUCT_VISIBILITY } from '../../catalog/entities.js';
import { loadSalesChannelProducts, type SalesChannelProduct } from '../../catalog/store/sales-channel-product-loader.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { violations } from '../account/violations.js';

/** What the wishlist uses: its setting per channel and the product rows. */
export type WishlistDeps = Pick<CoreServices, 'db' | 'env' | 'systemConfig'>;

/*
 * The logged-in customer's wishlist in a sales channel (Shopware's LoadWishlistRoute,
 * AddWishlistProductRoute, RemoveWishlistProductRoute and MergeWishlistProductRoute), shared by the
 * Store API and the storefront. The wishlist row is created with its first product.
 */

/** System config: the wishlist is offered (Shopware's `core.cart.wishlistEnabled`; on unless set to false). */
export const WISHLIST_ENABLED_KEY = 'core.cart.wishlistEnabled';

export const wishlistErrors = {
  notActivated: () => new AppError(403, 'CHECKOUT__WISHLIST_IS_NOT_ACTIVATED', 'Wishlist is not activated!'),
  notFound: () => new AppError(404, 'CHECKOUT__WISHLIST_NOT_FOUND', 'Wishlist for this customer was not found.'),
  duplicate: () => new AppError(400, 'CHECKOUT__DUPLICATE_WISHLIST_PRODUCT', 'Product already added in wishlist'),
  productNotFound: (productId: string) => new AppError(404, 'CHECKOUT__WISHLIST_PRODUCT_NOT_FOUND', `Wishlist product with id ${productId} not found`, { meta: { parameters: { productId } } }),
  // the schema documents 400 for a product the channel does not have
  unknownProduct: (productId: string) => new AppError(400, 'PRODUCT__PRODUCT_NOT_FOUND', `Product for id ${productId} not found.`, { meta: { parameters: { productId } } }),
};

/** 403 `CHECKOUT__WISHLIST_IS_NOT_ACTIVATED` unless the channel offers the wishlist. */
export async function assertWishlistEnabled(platform: WishlistDeps, salesChannelId: string): Promise<void> {
  if ((await platform.systemConfig.get(WISHLIST_ENABLED_KEY, salesChannelId)) === false) throw wishlistErrors.notActivated();
}

async function wishlistId(platform: WishlistDeps, context: SalesChannelContext, customerId: string): Promise<string | undefined> {
  const row = await platform.db.selectFrom('customer_wishlist').select('id').where('customer_id', '=', customerId).where('sales_channel_id', '=', context.salesChannel.id).executeTakeFirst();
  return row?.id as string | undefined;
}

/** The wishlist's products the channel shows, newest first; 404 when the customer has no wishlist yet. */
export async function loadWishlist(
  platform: WishlistDeps,
  context: SalesChannelContext,
  customerId: string,
  page: { limit: number; offset: number },
): Promise<{ wishlistId: string; total: number; products: SalesChannelProduct[] }> {
  const id = await wishlistId(platform, context, customerId);
  if (!id) throw wishlistErrors.notFound();
  const rows = await platform.db.selectFrom('customer_wishlist_product').select('product_id').where('customer_wishlist_id', '=', id).orderBy('created_at', 'desc').orderBy('id').execute();
  const products = await loadSalesChannelProducts(platform.db, context, rows.map((row) => row.product_id as string), { minVisibility: PRODUCT_VISIBILITY.LINK, mediaBaseUrl: platform.env.appUrl });
  return { wishlistId: id, total: products.length, products: products.slice(page.offset, page.offset + page.limit) };
}

/** Ids of products the channel shows, in the order given. */
async function shownProducts(platform: WishlistDeps, context: SalesChannelContext, ids: string[]): Promise<string[]> {
  const found = await loadSalesChannelProducts(platform.db, context, ids, { minVisibility: PRODUCT_VISIBILITY.LINK });
  return found.map((product) => product.id);
}

/** Adds products to the customer's wishlist (created if needed); ids already on it are left out. Returns those added. */
async function addProducts(platform: WishlistDeps, context: SalesChannelContext, customerId: string, productIds: string[]): Promise<string[]> {
  return transaction(platform.db, async (uow) => {
    await sql`
      INSERT INTO customer_wishlist (id, customer_id, sales_channel_id) VALUES (${newId()}, ${customerId}, ${context.salesChannel.id})
      ON CONFLICT (customer_id, sales_channel_id) DO NOTHING`.execute(uow.db);
    const id = (await uow.db.selectFrom('customer_wishlist').select('id').where('customer_id', '=', customerId).where('sales_channel_id', '=', context.salesChannel.id).executeTakeFirstOrThrow()).id as string;
    const added: string[] = [];
    for (const productId of productIds) {
      const inserted = await sql`
        INSERT INTO customer_wishlist_product (id, customer_wishlist_id, product_id) VALUES (${newId()}, ${id}, ${productId})
        ON CONFLICT (customer_wishlist_id, product_id) DO NOTHING RETURNING id`.execute(uow.db);
      if (inserted.rows.length > 0) added.push(productId);
    }
    await uow.db.updateTable('customer_wishlist').set({ updated_at: sql`now()` }).where('id', '=', id).execute();
    return added;
  });
}

/** Adds one product: 400 for a product the channel does not show, 400 `CHECKOUT__DUPLICATE_WISHLIST_PRODUCT` when it is on the list. */
export async function addWishlistProduct(platform: WishlistDeps, context: SalesChannelContext, customerId: string, productId: string): Promise<void> {
  const id = productId.toLowerCase();
  if (!isId(id) || (await shownProducts(platform, context, [id])).length === 0) throw wishlistErrors.unknownProduct(productId);
  if ((await addProducts(platform, context, customerId, [id])).length === 0) throw wishlistErrors.duplicate();
}

/** The ids on the customer's wishlist in the context's channel (none without a wishlist): what the storefront's hearts show. */
export async function wishlistProductIds(platform: WishlistDeps, context: SalesChannelContext, customerId: string): Promise<string[]> {
  const rows = await platform.db
    .selectFrom('customer_wishlist_product as p')
    .innerJoin('customer_wishlist as w', 'w.id', 'p.customer_wishlist_id')
    .select('p.product_id')
    .where('w.customer_id', '=', customerId)
    .where('w.sales_channel_id', '=', context.salesChannel.id)
    .execute();
  return rows.map((row) => row.product_id as string);
}

/** Removes one product; 404 `CHECKOUT__WISHLIST_PRODUCT_NOT_FOUND` when it is not on the customer's wishlist. */
export async function removeWishlistProduct(platform: WishlistDeps, context: SalesChannelContext, customerId: string, productId: string): Promise<void> {
  const id = productId.toLowerCase();
  const wishlist = await wishlistId(platform, context, customerId);
  if (!wishlist || !isId(id)) throw wishlistErrors.productNotFound(productId);
  const removed = await platform.db.deleteFrom('customer_wishlist_product').where('customer_wishlist_id', '=', wishlist).where('product_id', '=', id).returning('id').execute();
  if (removed.length === 0) throw wishlistErrors.productNotFound(productId);
}

/**
 * Merges a guest's list into the customer's wishlist (Shopware's merge after login): products the channel
 * shows are added, those already on it and unknown ones are skipped. `productIds` must be an array of ids.
 */
export async function mergeWishlistProducts(platform: WishlistDeps, context: SalesChannelContext, customerId: string, body: unknown): Promise<void> {
  const productIds = typeof body === 'object' && body !== null ? (body as { productIds?: unknown }).productIds : undefined;
  if (!Array.isArray(productIds)) throw violations.blank('/productIds');
  const invalid = productIds.findIndex((id) => typeof id !== 'string' || !isId(id.toLowerCase()));
  if (invalid >= 0) throw violations.invalidId(`/productIds/${invalid}`);
  const shown = await shownProducts(platform, context, (productIds as string[]).map((id) => id.toLowerCase()));
  if (shown.length > 0) await addProducts(platform, context, customerId, shown);
}

import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';

/** The roots of the channel's navigations (main, footer, service): categories below them belong to the channel. */
export function channelRootIds(context: SalesChannelContext): string[] {
  const { navigationCategoryId, footerCategoryId, serviceCategoryId } = context.salesChannel;
  return [navigationCategoryId, serviceCategoryId, footerCategoryId].filter((id): id is string => id !== null);
}

/**
 * Each product's main category in the channel (Shopware's `seoCategory`): of the categories it is
 * assigned to (its own, else its parent's), the first active one below one of the channel's navigation
 * roots, in assignment order; `referrerCategoryId` wins when the product is assigned to it. Products
 * without such a category are missing from the map.
 */
export async function productSeoCategoryIds(
  within: Db | UnitOfWork,
  context: SalesChannelContext,
  products: ReadonlyArray<{ id: string; parentId: string | null }>,
  referrerCategoryId?: string,
): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  if (products.length === 0) return result;
  const owners = [...new Set(products.flatMap((product) => (product.parentId ? [product.id, product.parentId] : [product.id])))];
  const roots = channelRootIds(context);
  const rows = await sql<{ product_id: string; category_id: string }>`
    SELECT pc.product_id, pc.category_id FROM product_category pc JOIN category c ON c.id = pc.category_id
    WHERE pc.product_id = ANY(${owners}::uuid[]) AND c.active
      AND (${sql.join(roots.map((root) => sql`c.path LIKE ${`%|${root}|%`}`), sql` OR `)})
    ORDER BY pc.created_at, pc.category_id`.execute(executorOf(within));
  const byOwner = new Map<string, string[]>();
  for (const row of rows.rows) byOwner.set(row.product_id, [...(byOwner.get(row.product_id) ?? []), row.category_id]);
  for (const product of products) {
    // categories are inherited as a whole: the variant's own assignments, else its parent's
    const own = byOwner.get(product.id);
    const categories = own && own.length > 0 ? own : product.parentId ? (byOwner.get(product.parentId) ?? []) : [];
    const chosen = referrerCategoryId && categories.includes(referrerCategoryId) ? referrerCategoryId : categories[0];
    if (chosen) result.set(product.id, chosen);
  }
  return result;
}

import type { Db } from '../../database/connection.js';
import type { ChannelCategory } from '../../catalog/store/category-scope.js';
import { categoryNameSql } from '../../catalog/store/category-translation.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';

export interface Breadcrumb {
  name: string;
  /** null for the current page (the last crumb). */
  url: string | null;
}

/**
 * Home › ancestors › the category: the categories between the channel's navigation category and
 * `category`, read from its materialised path in one query. Ancestors that are inactive, hidden or
 * folders are shown without a link (their page would be a 404 or nothing at all).
 */
export async function categoryBreadcrumbs(db: Db, context: SalesChannelContext, category: Pick<ChannelCategory, 'id' | 'name' | 'path'>, linkLast = false): Promise<Breadcrumb[]> {
  const rootId = context.salesChannel.navigationCategoryId;
  const crumbs: Breadcrumb[] = [{ name: 'Home', url: '/' }];
  if (category.id === rootId) return linkLast ? crumbs : [{ name: 'Home', url: null }];
  const pathIds = (category.path ?? '').split('|').filter(Boolean);
  const below = pathIds.slice(pathIds.indexOf(rootId) + 1);
  if (below.length > 0) {
    const rows = await db.selectFrom('category').select(['id', categoryNameSql('category', context.languageId).as('name'), 'type', 'active', 'visible']).where('id', 'in', below).execute();
    const byId = new Map(rows.map((row) => [row.id as string, row]));
    for (const id of below) {
      const row = byId.get(id);
      if (!row) continue;
      const linkable = row.type === 'page' && row.active === true && row.visible === true;
      crumbs.push({ name: row.name as string, url: linkable ? `/navigation/${id}` : null });
    }
  }
  crumbs.push({ name: category.name, url: linkLast ? `/navigation/${category.id}` : null });
  return crumbs;
}

/**
 * The category a product page hangs below: the deepest of its (or its parent's, for a variant without
 * own assignments) categories inside the channel's tree; undefined when it has none there.
 */
export async function productCategory(db: Db, context: SalesChannelContext, productId: string, parentId: string | null): Promise<ChannelCategory | undefined> {
  const rootId = context.salesChannel.navigationCategoryId;
  const owners = parentId ? [productId, parentId] : [productId];
  const rows = await db
    .selectFrom('product_category as pc')
    .innerJoin('category as c', 'c.id', 'pc.category_id')
    .select(['c.id', 'c.parent_id', categoryNameSql('c', context.languageId).as('name'), 'c.level', 'c.path', 'c.display_nested_products', 'pc.product_id'])
    .where('pc.product_id', 'in', owners)
    .where('c.active', '=', true)
    .where((eb) => eb.or([eb('c.id', '=', rootId), eb('c.path', 'like', `%|${rootId}|%`)]))
    .orderBy('c.level', 'desc')
    .orderBy('c.id')
    .execute();
  // own assignments win over the parent's, as the listing inherits them
  const own = rows.filter((row) => row.product_id === productId);
  const row = (own.length > 0 ? own : rows)[0];
  if (!row) return undefined;
  return {
    id: row.id as string,
    parentId: row.parent_id as string | null,
    name: row.name as string,
    level: row.level as number,
    path: row.path as string | null,
    displayNestedProducts: row.display_nested_products as boolean,
  };
}

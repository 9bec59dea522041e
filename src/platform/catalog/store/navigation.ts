import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { afterSort } from './after-sort.js';
import { categoryNameSql } from './category-translation.js';

export interface NavigationNode {
  id: string;
  parentId: string;
  name: string;
  type: 'page' | 'link' | 'folder';
  /** Target of a `link` category. */
  externalLink: string | null;
  level: number;
  children: NavigationNode[];
}

interface CategoryRow {
  id: string;
  parent_id: string;
  after_category_id: string | null;
  name: string;
  type: NavigationNode['type'];
  external_link: string | null;
  level: number;
}

/**
 * The storefront's main navigation: the categories below the channel's navigation category, `depth`
 * levels deep (1 = its children only). Only active and visible categories appear, and a hidden one
 * hides its subtree. Siblings follow their `afterCategoryId` chain (see after-sort.ts); categories
 * are read in creation order, which decides where a broken chain continues. Names are in the context's language.
 */
export async function loadNavigation(within: Db | UnitOfWork, context: SalesChannelContext, depth = 2): Promise<NavigationNode[]> {
  if (!Number.isInteger(depth) || depth < 1) throw new RangeError(`The navigation depth must be a positive integer, got ${depth}`);
  const exec = executorOf(within);
  const rootId = context.salesChannel.navigationCategoryId;
  const root = await exec.selectFrom('category').select('level').where('id', '=', rootId).executeTakeFirst();
  if (!root) return [];
  const rows = (await exec
    .selectFrom('category')
    .select(['id', 'parent_id', 'after_category_id', categoryNameSql('category', context.languageId).as('name'), 'type', 'external_link', 'level'])
    .where('path', 'like', `%|${rootId}|%`)
    .where('level', '<=', (root.level as number) + depth)
    .where('active', '=', true)
    .where('visible', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .execute()) as CategoryRow[];

  const byParent = new Map<string, CategoryRow[]>();
  for (const row of rows) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
  const build = (parentId: string): NavigationNode[] =>
    afterSort(byParent.get(parentId) ?? [], (row) => row.id, (row) => row.after_category_id).map((row) => ({
      id: row.id,
      parentId: row.parent_id,
      name: row.name,
      type: row.type,
      externalLink: row.external_link,
      level: row.level,
      children: build(row.id),
    }));
  return build(rootId);
}

import type { Db } from '../../database/connection.js';
import { executorOf, isUnitOfWork, type UnitOfWork } from '../../database/transaction.js';
import { catalogueCacheOf } from './listing-cache.js';
import { AppError } from '../../errors/app-error.js';
import type { Criteria, Filter } from '../../entities/criteria/types.js';
import { EntityReader } from '../../entities/reader.js';
import type { EntityRegistry } from '../../entities/registry.js';
import type { EntityRecord } from '../../entities/serializer.js';
import { isId } from '../../ids.js';
import type { ContextSalesChannel, SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { afterSort } from './after-sort.js';
import { categoryNotFound } from './category-scope.js';
import { pathIds, toStoreCategoriesJson } from './store-category-json.js';

/** The names Shopware's navigation route accepts instead of a category id. */
export const NAVIGATION_ALIASES = ['main-navigation', 'footer-navigation', 'service-navigation'] as const;
export type NavigationAlias = (typeof NAVIGATION_ALIASES)[number];

export interface StoreNavigationRequest {
  /** The category the shopper is on (its parents and children are loaded too); an id or an alias. */
  activeId: string;
  /** The category whose subtree is the navigation; an id or an alias. */
  rootId: string;
  /** Levels below the root (Shopware loads one more, so a menu knows which entries have children). */
  depth: number;
  /** A tree of children below the root's children, or one flat list. */
  buildTree: boolean;
  /** The client's criteria: filters narrow the categories, includes trim them. */
  criteria: Pick<Criteria, 'filter' | 'associations'>;
  seoUrls?: boolean;
}

/** The outcome Shopware answers with 204 and no categories: the active alias names a navigation the channel has none of. */
export const NO_NAVIGATION = Symbol('no navigation');

/**
 * Shopware's NavigationRoute: the categories below `rootId`, `depth` + 1 levels deep, plus the parents
 * and children of the active category, as a tree (siblings in their `afterCategoryId` order, inactive
 * or hidden categories left out with their subtrees) or as a flat list in tree order. The active
 * category must lie in one of the channel's navigations (main, footer, service), else 404
 * `CONTENT__CATEGORY_NOT_FOUND`; an active category outside the root falls back to the root.
 */
export async function loadStoreNavigation(
  within: Db | UnitOfWork,
  registry: EntityRegistry,
  context: SalesChannelContext,
  request: StoreNavigationRequest,
): Promise<Array<Record<string, unknown>> | typeof NO_NAVIGATION> {
  if (isUnitOfWork(within) || within.isTransaction) return buildNavigation(within, registry, context, request);
  // kept until the catalogue version moves (category changes raise it); a category's image file is the one
  // thing read here that does not, its new URL shows within the cache's 30 s
  const { navigationCategoryId, footerCategoryId, serviceCategoryId, name } = context.salesChannel;
  const key = JSON.stringify([navigationCategoryId, footerCategoryId, serviceCategoryId, name, context.languageId, request]);
  const result = await catalogueCacheOf<Array<Record<string, unknown>> | 'none'>(within, 'store-navigation').get(key, async () => {
    const built = await buildNavigation(within, registry, context, request);
    return built === NO_NAVIGATION ? 'none' : built;
  });
  return result === 'none' ? NO_NAVIGATION : result;
}

async function buildNavigation(
  within: Db | UnitOfWork,
  registry: EntityRegistry,
  context: SalesChannelContext,
  request: StoreNavigationRequest,
): Promise<Array<Record<string, unknown>> | typeof NO_NAVIGATION> {
  const channel = context.salesChannel;
  const active = resolveAlias(request.activeId, channel, 'active');
  if (active === NO_NAVIGATION) return NO_NAVIGATION;
  const rootId = resolveAlias(request.rootId, channel, 'root') as string;
  let activeId = active;
  if (!isId(activeId)) throw categoryNotFound(request.activeId);
  if (!isId(rootId)) throw categoryNotFound(request.rootId);

  const exec = executorOf(within);
  const meta = await exec
    .selectFrom('category')
    .select(['id', 'path', 'level', 'parent_id'])
    .where((eb) => eb.or([eb('id', '=', activeId), eb('parent_id', '=', activeId), eb('id', '=', rootId)]))
    .execute();
  const activeRow = meta.find((row) => row.id === activeId);
  const rootRow = meta.find((row) => row.id === rootId);
  if (!activeRow) throw categoryNotFound(activeId);
  if (!rootRow) throw categoryNotFound(rootId);
  const activePath = activeRow.path as string | null;
  const roots = [channel.footerCategoryId, channel.serviceCategoryId, channel.navigationCategoryId].filter((id): id is string => id !== null);
  if (!roots.some((id) => isBelow(activeId, activePath, id))) throw categoryNotFound(activeId);
  if (!isBelow(activeId, activePath, rootId)) activeId = rootId;

  const rootLevel = rootRow.level as number;
  const reader = new EntityReader(registry);
  const def = registry.get('category');
  const clientFilters = request.criteria.filter ?? [];
  const associations = { media: {}, ...(request.criteria.associations ?? {}) };
  const levels: Filter[] =
    request.depth > 0
      ? [
          { type: 'contains', field: 'path', value: `|${rootId}|` },
          { type: 'range', field: 'level', parameters: { gt: rootLevel, lte: rootLevel + request.depth + 1 } },
        ]
      : [];
  const loaded = new Map<string, EntityRecord>();
  if (levels.length > 0) {
    const { entities } = await reader.search(exec, def, { filter: [...clientFilters, ...levels, ACTIVE], associations });
    for (const entity of entities) loaded.set(entity.id, entity);
  }
  // the active category's parents and children, when not loaded with the levels
  const childIds = meta.filter((row) => row.parent_id === activeId && row.id !== rootId).map((row) => row.id as string);
  const activeRowNow = meta.find((row) => row.id === activeId)!;
  const missing = [...new Set([...childIds, ...pathIds(activeRowNow.path as string | null), activeId])].filter((id) => !loaded.has(id));
  if (missing.length > 0) {
    const { entities } = await reader.search(exec, def, { ids: missing, filter: [...clientFilters, ACTIVE], associations });
    for (const entity of entities) loaded.set(entity.id, entity);
  }

  const all = [...loaded.values()];
  const visibleChildren = new Map<string, number>();
  for (const category of all) {
    if (category.visible === true && category.parentId) visibleChildren.set(category.parentId as string, (visibleChildren.get(category.parentId as string) ?? 0) + 1);
  }
  for (const category of all) category.visibleChildCount = visibleChildren.get(category.id) ?? 0;

  const byParent = new Map<string, EntityRecord[]>();
  for (const category of sortedByCreation(all)) {
    const parent = category.parentId as string | null;
    if (parent) byParent.set(parent, [...(byParent.get(parent) ?? []), category]);
  }
  const json = new Map((await toStoreCategoriesJson(within, all, { seoUrls: request.seoUrls ? context : undefined, languageId: context.languageId })).map((category) => [category.id as string, category]));
  const ordered = (parentId: string) => afterSort(byParent.get(parentId) ?? [], (c) => c.id, (c) => (c.afterCategoryId as string | null) ?? null);

  if (!request.buildTree) {
    // flat: every loaded category, in the tree's order (depth first), then any outside the root's subtree
    const flat: Array<Record<string, unknown>> = [];
    const seen = new Set<string>();
    const walk = (parentId: string) => {
      for (const category of ordered(parentId)) {
        if (seen.has(category.id)) continue;
        seen.add(category.id);
        flat.push({ ...json.get(category.id)!, children: [] });
        walk(category.id);
      }
    };
    walk(rootId);
    for (const category of all) if (!seen.has(category.id)) flat.push({ ...json.get(category.id)!, children: [] });
    return flat;
  }
  const tree = (parentId: string): Array<Record<string, unknown>> =>
    ordered(parentId)
      .filter((category) => category.active === true && category.visible === true)
      .map((category) => ({ ...json.get(category.id)!, children: tree(category.id) }));
  return tree(rootId);
}

const ACTIVE: Filter = { type: 'equals', field: 'active', value: true };

function isBelow(categoryId: string, path: string | null, rootId: string): boolean {
  return categoryId === rootId || (path ?? '').includes(`|${rootId}|`);
}

/** Read order for afterSort: creation order decides where a broken chain continues (as the storefront's navigation). */
function sortedByCreation(categories: EntityRecord[]): EntityRecord[] {
  return [...categories].sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)) || a.id.localeCompare(b.id));
}

/**
 * An alias's category: `main-navigation` is the channel's navigation root; `footer-navigation` and
 * `service-navigation` their roots when set. An unset one answers 204 as the active id and 400
 * `CHECKOUT__FOOTER_CATEGORY_NOT_FOUND` / `CHECKOUT__SERVICE_CATEGORY_NOT_FOUND` as the root (Shopware's codes).
 */
function resolveAlias(id: string, channel: ContextSalesChannel, role: 'active' | 'root'): string | typeof NO_NAVIGATION {
  switch (id) {
    case 'main-navigation':
      return channel.navigationCategoryId;
    case 'footer-navigation':
    case 'service-navigation': {
      const category = id === 'footer-navigation' ? channel.footerCategoryId : channel.serviceCategoryId;
      if (category !== null) return category;
      if (role === 'active') return NO_NAVIGATION;
      const kind = id === 'footer-navigation' ? 'FOOTER' : 'SERVICE';
      throw new AppError(400, `CHECKOUT__${kind}_CATEGORY_NOT_FOUND`, `${kind === 'FOOTER' ? 'Footer' : 'Service'} category, for sales channel ${channel.name}, is not set`, {
        meta: { parameters: { salesChannelName: channel.name } },
      });
    }
    default:
      return id.toLowerCase();
  }
}

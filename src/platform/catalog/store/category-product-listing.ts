import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../database/connection.js';
import type { UnitOfWork } from '../../database/transaction.js';
import { AppError } from '../../errors/app-error.js';
import { EntityRegistry } from '../../entities/registry.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { productEntity, PRODUCT_VISIBILITY } from '../entities.js';
import { categoryOrDescendantSql, findChannelCategory, type ChannelCategory } from './category-scope.js';
import { searchListedProductIds } from './product-listing-query.js';
import { loadSalesChannelProducts, type SalesChannelProduct } from './sales-channel-product-loader.js';
import { STORE_API_MAX_LIMIT } from './store-api-criteria.js';
import { LISTING_SORT_KEYS, listingOrderBySql, type ListingSortKey } from './product-listing-sortings.js';

export const CATEGORY_LISTING_SORTS = LISTING_SORT_KEYS;
export type CategoryListingSort = ListingSortKey;

export interface CategoryListingOptions {
  /** 1-based. */
  page: number;
  /** 1..100 */
  limit: number;
  /** Default `name-asc`; price sorts use the gross price in the context's currency. */
  sort?: CategoryListingSort;
  /** APP_URL, the prefix of cover URLs (origin-relative without it). */
  mediaBaseUrl?: string;
}

export interface CategoryListing {
  /** The category listed (its layout, for pages that draw one); none for a search. */
  category?: ChannelCategory;
  /** All matching products (exact count, for paging). */
  total: number;
  elements: SalesChannelProduct[];
  page: number;
  limit: number;
}

// The listing reads only the product definition (static data), so it needs no platform registry.
const productRegistry = new EntityRegistry();
productRegistry.register(productEntity);

/**
 * The products of a category page: products assigned to the category or, when the category displays
 * nested products, to any category below it. A variant without category assignments of its own
 * belongs where its parent does. Listing rules as in product-listing-query.ts (visibility 30, active,
 * priced, one variant per product family instead of their container parent). An inactive category or one outside the
 * channel's navigation tree is a 404 `CONTENT__CATEGORY_NOT_FOUND`.
 */
export async function listCategoryProducts(
  within: Db | UnitOfWork,
  context: SalesChannelContext,
  categoryId: string,
  options: CategoryListingOptions,
): Promise<CategoryListing> {
  const { page, limit } = options;
  const sort = options.sort ?? 'name-asc';
  checkListingOptions(page, limit, sort);
  const category = await findChannelCategory(within, context, categoryId);

  const { total, ids } = await searchListedProductIds(within, productRegistry, context, {
    criteria: { page, limit },
    minVisibility: PRODUCT_VISIBILITY.ALL,
    totalCountMode: 'exact',
    groupVariants: true,
    extraConditions: (alias) => [inCategorySql(alias, category.id, category.displayNestedProducts)],
    orderBy: (alias) => listingOrderBySql(alias, sort, context),
    cacheKey: `category:${category.id}:${category.displayNestedProducts ? 'nested' : 'own'}:${sort}`,
  });
  const elements = await loadSalesChannelProducts(within, context, ids, { minVisibility: PRODUCT_VISIBILITY.ALL, mediaBaseUrl: options.mediaBaseUrl });
  return { category, total, elements, page, limit };
}

/**
 * The storefront's and the Store API's search page: products matching `term` (the product's searchable
 * fields, as the criteria term) with the category listing's paging and sortings. Products visible in
 * search (visibility 20) are found too, as Shopware's search route does.
 */
export async function searchProductListing(
  within: Db | UnitOfWork,
  context: SalesChannelContext,
  term: string,
  options: CategoryListingOptions,
): Promise<CategoryListing> {
  const { page, limit } = options;
  const sort = options.sort ?? 'name-asc';
  checkListingOptions(page, limit, sort);
  const { total, ids } = await searchListedProductIds(within, productRegistry, context, {
    criteria: { page, limit, term },
    minVisibility: PRODUCT_VISIBILITY.SEARCH,
    totalCountMode: 'exact',
    groupVariants: true,
    orderBy: (alias) => listingOrderBySql(alias, sort, context),
    cacheKey: `search:${sort}`,
  });
  const elements = await loadSalesChannelProducts(within, context, ids, { minVisibility: PRODUCT_VISIBILITY.SEARCH, mediaBaseUrl: options.mediaBaseUrl });
  return { total, elements, page, limit };
}

function checkListingOptions(page: number, limit: number, sort: CategoryListingSort): void {
  if (!Number.isInteger(page) || page < 1) throw new AppError(400, 'FRAMEWORK__INVALID_PAGE_QUERY', `The page parameter must be a positive integer, got ${page}.`);
  if (!Number.isInteger(limit) || limit < 1 || limit > STORE_API_MAX_LIMIT) {
    throw new AppError(400, 'FRAMEWORK__INVALID_LIMIT_QUERY', `The limit must be an integer from 1 to ${STORE_API_MAX_LIMIT}, got ${limit}.`);
  }
  if (!CATEGORY_LISTING_SORTS.includes(sort)) throw new AppError(400, 'PRODUCT__SORTING_NOT_FOUND', `Could not find sorting with key "${String(sort)}".`);
}

/** Product row `alias` belongs to the category (or, when `nested`, to a category below it). */
export function inCategorySql(alias: string, categoryId: string, nested: boolean): RawBuilder<SqlBool> {
  const t = sql.ref(alias);
  // categories are inherited like a to-many field: own assignments, else the parent's. Both sets are
  // uncorrelated, so PostgreSQL hashes each once instead of probing per product.
  return sql<SqlBool>`(CASE WHEN ${t}.id IN (SELECT own.product_id FROM product_category own) THEN ${t}.id ELSE ${t}.parent_id END) IN (
    SELECT pc.product_id FROM product_category pc JOIN category c ON c.id = pc.category_id
    WHERE ${categoryOrDescendantSql('c', categoryId, nested)}
  )`;
}

import type { RawBuilder, SqlBool } from 'kysely';
import type { Db } from '../../database/connection.js';
import { isUnitOfWork, type UnitOfWork } from '../../database/transaction.js';
import type { Criteria } from '../../entities/criteria/types.js';
import { EntityRegistry } from '../../entities/registry.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { productEntity, PRODUCT_VISIBILITY } from '../entities.js';
import type { ChannelCategory } from './category-scope.js';
import { inCategorySql } from './category-product-listing.js';
import { listingAggregationsOf } from './listing-cache.js';
import { aggregateListing, type AggregationRun } from './product-listing-aggregations.js';
import { loadListingManufacturers, loadListingPropertyGroups } from './product-listing-aggregation-entities.js';
import { listingFilterSql, propertyFilterGroups, type PropertyFilterGroups } from './product-listing-filters.js';
import { searchListedProductIds } from './product-listing-query.js';
import { activeFilters, LISTING_FILTER_NAMES, type ListingFilterName, type ListingFilters, type ListingRequest } from './product-listing-request.js';
import { listingOrderBySql, resolveListingSort, type ListingSortKey } from './product-listing-sortings.js';
import { loadSalesChannelProducts, type SalesChannelProduct } from './sales-channel-product-loader.js';

/** Where a listing's products come from: a category page, or a search term (search page, suggestions). */
export type ListingScope = { kind: 'category'; category: ChannelCategory } | { kind: 'search'; term: string };

export interface ListingAggregations {
  manufacturer?: Awaited<ReturnType<typeof loadListingManufacturers>>;
  price?: { min: number | null; max: number | null };
  rating?: number | null;
  shippingFree?: boolean;
  properties?: Awaited<ReturnType<typeof loadListingPropertyGroups>>;
}

export interface ProductListing {
  /** Product families that match (exact); 0 for an aggregations-only request. */
  total: number;
  elements: SalesChannelProduct[];
  page: number;
  limit: number;
  sorting: ListingSortKey;
  filters: ListingFilters;
  /** Null when the request asked for none (`no-aggregations`). */
  aggregations: ListingAggregations | null;
}

export interface ProductListingDeps {
  /** The platform's entity registry (client criteria may name any product field or exposed association). */
  registry: EntityRegistry;
  /** APP_URL, the prefix of media URLs. */
  mediaBaseUrl: string;
}

// the pages and aggregations read the product definition only
const productRegistry = new EntityRegistry();
productRegistry.register(productEntity);

/**
 * A product listing as Shopware's listing, search and suggest routes answer it: one entry per product
 * family (the best variant of a parent), the asked page in the asked sorting (unknown keys: the default),
 * narrowed by the listing filters (manufacturer, properties, price, rating, shipping-free) and the
 * client's criteria filters, with the aggregations a filter panel shows. Aggregations count the products
 * before the listing filters (with `reduce-aggregations`: after the other active filters). Pages and
 * aggregations (with their manufacturers and property groups) come from the listing cache while the
 * catalogue version stands; a manufacturer's logo file is the one thing read there that does not raise
 * it (its new URL shows within the cache's 30 s).
 */
export async function loadProductListing(
  within: Db | UnitOfWork,
  deps: ProductListingDeps,
  context: SalesChannelContext,
  scope: ListingScope,
  request: ListingRequest,
  criteria: Pick<Criteria, 'filter' | 'postFilter'> = {},
): Promise<ProductListing> {
  const sorting = resolveListingSort(request.order);
  const active = activeFilters(request);
  const properties: PropertyFilterGroups = active.has('properties') ? await propertyFilterGroups(within, request.filters.properties) : [];
  const minVisibility = scope.kind === 'category' ? PRODUCT_VISIBILITY.ALL : PRODUCT_VISIBILITY.SEARCH;
  const scopeConditions = (alias: string): RawBuilder<SqlBool>[] =>
    scope.kind === 'category' ? [inCategorySql(alias, scope.category.id, scope.category.displayNestedProducts)] : [];
  const scopeKey = scope.kind === 'category' ? `category:${scope.category.id}:${scope.category.displayNestedProducts ? 'nested' : 'own'}` : 'search';
  const baseCriteria: Criteria = { filter: criteria.filter, ...(scope.kind === 'search' ? { term: scope.term } : {}) };
  const filterKey = (names: ReadonlySet<ListingFilterName>) => JSON.stringify({ filters: request.filters, properties, names: [...names].sort() });

  let total = 0;
  let elements: SalesChannelProduct[] = [];
  if (request.aggregations !== 'only') {
    const page = await searchListedProductIds(within, productRegistry, context, {
      criteria: { ...baseCriteria, postFilter: criteria.postFilter, page: request.page, limit: request.limit },
      minVisibility,
      totalCountMode: 'exact',
      groupVariants: true,
      extraConditions: (alias) => [...scopeConditions(alias), ...listingFilterSql(alias, context, request.filters, properties, active)],
      orderBy: (alias) => listingOrderBySql(alias, sorting, context),
      cacheKey: `${scopeKey}:${sorting}:${filterKey(active)}`,
    });
    total = page.total;
    elements = await loadSalesChannelProducts(within, context, page.ids, { minVisibility, mediaBaseUrl: deps.mediaBaseUrl });
  }

  let aggregations: ListingAggregations | null = null;
  if (request.aggregations !== 'none') {
    const names = new Set(LISTING_FILTER_NAMES.filter((name) => !request.disabled.has(name)));
    const runs: AggregationRun[] = request.reduceAggregations
      ? [...names].map((name) => {
          // each aggregation sees the other active filters; the property aggregation its own too (Shopware's)
          const applied = new Set([...active].filter((other) => other !== name || name === 'properties'));
          return { names: new Set([name]), conditions: (alias: string) => listingFilterSql(alias, context, request.filters, properties, applied), key: filterKey(applied) };
        })
      : [{ names, conditions: () => [], key: '' }];
    const compute = async (): Promise<ListingAggregations> => {
      const values = await aggregateListing(within, productRegistry, context, { criteria: baseCriteria, minVisibility, extraConditions: scopeConditions }, runs);
      const result: ListingAggregations = {};
      if (values.manufacturerIds) result.manufacturer = await loadListingManufacturers(within, values.manufacturerIds, deps.mediaBaseUrl);
      if (values.price) result.price = values.price;
      if (values.ratingMax !== undefined) result.rating = values.ratingMax;
      if (values.shippingFree !== undefined) result.shippingFree = values.shippingFree;
      if (values.optionIds) result.properties = await loadListingPropertyGroups(within, values.optionIds, request.propertyWhitelist);
      return result;
    };
    // kept until the catalogue version moves, which every table read here raises; never inside a transaction
    const cacheable = !isUnitOfWork(within) && !within.isTransaction;
    const key = JSON.stringify([
      context.salesChannel.id,
      context.currency.id,
      String(context.currency.factor),
      scopeKey,
      baseCriteria,
      runs.map((run) => [[...run.names].sort(), run.key]),
      request.propertyWhitelist,
      deps.mediaBaseUrl,
    ]);
    aggregations = cacheable ? await listingAggregationsOf<ListingAggregations>(within as Db).get(key, compute) : await compute();
  }
  return { total, elements, page: request.page, limit: request.limit, sorting, filters: request.filters, aggregations };
}

import type { Db } from '../../database/connection.js';
import type { UnitOfWork } from '../../database/transaction.js';
import type { EntityRegistry } from '../../entities/registry.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { productSeoCategoryIds } from './product-seo-category.js';
import { loadPropertyOptions, type PropertyOptionJson } from './property-option-loader.js';
import type { ProductListing } from './product-listing.js';
import { availableSortingsJson } from './product-listing-sortings.js';
import type { SalesChannelProduct } from './sales-channel-product-loader.js';
import { loadStoreCategories } from './store-category-json.js';
import { toStoreProductJson, type StoreProductJson } from './store-product-json.js';
import { canonicalSeoUrlsOf } from '../../seo/store-seo-urls.js';
import { SEO_ROUTES } from '../../seo/entities.js';

export interface StoreProductsOptions {
  /** Load and show the products' `options` (variant options) and `properties`. */
  options?: boolean;
  properties?: boolean;
  /** `sw-include-seo-urls`. */
  seoUrls?: boolean;
  /** Given instead of loaded (the product detail has them already). */
  loaded?: { options?: Map<string, PropertyOptionJson[]>; properties?: Map<string, PropertyOptionJson[]> };
}

/** Products in the Store API's shape, each with its `seoCategory` (one statement for the page, plus one for the categories). */
export async function storeProductsJson(
  within: Db | UnitOfWork,
  registry: EntityRegistry,
  context: SalesChannelContext,
  products: SalesChannelProduct[],
  options: StoreProductsOptions = {},
): Promise<StoreProductJson[]> {
  if (products.length === 0) return [];
  const seoCategoryIds = await productSeoCategoryIds(within, context, products);
  const categories = await loadStoreCategories(within, registry, seoCategoryIds.values());
  const optionsOf = options.loaded?.options ?? (options.options ? await loadPropertyOptions(within, products, 'options') : undefined);
  const propertiesOf = options.loaded?.properties ?? (options.properties ? await loadPropertyOptions(within, products, 'properties') : undefined);
  const seoUrlsOf = options.seoUrls ? await canonicalSeoUrlsOf(within, context, SEO_ROUTES.product, products.map((product) => product.id)) : undefined;
  return products.map((product) =>
    toStoreProductJson(product, context.currency, {
      options: optionsOf?.get(product.id),
      properties: propertiesOf?.get(product.id),
      seoCategory: categories.get(seoCategoryIds.get(product.id) ?? '') ?? null,
      seoUrls: seoUrlsOf ? (seoUrlsOf.get(product.id) ?? []) : undefined,
    }),
  );
}

/**
 * Shopware's ProductListingResult: the page of products with the sorting, the filters as applied
 * (`currentFilters`) and the aggregations a filter panel shows, keyed by name with Shopware's
 * `<name>_aggregation` aliases.
 */
export function productListingJson(listing: ProductListing, elements: StoreProductJson[], navigationId: string, search?: string) {
  const { filters, aggregations } = listing;
  return {
    total: listing.total,
    aggregations: aggregations === null ? {} : aggregationsJson(aggregations),
    page: listing.page,
    limit: listing.limit,
    elements,
    sorting: listing.sorting,
    currentFilters: {
      navigationId,
      manufacturer: filters.manufacturer,
      price: { min: filters.minPrice ?? 0, max: filters.maxPrice ?? 0 },
      rating: filters.rating,
      'shipping-free': filters.shippingFree,
      properties: filters.properties,
      ...(search === undefined ? {} : { search }),
    },
    availableSortings: availableSortingsJson(),
    entity: 'product',
    apiAlias: 'product_listing',
  };
}

function aggregationsJson(aggregations: NonNullable<ProductListing['aggregations']>): Record<string, object> {
  const result: Record<string, object> = {};
  if (aggregations.manufacturer) result.manufacturer = { entities: aggregations.manufacturer, apiAlias: 'manufacturer_aggregation' };
  if (aggregations.price) result.price = { min: aggregations.price.min, max: aggregations.price.max, avg: null, sum: null, apiAlias: 'price_aggregation' };
  if (aggregations.rating !== undefined) result.rating = { max: aggregations.rating, apiAlias: 'rating_aggregation' };
  // Shopware's max over the shipping-free products: 1 when there is one, null otherwise
  if (aggregations.shippingFree !== undefined) result['shipping-free'] = { max: aggregations.shippingFree ? 1 : null, apiAlias: 'shipping-free_aggregation' };
  if (aggregations.properties) result.properties = { entities: aggregations.properties, apiAlias: 'properties_aggregation' };
  return result;
}

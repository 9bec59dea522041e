import { readListingRequest, type ListingFilters, type ListingRequest } from '../../catalog/store/product-listing-request.js';
import type { ListingAggregations, ProductListing } from '../../catalog/store/product-listing.js';
import { LISTING_SORTINGS } from '../../catalog/store/product-listing-sortings.js';
import { pageParameter, paginate } from './paging.js';

/** The storefront's listing query (Shopware's parameter names), read leniently: nonsense is no filter. */
export function listingRequestOf(query: Readonly<Record<string, unknown>>, limit: number): ListingRequest {
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string).trim() : '');
  const price = (name: string) => {
    const value = Number(text(name).replace(',', '.'));
    return text(name) !== '' && Number.isFinite(value) && value >= 0 ? value : undefined;
  };
  // checkboxes send repeated fields (manufacturer=a&manufacturer=b), links send Shopware's `a|b`
  const ids = (name: string) => (Array.isArray(query[name]) ? (query[name] as unknown[]).filter((id) => typeof id === 'string').join('|') : text(name));
  const rating = Number(text('rating'));
  const request = readListingRequest({
    order: text('order') || undefined,
    manufacturer: ids('manufacturer'),
    properties: ids('properties'),
    'min-price': price('min-price'),
    'max-price': price('max-price'),
    rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : undefined,
    'shipping-free': text('shipping-free'),
  });
  return { ...request, page: pageParameter(query.p), limit };
}

/** The filters as query parameters (`id|id` lists), for the paging and sorting links. */
export function filterParameters(filters: ListingFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.manufacturer.length > 0) params.manufacturer = filters.manufacturer.join('|');
  if (filters.properties.length > 0) params.properties = filters.properties.join('|');
  if (filters.minPrice !== null) params['min-price'] = String(filters.minPrice);
  if (filters.maxPrice !== null) params['max-price'] = String(filters.maxPrice);
  if (filters.rating !== null) params.rating = String(filters.rating);
  if (filters.shippingFree) params['shipping-free'] = '1';
  return params;
}

/** What the filter panel shows: the aggregations' choices with the active ones checked. */
export function filterPanel(aggregations: ListingAggregations | null, filters: ListingFilters) {
  const chosen = (ids: string[], id: string) => ids.includes(id);
  const ratingMax = aggregations?.rating ?? null;
  return {
    active: Object.keys(filterParameters(filters)).length > 0,
    manufacturers: (aggregations?.manufacturer ?? []).map((m) => ({ id: m.id, name: m.name, checked: chosen(filters.manufacturer, m.id) })),
    propertyGroups: (aggregations?.properties ?? []).map((group) => ({
      id: group.id,
      name: group.name,
      options: group.options.map((option) => ({ id: option.id, name: option.name, checked: chosen(filters.properties, option.id) })),
    })),
    price: { min: filters.minPrice, max: filters.maxPrice, lowest: aggregations?.price?.min ?? null, highest: aggregations?.price?.max ?? null },
    // a minimum rating the listing can reach (Shopware offers the stars up to the best average)
    ratings: ratingMax === null && filters.rating === null ? [] : [4, 3, 2, 1].filter((n) => n <= Math.max(ratingMax ?? 0, filters.rating ?? 0)).map((n) => ({ value: n, checked: filters.rating === n })),
    ratingChosen: filters.rating !== null,
    shippingFree: { offered: aggregations?.shippingFree === true || filters.shippingFree, checked: filters.shippingFree },
  };
}

/** `path?params&p=n` with the filters and a non-default sorting kept. */
export function listingUrl(path: string, base: Record<string, string>, filters: ListingFilters, sort: string, page?: number): string {
  const params = new URLSearchParams({ ...base, ...filterParameters(filters), ...(sort === 'name-asc' ? {} : { order: sort }), ...(page ? { p: String(page) } : {}) });
  const query = params.toString();
  return query === '' ? path : `${path}?${query}`;
}

const NO_FILTERS: ListingFilters = { manufacturer: [], properties: [], minPrice: null, maxPrice: null, rating: null, shippingFree: false };

/**
 * The listing's controls for a page at `path` (`base`: query parameters every link keeps, e.g. the search
 * term): page links and the sort form keep the filters, the reset link drops them and keeps the sorting.
 */
export function listingControls(path: string, base: Record<string, string>, listing: Pick<ProductListing, 'total' | 'page' | 'limit' | 'sorting' | 'filters' | 'aggregations'>) {
  const { filters, sorting } = listing;
  return {
    pagination: paginate(listing.total, listing.page, listing.limit, (n) => listingUrl(path, base, filters, sorting, n)),
    sort: sorting,
    sortOptions: LISTING_SORTINGS.map((option) => ({ value: option.key, label: option.label })),
    filters: filterPanel(listing.aggregations, filters),
    // hidden fields of the sort form, so a new sorting keeps the filters
    keptFilters: Object.entries(filterParameters(filters)).map(([name, value]) => ({ name, value })),
    resetUrl: listingUrl(path, base, NO_FILTERS, sorting),
    hiddenFields: Object.entries(base).map(([name, value]) => ({ name, value })),
    // where a card's quick-add form comes back to: this very page
    returnTo: listingUrl(path, base, filters, sorting, listing.page > 1 ? listing.page : undefined),
  };
}

import { Type } from '@sinclair/typebox';
import { isId } from '../../ids.js';
import { STORE_API_MAX_LIMIT } from './store-api-criteria.js';

/** Products per page when a listing request names no limit (Shopware's `core.listing.productsPerPage`). */
export const LISTING_DEFAULT_LIMIT = 24;

/** The listing filters Shopware's listing routes take, by the name their aggregation and `currentFilters` entry carry. */
export const LISTING_FILTER_NAMES = ['manufacturer', 'price', 'rating', 'shipping-free', 'properties'] as const;
export type ListingFilterName = (typeof LISTING_FILTER_NAMES)[number];

export interface ListingFilters {
  /** Manufacturer ids (any of them). */
  manufacturer: string[];
  /** Property or variant option ids: options of one group are alternatives, groups must all match. */
  properties: string[];
  /** Gross price bounds in major units of the context currency. */
  minPrice: number | null;
  maxPrice: number | null;
  /** Minimum average rating (1-5) of the product's approved reviews. */
  rating: number | null;
  shippingFree: boolean;
}

export interface ListingRequest {
  /** 1-based. */
  page: number;
  limit: number;
  /** The sorting key asked for; unknown keys fall back to the default sorting (Shopware's behaviour). */
  order: string | undefined;
  filters: ListingFilters;
  /** Filters switched off (`manufacturer-filter: false`...): neither applied nor aggregated. */
  disabled: ReadonlySet<ListingFilterName>;
  /** Property groups whose options the properties aggregation lists (`property-whitelist`); null: every filterable group. */
  propertyWhitelist: string[] | null;
  /** `no-aggregations`: the products only; `only-aggregations`: the aggregations only (no products, total 0). */
  aggregations: 'all' | 'none' | 'only';
  /** `reduce-aggregations`: each aggregation counts the products the other active filters leave. */
  reduceAggregations: boolean;
}

const IdList = Type.Union([Type.String({ maxLength: 10_000 }), Type.Array(Type.String({ maxLength: 64 }), { maxItems: 200 })], {
  description: 'Ids separated by `|`, or a list.',
});
const Flag = (description: string) => Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 10 }), Type.Integer(), Type.Null()], { description }));

/**
 * Shopware's listing parameters (ProductListingCriteria and ProductListingFlags), for the query string
 * and the body of the listing, search and suggest routes. Query values arrive as text and are coerced.
 */
export const ListingParameters = {
  order: Type.Optional(Type.String({ maxLength: 255, description: 'Sorting key: `name-asc` (default), `name-desc`, `price-asc`, `price-desc`. Unknown keys use the default.' })),
  p: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'Page, 1-based.' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: STORE_API_MAX_LIMIT, description: `Products per page (default ${LISTING_DEFAULT_LIMIT}).` })),
  manufacturer: Type.Optional(IdList),
  properties: Type.Optional(IdList),
  'min-price': Type.Optional(Type.Number({ minimum: 0, maximum: 1e12, description: 'Lowest gross price, major units of the context currency.' })),
  'max-price': Type.Optional(Type.Number({ minimum: 0, maximum: 1e12, description: 'Highest gross price, major units of the context currency.' })),
  rating: Type.Optional(Type.Integer({ minimum: 0, maximum: 5, description: 'Lowest average rating of approved reviews.' })),
  'shipping-free': Flag('Only products shipped for free.'),
  'manufacturer-filter': Flag('false: no manufacturer filter nor aggregation.'),
  'price-filter': Flag('false: no price filter nor aggregation.'),
  'rating-filter': Flag('false: no rating filter nor aggregation.'),
  'shipping-free-filter': Flag('false: no shipping-free filter nor aggregation.'),
  'property-filter': Flag('false: no property filter nor aggregation.'),
  'property-whitelist': Type.Optional(IdList),
  'no-aggregations': Flag('Set: no aggregations.'),
  'only-aggregations': Flag('Set: aggregations only, no products.'),
  'reduce-aggregations': Flag('Set: each aggregation applies the other active filters.'),
};

const FILTER_SWITCHES: Record<ListingFilterName, string> = {
  manufacturer: 'manufacturer-filter',
  price: 'price-filter',
  rating: 'rating-filter',
  'shipping-free': 'shipping-free-filter',
  properties: 'property-filter',
};

/**
 * The listing parameters of a request; `input` is the query string merged with the body (the body wins).
 * Ill-typed values were refused by the route's schema already; what remains is Shopware's leniency:
 * malformed ids in id lists are left out, flags accept `1`, `"1"`, `"true"`, `true`.
 */
export function readListingRequest(input: Readonly<Record<string, unknown>>): ListingRequest {
  const disabled = new Set<ListingFilterName>();
  for (const name of LISTING_FILTER_NAMES) if (input[FILTER_SWITCHES[name]] !== undefined && !flag(input[FILTER_SWITCHES[name]])) disabled.add(name);
  const whitelist = idList(input['property-whitelist']);
  return {
    page: numberOr(input.p, 1),
    limit: numberOr(input.limit, LISTING_DEFAULT_LIMIT),
    order: typeof input.order === 'string' && input.order !== '' ? input.order : undefined,
    filters: {
      manufacturer: idList(input.manufacturer),
      properties: idList(input.properties),
      minPrice: typeof input['min-price'] === 'number' ? input['min-price'] : null,
      maxPrice: typeof input['max-price'] === 'number' && input['max-price'] > 0 ? input['max-price'] : null,
      rating: typeof input.rating === 'number' ? input.rating : null,
      shippingFree: flag(input['shipping-free']),
    },
    disabled,
    propertyWhitelist: whitelist.length > 0 ? whitelist : null,
    aggregations: flag(input['only-aggregations']) ? 'only' : flag(input['no-aggregations']) ? 'none' : 'all',
    reduceAggregations: flag(input['reduce-aggregations']),
  };
}

/** Which filters narrow the listing, as Shopware decides it (a price filter counts from a bound above 0). */
export function activeFilters(request: ListingRequest): Set<ListingFilterName> {
  const { filters, disabled } = request;
  const active = new Set<ListingFilterName>();
  if (filters.manufacturer.length > 0) active.add('manufacturer');
  if (filters.minPrice !== null || filters.maxPrice !== null) active.add('price');
  if (filters.rating !== null) active.add('rating');
  if (filters.shippingFree) active.add('shipping-free');
  if (filters.properties.length > 0) active.add('properties');
  for (const name of disabled) active.delete(name);
  return active;
}

function idList(value: unknown): string[] {
  const list = typeof value === 'string' ? value.split('|') : Array.isArray(value) ? value : [];
  return [...new Set(list.filter((id): id is string => typeof id === 'string').map((id) => id.trim().toLowerCase()).filter(isId))].sort();
}

/** Shopware reads flags with PHP's truthiness: absent, null, false, 0, "0" and "" are off. */
function flag(value: unknown): boolean {
  if (typeof value === 'string') return value !== '' && value !== '0' && value.toLowerCase() !== 'false';
  return Boolean(value);
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;
}

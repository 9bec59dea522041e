import { sql, type RawBuilder } from 'kysely';
import { CURRENCY_DEFAULT } from '../../first-start/default-ids.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { defaultShopId } from '../../first-start/default-ids.js';
import { productNameSql } from './product-translation.js';

/** Shopware's default product sortings: key, label and priority (higher first in a sorting select box). */
export const LISTING_SORTINGS = [
  { key: 'name-asc', label: 'Name A-Z', priority: 4 },
  { key: 'name-desc', label: 'Name Z-A', priority: 3 },
  { key: 'price-asc', label: 'Price ascending', priority: 2 },
  { key: 'price-desc', label: 'Price descending', priority: 1 },
] as const;

export type ListingSortKey = (typeof LISTING_SORTINGS)[number]['key'];
export const LISTING_SORT_KEYS = LISTING_SORTINGS.map((sorting) => sorting.key) as readonly ListingSortKey[];
export const DEFAULT_LISTING_SORT: ListingSortKey = 'name-asc';

export function isListingSortKey(key: unknown): key is ListingSortKey {
  return typeof key === 'string' && (LISTING_SORT_KEYS as readonly string[]).includes(key);
}

/** The sorting a request gets: the one asked for when it exists, else the default (as Shopware falls back). */
export function resolveListingSort(key: string | undefined): ListingSortKey {
  return isListingSortKey(key) ? key : DEFAULT_LISTING_SORT;
}

/** The sortings as Shopware's `availableSortings` lists them (`product_sorting` entities), by priority. */
export function availableSortingsJson() {
  return LISTING_SORTINGS.map((sorting) => ({
    id: defaultShopId('product_sorting', sorting.key),
    key: sorting.key,
    priority: sorting.priority,
    active: true,
    label: sorting.label,
    translated: { label: sorting.label },
    apiAlias: 'product_sorting' as const,
  }));
}

/**
 * The gross price of product row `alias` in the context currency (major units): its own price in that
 * currency, else the default currency's times the factor, as the product's price itself is resolved.
 */
export function grossPriceSql(alias: string, context: SalesChannelContext): RawBuilder<number> {
  const t = sql.ref(alias);
  const gross = (currencyId: string) =>
    sql`(SELECT (entry->>'gross')::numeric FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${t}.price) = 'array' THEN ${t}.price ELSE '[]'::jsonb END) AS entry WHERE entry->>'currencyId' = ${currencyId} LIMIT 1)`;
  return sql<number>`coalesce(${gross(context.currency.id)}, ${gross(CURRENCY_DEFAULT)} * ${String(context.currency.factor)}::numeric)`;
}

/**
 * ORDER BY items of a sorting on product row `alias`; the caller adds the id as the last tie-breaker. Names sort
 * as the shopper reads them: in the context's language.
 */
export function listingOrderBySql(alias: string, sort: ListingSortKey, context: SalesChannelContext): RawBuilder<unknown>[] {
  const name = productNameSql(alias, context.languageId);
  switch (sort) {
    case 'name-asc':
      return [sql`${name} ASC`];
    case 'name-desc':
      return [sql`${name} DESC`];
    case 'price-asc':
    case 'price-desc':
      return [sql`${grossPriceSql(alias, context)} ${sql.raw(sort === 'price-asc' ? 'ASC' : 'DESC')}`, sql`${name} ASC`];
  }
}

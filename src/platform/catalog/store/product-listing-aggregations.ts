import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import type { EntityRegistry } from '../../entities/registry.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { toMajorNumber } from '../../checkout/money/money.js';
import { familyRatingsSql, propertyOwnerSql } from './product-listing-filters.js';
import { listedMatches, type ProductListingQuery } from './product-listing-query.js';
import type { ListingFilterName } from './product-listing-request.js';
import { grossPriceSql } from './product-listing-sortings.js';

/** What a listing's aggregations found among its products (entities are loaded from these ids). */
export interface ListingAggregationValues {
  manufacturerIds?: string[];
  /** Gross, major units of the context currency; null without products. */
  price?: { min: number | null; max: number | null };
  /** The best average rating of a product family; null without approved reviews. */
  ratingMax?: number | null;
  /** Whether any product ships for free. */
  shippingFree?: boolean;
  /** Property and variant option ids of the products. */
  optionIds?: string[];
}

/** One aggregation run: the filters' names it computes and the extra conditions (other filters) it applies. */
export interface AggregationRun {
  names: ReadonlySet<ListingFilterName>;
  conditions: (alias: string) => RawBuilder<SqlBool>[];
  /** Names the extra conditions for the cache (JSON of the filter values applied). */
  key: string;
}

/**
 * Computes the values of the named aggregations over the products a listing matches (the query's
 * base conditions plus the run's own): one statement per run. The listing keeps what it builds from
 * them (product-listing.ts, listing-cache.ts).
 */
export async function aggregateListing(
  within: Db | UnitOfWork,
  registry: EntityRegistry,
  context: SalesChannelContext,
  base: Pick<ProductListingQuery, 'criteria' | 'minVisibility' | 'extraConditions'>,
  runs: readonly AggregationRun[],
): Promise<ListingAggregationValues> {
  const values: ListingAggregationValues = {};
  for (const run of runs) if (run.names.size > 0) Object.assign(values, await computeAggregations(within, registry, context, base, run));
  return values;
}

async function computeAggregations(
  within: Db | UnitOfWork,
  registry: EntityRegistry,
  context: SalesChannelContext,
  base: Pick<ProductListingQuery, 'criteria' | 'minVisibility' | 'extraConditions'>,
  run: AggregationRun,
): Promise<ListingAggregationValues> {
  const { from, where } = listedMatches(registry, context, {
    ...base,
    extraConditions: (alias) => [...(base.extraConditions?.(alias) ?? []), ...run.conditions(alias)],
  });
  const wants = (name: ListingFilterName) => run.names.has(name);
  const none = sql`NULL`;
  const row = (
    await sql<Record<string, unknown>>`
    WITH m AS MATERIALIZED (
      SELECT t0.id, t0.parent_id, t0.manufacturer_id, t0.shipping_free, ${grossPriceSql('t0', context)} AS price FROM ${from} WHERE ${where}
    )
    SELECT
      ${wants('manufacturer') ? sql`(SELECT coalesce(json_agg(DISTINCT replace(manufacturer_id::text, '-', '')), '[]') FROM m WHERE manufacturer_id IS NOT NULL)` : none} AS manufacturers,
      ${wants('price') ? sql`(SELECT min(price) FROM m)` : none} AS price_min,
      ${wants('price') ? sql`(SELECT max(price) FROM m)` : none} AS price_max,
      ${wants('rating') ? sql`(SELECT max(ratings.rating) FROM ${familyRatingsSql} AS ratings WHERE ratings.family IN (SELECT coalesce(parent_id, id) FROM m))` : none} AS rating_max,
      ${wants('shipping-free') ? sql`EXISTS (SELECT 1 FROM m WHERE shipping_free)` : none} AS shipping_free,
      ${
        wants('properties')
          ? sql`(SELECT coalesce(json_agg(DISTINCT replace(o::text, '-', '')), '[]') FROM (
              SELECT po.property_group_option_id AS o FROM product_option po WHERE po.product_id IN (SELECT id FROM m)
              UNION ALL
              SELECT pp.property_group_option_id FROM product_property pp WHERE pp.product_id IN (SELECT ${propertyOwnerSql(sql.ref('m'))} FROM m)
            ) AS options)`
          : none
      } AS options`.execute(executorOf(within))
  ).rows[0]!;
  const decimals = context.currency.decimals;
  // prices are rounded to the currency as the products' own prices are
  const money = (value: unknown) => (value === null ? null : toMajorNumber(Math.round(Number(value) * 10 ** decimals), decimals));
  const values: ListingAggregationValues = {};
  if (wants('manufacturer')) values.manufacturerIds = jsonList(row.manufacturers);
  if (wants('price')) values.price = { min: money(row.price_min), max: money(row.price_max) };
  if (wants('rating')) values.ratingMax = row.rating_max === null ? null : Number(row.rating_max);
  if (wants('shipping-free')) values.shippingFree = row.shipping_free === true;
  if (wants('properties')) values.optionIds = jsonList(row.options);
  return values;
}

function jsonList(value: unknown): string[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? (list as string[]).sort() : [];
}

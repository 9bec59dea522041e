import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { grossPriceSql } from './product-listing-sortings.js';
import type { ListingFilterName, ListingFilters } from './product-listing-request.js';

/** The property filter's options by their group: alternatives within a group, every group must match. */
export type PropertyFilterGroups = ReadonlyArray<readonly string[]>;

/** Groups the asked option ids by property group; unknown ids are left out (Shopware's behaviour). */
export async function propertyFilterGroups(within: Db | UnitOfWork, optionIds: readonly string[]): Promise<PropertyFilterGroups> {
  if (optionIds.length === 0) return [];
  const rows = await executorOf(within).selectFrom('property_group_option').select(['id', 'group_id']).where('id', 'in', [...optionIds]).execute();
  const byGroup = new Map<string, string[]>();
  for (const row of rows) byGroup.set(row.group_id as string, [...(byGroup.get(row.group_id as string) ?? []), row.id as string]);
  return [...byGroup.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, options]) => options.sort());
}

/**
 * A product family's rating: the average points of the approved reviews of the parent and all its
 * variants (Shopware's `ratingAverage`, which variants share with their parent). Uncorrelated, so a
 * listing hashes it once.
 */
export const familyRatingsSql = sql`(SELECT coalesce(rp.parent_id, rp.id) AS family, avg(r.points) AS rating
  FROM product_review r JOIN product rp ON rp.id = r.product_id WHERE r.status GROUP BY 1)`;

/** The product's properties: its own, else its parent's (inherited as a whole). */
export const propertyOwnerSql = (t: RawBuilder<unknown>) =>
  sql`(CASE WHEN ${t}.id IN (SELECT own.product_id FROM product_property own) THEN ${t}.id ELSE ${t}.parent_id END)`;

/**
 * The SQL conditions of the listing filters named in `apply`, on product row `alias` of the listing
 * (inherited columns resolved). Every set is uncorrelated, so PostgreSQL hashes it once per statement.
 */
export function listingFilterSql(
  alias: string,
  context: SalesChannelContext,
  filters: ListingFilters,
  properties: PropertyFilterGroups,
  apply: ReadonlySet<ListingFilterName>,
): RawBuilder<SqlBool>[] {
  const t = sql.ref(alias);
  const conditions: RawBuilder<SqlBool>[] = [];
  if (apply.has('manufacturer')) conditions.push(sql<SqlBool>`${t}.manufacturer_id = ANY(${filters.manufacturer}::uuid[])`);
  if (apply.has('price')) {
    const price = grossPriceSql(alias, context);
    if (filters.minPrice !== null) conditions.push(sql<SqlBool>`${price} >= ${filters.minPrice}`);
    if (filters.maxPrice !== null) conditions.push(sql<SqlBool>`${price} <= ${filters.maxPrice}`);
  }
  if (apply.has('rating') && filters.rating !== null) {
    conditions.push(sql<SqlBool>`coalesce(${t}.parent_id, ${t}.id) IN (SELECT family FROM ${familyRatingsSql} AS ratings WHERE rating >= ${filters.rating})`);
  }
  if (apply.has('shipping-free')) conditions.push(sql<SqlBool>`${t}.shipping_free`);
  if (apply.has('properties')) {
    // unknown option ids filter nothing (Shopware's behaviour: they form no group)
    for (const options of properties) {
      // a variant matches by its options or by its properties (own, else the parent's)
      conditions.push(sql<SqlBool>`(${t}.id IN (SELECT po.product_id FROM product_option po WHERE po.property_group_option_id = ANY(${options}::uuid[]))
        OR ${propertyOwnerSql(t)} IN (SELECT pp.product_id FROM product_property pp WHERE pp.property_group_option_id = ANY(${options}::uuid[])))`);
    }
  }
  return conditions;
}

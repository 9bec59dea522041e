import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../database/connection.js';
import { executorOf, isUnitOfWork, type UnitOfWork } from '../../database/transaction.js';
import { CriteriaSql } from '../../entities/criteria/to-sql.js';
import type { Criteria } from '../../entities/criteria/types.js';
import { columnName, type EntityDefinition } from '../../entities/definition.js';
import type { EntityRegistry } from '../../entities/registry.js';
import { readableFields } from '../../entities/serializer.js';
import { CURRENCY_DEFAULT } from '../../first-start/default-ids.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { listingPagesOf, mentionsUnversionedField } from './listing-cache.js';
import { channelVisibilityJoins, channelVisibilitySql, type VisibilityLevel } from './visibility-sql.js';

/** Product columns a variant inherits from its parent when it leaves them NULL. */
const INHERITED_COLUMNS = new Set(['name', 'description', 'price', 'tax_id', 'manufacturer_id', 'active', 'cover_id']);

export interface ProductListingQuery {
  /** Client criteria (filters, term, sort, ids, paging) evaluated on the products with inherited values. */
  criteria: Criteria;
  minVisibility: VisibilityLevel;
  /** Further conditions on the root alias `t0` (e.g. category membership). */
  extraConditions?: (alias: string) => RawBuilder<SqlBool>[];
  /** Replaces the criteria's sorting (ORDER BY items on `t0`); the id stays the final tie-breaker. */
  orderBy?: (alias: string) => RawBuilder<unknown>[];
  /** 'exact' counts all matches whatever the criteria says (storefront paging). */
  totalCountMode?: Criteria['totalCountMode'];
  /**
   * One entry per product family (category listings and search, as Shopware's listing loader): of the
   * matching variants of a parent only the first available one by product number is listed (else the
   * first), and the total counts families. Without it every matching variant is listed (criteria search).
   */
  groupVariants?: boolean;
  /**
   * Names what `extraConditions` and `orderBy` add (e.g. `category:<id>:nested:name-asc`), so pages can
   * be cached per catalogue version; a query with either and no key is computed every time.
   */
  cacheKey?: string;
}

export interface ProductListingIds {
  total: number;
  ids: string[];
}

/**
 * Finds the ids of the products a sales channel lists. The products are read through a derived table
 * where a variant's NULL fields carry its parent's values, so client filters, the search term and
 * sortings see what the shopper sees. Listed are products that
 *   - are active (inherited), visible in the channel with at least `minVisibility` (inherited),
 *   - have a name, a tax and a price in the context's currency or the default currency,
 *   - have no variants themselves: a parent with variants is a container whose variants are listed
 *     instead: each of them, or with `groupVariants` one per family.
 * These are the conditions `loadSalesChannelProducts` applies too, so totals match the loaded pages.
 * Outside a transaction pages come from the listing cache while the catalogue version stands.
 */
export async function searchListedProductIds(
  within: Db | UnitOfWork,
  registry: EntityRegistry,
  context: SalesChannelContext,
  query: ProductListingQuery,
): Promise<ProductListingIds> {
  const key = cacheKeyOf(within, context, query);
  if (key === undefined) return computeListedProductIds(within, registry, context, query);
  const page = await listingPagesOf(within as Db).get(key, () => computeListedProductIds(within, registry, context, query));
  return { total: page.total, ids: [...page.ids] };
}

/**
 * The listing cache's key: everything the page depends on besides the catalogue. None inside a
 * transaction (its own uncommitted writes are not in the version yet), for a query whose extra SQL is
 * not named, and for criteria on fields that change without raising the version.
 */
function cacheKeyOf(within: Db | UnitOfWork, context: SalesChannelContext, query: ProductListingQuery): string | undefined {
  if (isUnitOfWork(within) || within.isTransaction) return undefined;
  if ((query.extraConditions || query.orderBy) && query.cacheKey === undefined) return undefined;
  if (mentionsUnversionedField(query.criteria)) return undefined;
  const { salesChannel, currency } = context;
  // the language: name sortings follow its translations
  return JSON.stringify([salesChannel.id, currency.id, String(currency.factor), context.languageId, query.minVisibility, query.groupVariants === true, query.totalCountMode ?? null, query.cacheKey ?? null, query.criteria]);
}

async function computeListedProductIds(
  within: Db | UnitOfWork,
  registry: EntityRegistry,
  context: SalesChannelContext,
  query: ProductListingQuery,
): Promise<ProductListingIds> {
  const exec = executorOf(within);
  const def = registry.get('product');
  const builder = new CriteriaSql(registry);
  const { from, where } = listedMatches(registry, context, query, builder);
  const order = query.orderBy ? sql.join([...query.orderBy('t0'), sql`t0.id ASC`]) : sql.join(builder.orderBy(def, 't0', query.criteria.sort));
  const { criteria } = query;
  const paged = !criteria.ids && criteria.limit !== undefined;
  const offset = paged ? criteria.limit! * ((criteria.page ?? 1) - 1) : 0;
  const paging = paged ? sql`LIMIT ${criteria.limit} OFFSET ${offset}` : sql``;
  // the matching rows; grouped, one representative per family (sortings then see that variant's values)
  const matches = query.groupVariants
    ? sql`(SELECT DISTINCT ON (coalesce(t0.parent_id, t0.id)) t0.* FROM ${from} WHERE ${where}
        ORDER BY coalesce(t0.parent_id, t0.id), (t0.stock > 0 OR NOT t0.is_closeout) DESC, t0.product_number ASC, t0.id ASC) AS t0`
    : sql`${from} WHERE ${where}`;
  const mode = criteria.ids ? 'none' : (query.totalCountMode ?? criteria.totalCountMode ?? 'none');
  // an exact total rides on the page as a window count: the matches are found once, not twice
  const withTotal = mode === 'exact' && paged;
  const rows = await sql<{ id: string; total?: string }>`SELECT t0.id${withTotal ? sql`, count(*) OVER () AS total` : sql``} FROM ${matches} ORDER BY ${order} ${paging}`.execute(exec);
  const ids = rows.rows.map((row) => row.id);

  if (mode === 'none' || !paged) return { total: ids.length, ids };
  if (mode === 'exact') {
    if (rows.rows.length > 0) return { total: Number(rows.rows[0]!.total), ids };
    // a page past the end has no row to carry the count; the first page is simply empty
    if (offset === 0) return { total: 0, ids };
    const count = await sql<{ count: number }>`SELECT count(*) AS count FROM ${matches}`.execute(exec);
    return { total: Number(count.rows[0]?.count ?? 0), ids };
  }
  // next-pages: matches up to five pages ahead of this page's start (as the entity reader counts)
  const ahead = await sql<{ count: number }>`SELECT count(*) AS count FROM (SELECT t0.id FROM ${matches} OFFSET ${offset} LIMIT ${criteria.limit! * 6 + 1}) AS w`.execute(exec);
  return { total: offset + Number(ahead.rows[0]?.count ?? 0), ids };
}

/**
 * The rows a listing matches before variants are grouped and the page is cut, as `FROM ${from} WHERE ${where}`
 * over the alias `t0` (inherited columns resolved): the listing's page reads them, and so do its
 * aggregations (product-listing-aggregations.ts), so both always see the same products.
 */
export function listedMatches(
  registry: EntityRegistry,
  context: SalesChannelContext,
  query: Pick<ProductListingQuery, 'criteria' | 'minVisibility' | 'extraConditions'>,
  builder = new CriteriaSql(registry),
): { from: RawBuilder<unknown>; where: RawBuilder<SqlBool> } {
  const def = registry.get('product');
  const from = sql`(${inheritedProducts(def, context.salesChannel.id)}) AS t0`;
  const where = sql.join(
    [
      ...listingConditions('t0', context, query.minVisibility),
      ...(query.extraConditions?.('t0') ?? []),
      ...builder.conditions(def, 't0', query.criteria),
    ],
    sql` AND `,
  ) as RawBuilder<SqlBool>;
  return { from, where };
}

/**
 * Every product column under its own name, the inherited ones resolved from the parent, and the product's
 * visibility in the channel as `__visibility`.
 */
function inheritedProducts(def: EntityDefinition, salesChannelId: string): RawBuilder<unknown> {
  const columns = readableFields(def).map(([name, field]) => {
    const column = columnName(name, field);
    return INHERITED_COLUMNS.has(column)
      ? sql`coalesce(${sql.ref(`p.${column}`)}, ${sql.ref(`parent.${column}`)}) AS ${sql.id(column)}`
      : sql`${sql.ref(`p.${column}`)}`;
  });
  return sql`SELECT ${sql.join(columns)}, ${channelVisibilitySql('p')} AS ${sql.id(VISIBILITY_COLUMN)}
    FROM product p
    LEFT JOIN product parent ON parent.id = p.parent_id
    ${channelVisibilityJoins('p', salesChannelId)}`;
}

/** The derived table's column holding the product's visibility in the context's channel. */
const VISIBILITY_COLUMN = '__visibility';

function listingConditions(alias: string, context: SalesChannelContext, minVisibility: VisibilityLevel): RawBuilder<SqlBool>[] {
  const t = sql.ref(alias);
  return [
    // `active` left empty all the way up means active: a product created without it is on sale
    sql<SqlBool>`coalesce(${t}.active, true)`,
    sql<SqlBool>`${sql.ref(`${alias}.${VISIBILITY_COLUMN}`)} >= ${minVisibility}`,
    sql<SqlBool>`${t}.name IS NOT NULL AND ${t}.tax_id IS NOT NULL`,
    sql<SqlBool>`EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${t}.price) = 'array' THEN ${t}.price ELSE '[]'::jsonb END) AS entry
      WHERE entry->>'currencyId' IN (${context.currency.id}, ${CURRENCY_DEFAULT}))`,
    sql<SqlBool>`NOT EXISTS (SELECT 1 FROM product child WHERE child.parent_id = ${t}.id)`,
  ];
}

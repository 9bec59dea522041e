import { sql, type RawBuilder } from 'kysely';

/** Shopware's visibility levels: 10 reachable by link only, 20 also found by search, 30 also listed. */
export type VisibilityLevel = 10 | 20 | 30;

/**
 * LEFT JOINs of product row `alias`'s and its parent's visibility rows in `salesChannelId`, which
 * `channelVisibilitySql` reads. Joins rather than per-row subqueries, so over a whole catalogue
 * PostgreSQL can hash them instead of probing an index once per product.
 */
export function channelVisibilityJoins(alias: string, salesChannelId: string): RawBuilder<unknown> {
  const p = sql.ref(alias);
  return sql`LEFT JOIN product_visibility own_visibility ON own_visibility.product_id = ${p}.id AND own_visibility.sales_channel_id = ${salesChannelId}
    LEFT JOIN product_visibility parent_visibility ON parent_visibility.product_id = ${p}.parent_id AND parent_visibility.sales_channel_id = ${salesChannelId}`;
}

/**
 * The visibility of product row `alias` in the joined channel (NULL = not visible); needs
 * `channelVisibilityJoins` in the same FROM. `visibilities` is an inherited association: a variant without
 * visibility rows of its own uses its parent's, a variant with rows uses only its own (like Shopware's
 * inheritance of to-many fields), so one with rows for other channels only is hidden here.
 */
export function channelVisibilitySql(alias: string): RawBuilder<number | null> {
  return sql<number | null>`CASE
    WHEN own_visibility.visibility IS NOT NULL THEN own_visibility.visibility
    WHEN EXISTS (SELECT 1 FROM product_visibility own WHERE own.product_id = ${sql.ref(alias)}.id) THEN NULL
    ELSE parent_visibility.visibility END`;
}

import { sql, type RawBuilder } from 'kysely';

/** Shopware's visibility levels: 10 reachable by link only, 20 also found by search, 30 also listed. */
export type VisibilityLevel = 10 | 20 | 30;

/**
 * The visibility of product row `alias` in `salesChannelId`, as a SQL expression (NULL = not visible).
 * `visibilities` is an inherited association: a variant without visibility rows of its own uses its
 * parent's, a variant with rows uses only its own (like Shopware's inheritance of to-many fields).
 */
export function effectiveVisibilitySql(alias: string, salesChannelId: string): RawBuilder<number | null> {
  const p = sql.ref(alias);
  return sql<number | null>`CASE
    WHEN EXISTS (SELECT 1 FROM product_visibility own WHERE own.product_id = ${p}.id)
      THEN (SELECT v.visibility FROM product_visibility v WHERE v.product_id = ${p}.id AND v.sales_channel_id = ${salesChannelId})
    ELSE (SELECT v.visibility FROM product_visibility v WHERE v.product_id = ${p}.parent_id AND v.sales_channel_id = ${salesChannelId})
  END`;
}

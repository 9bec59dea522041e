import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import { AppError } from '../../errors/app-error.js';
import { isId } from '../../ids.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { PRODUCT_VISIBILITY } from '../entities.js';
import { loadSalesChannelProducts } from './sales-channel-product-loader.js';

export interface FoundCombination {
  variantId: string;
  /** The options the variant was found with (fewer than asked when the full combination does not exist). */
  options: string[];
}

export function variantNotFound(productId: string, options: unknown): AppError {
  return new AppError(404, 'CONTENT__PRODUCT_VARIANT_NOT_FOUND', `Variant for productId ${productId} with options ${JSON.stringify(options)} not found.`, {
    meta: { parameters: { productId, options: JSON.stringify(options) } },
  });
}

/**
 * Shopware's FindProductVariantRoute: the variant of `productId` carrying every option, as the
 * configurator asks when a shopper picks one. When no variant has the whole combination, options are
 * dropped one at a time, first to last, sparing the group just switched (`switchedGroup`, when the
 * options are given by group), until one matches. Only variants the channel sells count (active,
 * visible, priced). None: 404 `CONTENT__PRODUCT_VARIANT_NOT_FOUND`.
 */
export async function findProductVariant(
  within: Db | UnitOfWork,
  context: SalesChannelContext,
  productId: string,
  options: readonly string[] | Readonly<Record<string, string>>,
  switchedGroup?: string,
): Promise<FoundCombination> {
  if (!isId(productId)) throw variantNotFound(productId, options);
  let entries = Array.isArray(options) ? options.map((option, index) => [String(index), option] as const) : Object.entries(options);
  const search = async (): Promise<string | undefined> => {
    const optionIds = entries.map(([, option]) => option.toLowerCase());
    if (!optionIds.every(isId)) return undefined;
    const rows = await sql<{ id: string }>`
      SELECT p.id FROM product p WHERE p.parent_id = ${productId}
        AND (SELECT count(DISTINCT po.property_group_option_id) FROM product_option po
             WHERE po.product_id = p.id AND po.property_group_option_id = ANY(${optionIds}::uuid[])) = ${new Set(optionIds).size}
      ORDER BY p.product_number, p.id`.execute(executorOf(within));
    if (rows.rows.length === 0) return undefined;
    const [sellable] = await loadSalesChannelProducts(within, context, rows.rows.map((row) => row.id), { minVisibility: PRODUCT_VISIBILITY.LINK });
    return sellable?.id;
  };
  let variantId = await search();
  while (variantId === undefined && entries.length > 1) {
    const drop = entries.findIndex(([group]) => group !== switchedGroup);
    entries = entries.filter((_, index) => index !== (drop === -1 ? 0 : drop));
    variantId = await search();
  }
  if (variantId === undefined) throw variantNotFound(productId, options);
  return { variantId, options: entries.map(([, option]) => option) };
}

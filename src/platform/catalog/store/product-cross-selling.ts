import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import { isId } from '../../ids.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { PRODUCT_VISIBILITY } from '../entities.js';
import { loadSalesChannelProducts, type SalesChannelProduct } from './sales-channel-product-loader.js';

export interface CrossSellingElement {
  crossSelling: {
    id: string;
    productId: string;
    name: string;
    position: number;
    type: string;
    active: boolean;
    limit: number;
    sortBy: null;
    sortDirection: null;
    translated: { name: string };
    apiAlias: 'product_cross_selling';
  };
  /** The assigned products the channel sells, in their assigned order. */
  products: SalesChannelProduct[];
  total: number;
}

/**
 * Shopware's ProductCrossSellingRoute for assigned product lists (the only kind of cross-selling here,
 * there are no product streams): the active cross-sellings of the product (a variant without any uses
 * its parent's) by position, each with its assigned products that the channel sells (visible at least
 * by link, active, priced), in their position order. Unknown products have none.
 */
export async function loadProductCrossSellings(
  within: Db | UnitOfWork,
  context: SalesChannelContext,
  productId: string,
  options: { mediaBaseUrl?: string } = {},
): Promise<CrossSellingElement[]> {
  return (await loadCrossSellingsOf(within, context, [productId], options)).get(productId) ?? [];
}

/**
 * The cross-sellings of several products at once (a layout with several cross-selling slots), keyed by
 * product id, in the same statements as one product's: products, cross-sellings, assigned products, their products.
 */
export async function loadCrossSellingsOf(
  within: Db | UnitOfWork,
  context: SalesChannelContext,
  productIds: readonly string[],
  options: { mediaBaseUrl?: string } = {},
): Promise<Map<string, CrossSellingElement[]>> {
  const result = new Map<string, CrossSellingElement[]>();
  const ids = [...new Set(productIds.filter((id) => isId(id)))];
  if (ids.length === 0) return result;
  const exec = executorOf(within);
  const products = await exec.selectFrom('product').select(['id', 'parent_id']).where('id', 'in', ids).execute();
  if (products.length === 0) return result;
  const owners = [...new Set(products.flatMap((product) => [product.id as string, ...(product.parent_id ? [product.parent_id as string] : [])]))];
  const rows = await exec
    .selectFrom('product_cross_selling')
    .select(['id', 'product_id', 'name', 'position', 'type', 'active', 'limit'])
    .where('product_id', 'in', owners)
    .where('active', '=', true)
    .orderBy('position')
    .orderBy('name')
    .orderBy('id')
    .execute();
  // a product's own cross-sellings, else its parent's
  const chosen = new Map(
    products.map((product) => {
      const own = rows.filter((row) => row.product_id === product.id);
      return [product.id as string, own.length > 0 || !product.parent_id ? own : rows.filter((row) => row.product_id === product.parent_id)];
    }),
  );
  const used = [...new Set([...chosen.values()].flat())];
  if (used.length === 0) return new Map(ids.map((id) => [id, []]));
  const assigned = await exec
    .selectFrom('product_cross_selling_assigned_products')
    .select(['cross_selling_id', 'product_id'])
    .where('cross_selling_id', 'in', used.map((row) => row.id as string))
    .orderBy('position')
    .orderBy('id')
    .execute();
  const loaded = await loadSalesChannelProducts(within, context, [...new Set(assigned.map((row) => row.product_id as string))], {
    minVisibility: PRODUCT_VISIBILITY.LINK,
    mediaBaseUrl: options.mediaBaseUrl,
  });
  const byId = new Map(loaded.map((item) => [item.id, item]));
  const element = (row: (typeof rows)[number]): CrossSellingElement => {
    const list = assigned.filter((entry) => entry.cross_selling_id === row.id).flatMap((entry) => byId.get(entry.product_id as string) ?? []);
    return {
      crossSelling: {
        id: row.id as string,
        productId: row.product_id as string,
        name: row.name as string,
        position: row.position as number,
        type: row.type as string,
        active: row.active as boolean,
        limit: row.limit as number,
        sortBy: null,
        sortDirection: null,
        translated: { name: row.name as string },
        apiAlias: 'product_cross_selling' as const,
      },
      products: list,
      total: list.length,
    };
  };
  for (const id of ids) result.set(id, (chosen.get(id) ?? []).map(element));
  return result;
}

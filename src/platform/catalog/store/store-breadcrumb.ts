import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import { AppError } from '../../errors/app-error.js';
import { isId } from '../../ids.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { PRODUCT_VISIBILITY } from '../entities.js';
import { channelRootIds, productSeoCategoryIds } from './product-seo-category.js';
import { loadSalesChannelProducts } from './sales-channel-product-loader.js';
import { pathIds } from './store-category-json.js';

export interface BreadcrumbJson {
  name: string;
  categoryId: string;
  type: string;
  translated: Record<string, unknown>;
  /** The category's URL path: `navigation/<id>` (the platform has no SEO URLs yet). */
  path: string;
  seoUrls: never[];
  apiAlias: 'breadcrumb';
}


/**
 * Shopware's BreadcrumbRoute: the path from below the channel's navigation root down to a category,
 * or for a product (`type` product, the default) down to its main category in the channel, or the
 * referrer category when the product is assigned to it. An id that is no product is tried as a
 * category; unknown ids answer an empty breadcrumb; a malformed id is a 400 `FRAMEWORK__INVALID_UUID`.
 * Null: the product exists but has no category in the channel (Shopware answers 204 then).
 */
export async function loadBreadcrumb(
  within: Db | UnitOfWork,
  context: SalesChannelContext,
  request: { id: string; type: 'product' | 'category'; referrerCategoryId?: string },
): Promise<BreadcrumbJson[] | null> {
  const id = request.id.toLowerCase();
  if (!isId(id)) throw new AppError(400, 'FRAMEWORK__INVALID_UUID', `Value is not a valid UUID: ${request.id}`, { meta: { parameters: { input: request.id } } });
  if (request.type === 'product') {
    const [product] = await loadSalesChannelProducts(within, context, [id], { minVisibility: PRODUCT_VISIBILITY.LINK });
    if (product) {
      const categoryId = (await productSeoCategoryIds(within, context, [product], request.referrerCategoryId?.toLowerCase())).get(product.id);
      if (!categoryId) return null;
      return categoryBreadcrumb(within, context, categoryId);
    }
  }
  return categoryBreadcrumb(within, context, id);
}

async function categoryBreadcrumb(within: Db | UnitOfWork, context: SalesChannelContext, categoryId: string): Promise<BreadcrumbJson[]> {
  const exec = executorOf(within);
  const category = await exec.selectFrom('category').select(['id', 'path']).where('id', '=', categoryId).executeTakeFirst();
  if (!category) return [];
  const plain = [...pathIds(category.path as string | null), category.id as string];
  // everything up to and including the entry point (the channel's navigation, service or footer root) is cut
  const roots = channelRootIds(context);
  const entry = roots.map((root) => plain.indexOf(root)).find((position) => position !== -1);
  const ids = entry === undefined ? plain : plain.slice(entry + 1);
  if (ids.length === 0) return [];
  const rows = await exec
    .selectFrom('category')
    .select(['id', 'name', 'type', 'description', 'external_link', 'path'])
    .where('id', 'in', ids)
    .where((eb) => eb.or(roots.map((root) => eb('path', 'like', `%|${root}|%`))))
    .execute();
  const byId = new Map(rows.map((row) => [row.id as string, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        name: row.name as string,
        categoryId: id,
        type: row.type as string,
        translated: { description: row.description ?? null, externalLink: row.external_link ?? null, customFields: {} },
        path: `navigation/${id}`,
        seoUrls: [],
        apiAlias: 'breadcrumb' as const,
      },
    ];
  });
}

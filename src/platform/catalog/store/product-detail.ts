import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import { AppError } from '../../errors/app-error.js';
import { isId } from '../../ids.js';
import { mediaImage, type MediaImage } from '../../media/media-image.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { loadPropertyOptions, type PropertyGroupJson, type PropertyOptionJson } from './property-option-loader.js';
import { loadSalesChannelProducts, type SalesChannelProduct } from './sales-channel-product-loader.js';

/** An option of the configurator, with its group (as Shopware's configurator options carry it). */
export type ConfiguratorOptionJson = PropertyOptionJson;
export type ConfiguratorGroupJson = PropertyGroupJson & { options: ConfiguratorOptionJson[] };

export interface ProductDetail {
  product: SalesChannelProduct;
  /** The variant's own options (empty for a product without variants). */
  options: PropertyOptionJson[];
  /** Properties, inherited from the parent when the variant has none. */
  properties: PropertyOptionJson[];
  /** The option groups of the family's buyable variants; null for a product without variants. */
  configurator: ConfiguratorGroupJson[] | null;
  /** The product's images for the page's gallery, cover first, then by position (a variant without its own: the parent's). */
  gallery: Array<MediaImage & { id: string }>;
}

export function productNotFound(productId: string): AppError {
  return new AppError(404, 'PRODUCT__PRODUCT_NOT_FOUND', `Product for id ${productId} not found.`, { meta: { parameters: { productId } } });
}

/**
 * The product page of `productId` in the context's channel (any visibility, even "by link only").
 * A parent with variants shows its best variant instead (Shopware's ProductDetailRoute): the first
 * available one by product number, else the first at all. Unknown, malformed, inactive, invisible or
 * unpriced ids are a 404 `PRODUCT__PRODUCT_NOT_FOUND`.
 */
export async function loadProductDetail(
  within: Db | UnitOfWork,
  context: SalesChannelContext,
  productId: string,
  options: { mediaBaseUrl?: string } = {},
): Promise<ProductDetail> {
  if (!isId(productId)) throw productNotFound(productId);
  const load = (ids: string[]) => loadSalesChannelProducts(within, context, ids, { minVisibility: 10, mediaBaseUrl: options.mediaBaseUrl });
  const childIds = await variantIds(within, productId);
  const variants = childIds.length > 0 ? await load(childIds) : [];
  const product = variants.find((variant) => variant.available) ?? variants[0] ?? (await load([productId]))[0];
  if (!product) throw productNotFound(productId);

  const familyParent = product.parentId ?? (childIds.length > 0 ? productId : null);
  const ownOptions = await loadPropertyOptions(within, [product], 'options');
  const properties = await loadPropertyOptions(within, [product], 'properties');
  return {
    product,
    options: ownOptions.get(product.id) ?? [],
    properties: properties.get(product.id) ?? [],
    configurator: familyParent ? await configurator(within, familyParent === productId ? variants : await load(await variantIds(within, familyParent))) : null,
    gallery: await gallery(within, product, options.mediaBaseUrl),
  };
}

async function gallery(within: Db | UnitOfWork, product: SalesChannelProduct, mediaBaseUrl = ''): Promise<ProductDetail['gallery']> {
  // the variant's own images when it has any, else its parent's: one query, ranked by owner
  const owners = product.parentId ? [product.id, product.parentId] : [product.id];
  const rows = await executorOf(within)
    .selectFrom('product_media as pm')
    .innerJoin('media as m', 'm.id', 'pm.media_id')
    .select(['pm.product_id', 'm.id', 'm.path', 'm.alt', 'm.meta_data'])
    .where('pm.product_id', 'in', owners)
    .where('m.path', 'is not', null)
    .orderBy('pm.position')
    .orderBy('pm.id')
    .execute();
  const owner = rows.some((row) => row.product_id === product.id) ? product.id : product.parentId;
  const images = rows
    .filter((row) => row.product_id === owner)
    .map((row) => ({ id: row.id as string, ...mediaImage(row.path as string, row.meta_data, row.alt as string | null, mediaBaseUrl) }));
  const coverFirst = images.findIndex((image) => image.id === product.cover?.id);
  if (coverFirst > 0) images.unshift(...images.splice(coverFirst, 1));
  return images;
}

async function variantIds(within: Db | UnitOfWork, parentId: string): Promise<string[]> {
  const rows = await executorOf(within).selectFrom('product').select('id').where('parent_id', '=', parentId).orderBy('product_number').orderBy('id').execute();
  return rows.map((row) => row.id as string);
}

/** The groups and options of the buyable variants, each option once, sorted as the group says. */
async function configurator(within: Db | UnitOfWork, variants: SalesChannelProduct[]): Promise<ConfiguratorGroupJson[]> {
  const byProduct = await loadPropertyOptions(within, variants, 'options');
  const groups = new Map<string, ConfiguratorGroupJson>();
  for (const option of [...byProduct.values()].flat()) {
    const group = groups.get(option.groupId) ?? { ...option.group, options: [] };
    groups.set(option.groupId, group);
    if (group.options.some((known) => known.id === option.id)) continue;
    group.options.push(option);
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en', { numeric: true });
  for (const group of groups.values()) {
    group.options.sort((a, b) => (group.sortingType === 'position' ? a.position - b.position : 0) || byName(a, b) || a.id.localeCompare(b.id));
  }
  return [...groups.values()].sort((a, b) => a.position - b.position || byName(a, b));
}

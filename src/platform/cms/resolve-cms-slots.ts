import { sql } from 'kysely';
import type { Db } from '../database/connection.js';
import { executorOf, type UnitOfWork } from '../database/transaction.js';
import type { EntityRegistry } from '../entities/registry.js';
import type { SalesChannelContext } from '../sales-channel/context/sales-channel-context.js';
import { mediaColumns, storeMediaJson, type MediaRow, type StoreMediaJson } from '../media/store-media-json.js';
import { loadSalesChannelProducts } from '../catalog/store/sales-channel-product-loader.js';
import { storeProductsJson } from '../catalog/store/store-product-list-json.js';
import { loadCrossSellingsOf } from '../catalog/store/product-cross-selling.js';
import { listProductReviews } from '../catalog/store/product-reviews.js';
import { CMS_ELEMENTS, type FetchedSlotData, type SlotNeeds } from './cms-elements.js';
import type { CmsPageTree } from './cms-page-reader.js';
import type { CmsPageEntity } from './mapped-value.js';
import { effectiveSlotConfig, type SlotConfig } from './slot-config.js';

export interface CmsResolveDeps {
  registry: EntityRegistry;
  /** APP_URL, the prefix of media URLs. */
  mediaBaseUrl: string;
}

export interface CmsResolveOptions {
  /** The entity the page shows, for mapped values and its own `slotConfig` overrides. */
  entity?: CmsPageEntity;
  /** Resolve only these slot ids (Store API `slots`, `|`-separated); others keep `data` null. */
  onlySlots?: ReadonlySet<string>;
  /** The page's category listing, read by the caller with the request's filters (only when a slot asks). */
  loadListing?: () => Promise<unknown>;
}

export interface ResolvedSlot {
  id: string;
  type: string;
  config: SlotConfig;
  data: unknown;
}

/** A layout's resolved slots, and the background images of its sections and blocks (read with the slots' media). */
export interface ResolvedCmsPage {
  slots: Map<string, ResolvedSlot>;
  backgroundMedia: ReadonlyMap<string, StoreMediaJson>;
}

/** The visible reviews a description-and-reviews slot carries (Shopware reads ten). */
const REVIEWS_PER_SLOT = 10;

/** resolveCmsPage's slots alone. */
export async function resolveCmsSlots(
  within: Db | UnitOfWork,
  deps: CmsResolveDeps,
  context: SalesChannelContext,
  tree: CmsPageTree,
  options: CmsResolveOptions = {},
): Promise<Map<string, ResolvedSlot>> {
  return (await resolveCmsPage(within, deps, context, tree, options)).slots;
}

/**
 * Resolves every slot of a layout at once: each element names what it needs, the needs of all slots are
 * merged, and each kind (media, products, listing, cross-sellings, reviews, gallery) is read once, so a
 * page with 20 slots costs the same statements as one with 2. Unknown element types resolve to null.
 * Section and block background images ride on the media statement.
 */
export async function resolveCmsPage(
  within: Db | UnitOfWork,
  deps: CmsResolveDeps,
  context: SalesChannelContext,
  tree: CmsPageTree,
  options: CmsResolveOptions = {},
): Promise<ResolvedCmsPage> {
  const overrides = (options.entity?.record.slotConfig ?? {}) as Record<string, SlotConfig>;
  const slots = tree.sections
    .flatMap((section) => section.blocks.flatMap((block) => block.slots))
    .map((slot) => ({ id: slot.id, type: slot.type, config: effectiveSlotConfig(slot.config, overrides[slot.id]) }));
  const wanted = slots.filter((slot) => !options.onlySlots || options.onlySlots.has(slot.id));

  const needs: Required<SlotNeeds> = { media: [], products: [], listing: false, crossSellings: [], reviews: [], gallery: false };
  for (const slot of wanted) {
    const own = CMS_ELEMENTS[slot.type]?.needs(slot.config, options.entity) ?? {};
    needs.media.push(...(own.media ?? []));
    needs.products.push(...(own.products ?? []));
    needs.listing ||= own.listing === true;
    needs.crossSellings.push(...(own.crossSellings ?? []));
    needs.reviews.push(...(own.reviews ?? []));
    needs.gallery ||= own.gallery === true;
  }
  const backgroundIds = tree.sections.flatMap((section) => [section.backgroundMediaId, ...section.blocks.map((block) => block.backgroundMediaId)]).filter((id): id is string => typeof id === 'string');
  const fetched = await fetchSlotData(within, deps, context, { ...needs, media: [...needs.media, ...backgroundIds] }, options);
  const resolved = new Map<string, ResolvedSlot>();
  for (const slot of slots) {
    const element = CMS_ELEMENTS[slot.type];
    const chosen = !options.onlySlots || options.onlySlots.has(slot.id);
    resolved.set(slot.id, { ...slot, data: element && chosen ? element.data(slot.config, fetched, options.entity) : null });
  }
  return { slots: resolved, backgroundMedia: new Map(backgroundIds.flatMap((id) => (fetched.media.has(id) ? [[id, fetched.media.get(id)!] as const] : []))) };
}

async function fetchSlotData(
  within: Db | UnitOfWork,
  deps: CmsResolveDeps,
  context: SalesChannelContext,
  needs: Required<SlotNeeds>,
  options: CmsResolveOptions,
): Promise<FetchedSlotData> {
  const exec = executorOf(within);
  const productId = options.entity?.name === 'product' ? (options.entity.record.id as string) : undefined;
  const galleryRows =
    needs.gallery && productId
      ? await exec.selectFrom('product_media as pm').select(['pm.media_id']).where('pm.product_id', '=', productId).orderBy('pm.position').orderBy('pm.id').execute()
      : [];
  const galleryIds = galleryRows.map((row) => row.media_id as string);
  const mediaIds = [...new Set([...needs.media, ...galleryIds])];
  const mediaRows = mediaIds.length === 0 ? [] : ((await exec.selectFrom('media as m').select(mediaColumns('m')).where('m.id', 'in', mediaIds).execute()) as unknown as MediaRow[]);
  const media = new Map<string, StoreMediaJson>(mediaRows.map((row) => [row.id, storeMediaJson(row, deps.mediaBaseUrl)]));

  const productIds = [...new Set(needs.products)];
  const loaded = productIds.length === 0 ? [] : await loadSalesChannelProducts(within, context, productIds, { mediaBaseUrl: deps.mediaBaseUrl });
  const productJson = await storeProductsJson(within, deps.registry, context, loaded);
  const products = new Map(productJson.map((product) => [product.id, product]));
  // cross-sellings and reviews only of products the channel sells (read above)
  const sold = (ids: string[]) => [...new Set(ids)].filter((id) => products.has(id));
  const crossSellingIds = sold(needs.crossSellings);
  const families = new Map(sold(needs.reviews).map((id) => [id, products.get(id)!.parentId ?? id]));
  return {
    media,
    products,
    listing: needs.listing && options.loadListing ? await options.loadListing() : undefined,
    crossSellings: crossSellingIds.length > 0 ? await crossSellingsJson(within, deps, context, crossSellingIds) : new Map(),
    reviews: families.size > 0 ? await familyReviews(within, deps, context, families) : new Map(),
    gallery: galleryIds.flatMap((id) => (media.has(id) ? [media.get(id)!] : [])),
  };
}

async function crossSellingsJson(within: Db | UnitOfWork, deps: CmsResolveDeps, context: SalesChannelContext, productIds: string[]): Promise<Map<string, unknown[]>> {
  const byProduct = await loadCrossSellingsOf(within, context, productIds, { mediaBaseUrl: deps.mediaBaseUrl });
  const all = [...byProduct.values()].flat();
  const unique = [...new Map(all.flatMap((element) => element.products).map((product) => [product.id, product])).values()];
  const byId = new Map((await storeProductsJson(within, deps.registry, context, unique)).map((product) => [product.id, product]));
  return new Map(
    [...byProduct].map(([productId, elements]) => [
      productId,
      elements.map((element) => ({
        crossSelling: element.crossSelling,
        products: element.products.map((product) => byId.get(product.id)!),
        total: element.total,
        streamId: null,
        apiAlias: 'cross_selling_element',
      })),
    ]),
  );
}

/**
 * The newest visible reviews of each product's family (the Store API's review list: approved ones plus
 * the customer's own) with their count, for any number of families in two statements: the ranked ids
 * with counts, then the reviews themselves through the review route's reader.
 */
async function familyReviews(
  within: Db | UnitOfWork,
  deps: CmsResolveDeps,
  context: SalesChannelContext,
  families: ReadonlyMap<string, string>,
): Promise<Map<string, { total: number; elements: unknown[] }>> {
  const familyIds = [...new Set(families.values())];
  const visible = context.customer ? sql`(r.status OR r.customer_id = ${context.customer.id})` : sql`r.status`;
  const { rows } = await sql<{ family: string; id: string; total: string | number }>`
    SELECT family, id, total FROM (
      SELECT f.id AS family, r.id, count(*) OVER (PARTITION BY f.id) AS total,
        row_number() OVER (PARTITION BY f.id ORDER BY r.created_at DESC, r.id) AS rank
      FROM product f
      JOIN product rp ON rp.id = f.id OR rp.parent_id = f.id
      JOIN product_review r ON r.product_id = rp.id
      WHERE f.id IN (${sql.join(familyIds.map((id) => sql`${id}`))}) AND ${visible}
    ) ranked WHERE rank <= ${REVIEWS_PER_SLOT} ORDER BY family, rank`.execute(executorOf(within));
  const page = rows.length === 0 ? { elements: [] } : await listProductReviews(within, deps.registry, context, familyIds, { ids: rows.map((row) => row.id) });
  const reviews = new Map(page.elements.map((review) => [review.id as string, review]));
  const ofFamily = (family: string) => {
    const own = rows.filter((row) => row.family === family);
    return { total: own.length > 0 ? Number(own[0]!.total) : 0, elements: own.flatMap((row) => (reviews.has(row.id) ? [reviews.get(row.id)!] : [])) };
  };
  return new Map([...families].map(([productId, family]) => [productId, ofFamily(family)]));
}

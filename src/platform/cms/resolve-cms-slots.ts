import type { Db } from '../database/connection.js';
import { executorOf, type UnitOfWork } from '../database/transaction.js';
import type { EntityRegistry } from '../entities/registry.js';
import type { SalesChannelContext } from '../sales-channel/context/sales-channel-context.js';
import { mediaColumns, storeMediaJson, type MediaRow, type StoreMediaJson } from '../media/store-media-json.js';
import { loadSalesChannelProducts } from '../catalog/store/sales-channel-product-loader.js';
import { storeProductsJson } from '../catalog/store/store-product-list-json.js';
import { loadProductCrossSellings } from '../catalog/store/product-cross-selling.js';
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

/**
 * Resolves every slot of a layout at once: each element names what it needs, the needs of all slots are
 * merged, and each kind (media, products, listing, cross-sellings, reviews, gallery) is read once, so a
 * page with 20 slots costs the same statements as one with 2. Unknown element types resolve to null.
 */
export async function resolveCmsSlots(
  within: Db | UnitOfWork,
  deps: CmsResolveDeps,
  context: SalesChannelContext,
  tree: CmsPageTree,
  options: CmsResolveOptions = {},
): Promise<Map<string, ResolvedSlot>> {
  const overrides = (options.entity?.record.slotConfig ?? {}) as Record<string, SlotConfig>;
  const slots = tree.sections
    .flatMap((section) => section.blocks.flatMap((block) => block.slots))
    .map((slot) => ({ id: slot.id, type: slot.type, config: effectiveSlotConfig(slot.config, overrides[slot.id]) }));
  const wanted = slots.filter((slot) => !options.onlySlots || options.onlySlots.has(slot.id));

  const needs: Required<SlotNeeds> = { media: [], products: [], listing: false, crossSellings: false, reviews: false, gallery: false };
  for (const slot of wanted) {
    const own = CMS_ELEMENTS[slot.type]?.needs(slot.config, options.entity) ?? {};
    needs.media.push(...(own.media ?? []));
    needs.products.push(...(own.products ?? []));
    needs.listing ||= own.listing === true;
    needs.crossSellings ||= own.crossSellings === true;
    needs.reviews ||= own.reviews === true;
    needs.gallery ||= own.gallery === true;
  }
  const fetched = await fetchSlotData(within, deps, context, needs, options);
  const resolved = new Map<string, ResolvedSlot>();
  for (const slot of slots) {
    const element = CMS_ELEMENTS[slot.type];
    const chosen = !options.onlySlots || options.onlySlots.has(slot.id);
    resolved.set(slot.id, { ...slot, data: element && chosen ? element.data(slot.config, fetched, options.entity) : null });
  }
  return resolved;
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

  const crossSellings = needs.crossSellings && productId ? await crossSellingsJson(within, deps, context, productId) : undefined;
  const reviews = needs.reviews && productId ? await listProductReviews(within, deps.registry, context, productId, { limit: 10, page: 1 }) : undefined;
  return {
    media,
    products: new Map(productJson.map((product) => [product.id, product])),
    listing: needs.listing && options.loadListing ? await options.loadListing() : undefined,
    crossSellings,
    reviews: reviews ? { total: reviews.total, elements: reviews.elements } : undefined,
    gallery: galleryIds.flatMap((id) => (media.has(id) ? [media.get(id)!] : [])),
  };
}

async function crossSellingsJson(within: Db | UnitOfWork, deps: CmsResolveDeps, context: SalesChannelContext, productId: string) {
  const elements = await loadProductCrossSellings(within, context, productId, { mediaBaseUrl: deps.mediaBaseUrl });
  const unique = [...new Map(elements.flatMap((element) => element.products).map((product) => [product.id, product])).values()];
  const byId = new Map((await storeProductsJson(within, deps.registry, context, unique)).map((product) => [product.id, product]));
  return elements.map((element) => ({
    crossSelling: element.crossSelling,
    products: element.products.map((product) => byId.get(product.id)!),
    total: element.total,
    streamId: null,
    apiAlias: 'cross_selling_element',
  }));
}

import type { Db } from '../../database/connection.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { loadSalesChannelProducts } from '../../catalog/store/sales-channel-product-loader.js';
import { mediaImage, type MediaImage } from '../../media/media-image.js';
import type { StoreCmsPageJson } from '../../cms/store-cms-page.js';
import { productCards, type ProductCard } from './listing-cards.js';

type SlotView =
  | { kind: 'text'; html: string }
  | { kind: 'image'; image: MediaImage; link: string | null; newTab: boolean }
  | { kind: 'slider'; label: string; items: Array<{ image: MediaImage; link: string | null }> }
  | { kind: 'products'; products: ProductCard[]; title: string | null };

interface MediaJson {
  path: string;
  metaData: unknown;
  alt: string | null;
}

/** Links a merchant puts on images: paths of this shop or http(s) addresses; anything else (javascript:, //host) is dropped. */
function safeLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return /^https?:\/\//i.test(value) ? value : null;
}

/** A product slider's heading (Shopware's `title` config field), when the merchant gave one as text. */
function staticTitle(config: Record<string, unknown>): string | null {
  const field = config.title as { source?: unknown; value?: unknown } | undefined;
  return field && field.source !== 'mapped' && typeof field.value === 'string' && field.value.trim() !== '' ? field.value.trim() : null;
}

const imageOf = (media: MediaJson | null | undefined, base: string): MediaImage | null => (media && media.path ? mediaImage(media.path, media.metaData, media.alt, base) : null);

/**
 * A resolved layout as the storefront draws it (_partials/cms-layout.njk): sections of blocks, each slot
 * a text (sanitised when resolved), an image, a slider or product cards. The cards of every product slot
 * are loaded at once. `skip` leaves element types out (a category page draws its own listing).
 */
export async function cmsLayoutView(db: Db, context: SalesChannelContext, page: StoreCmsPageJson, mediaBaseUrl: string, skip: ReadonlySet<string> = new Set()) {
  const productIds = new Set<string>();
  for (const section of page.sections) {
    for (const block of section.blocks) {
      for (const slot of block.slots) {
        const data = slot.data as { product?: { id: string } | null; products?: Array<{ id: string }> } | null;
        if (data?.product) productIds.add(data.product.id);
        for (const product of data?.products ?? []) productIds.add(product.id);
        for (const product of (data as { listing?: { elements?: Array<{ id: string }> } } | null)?.listing?.elements ?? []) productIds.add(product.id);
      }
    }
  }
  const loaded = productIds.size === 0 ? [] : await loadSalesChannelProducts(db, context, [...productIds], { mediaBaseUrl });
  const cards = new Map((await productCards(db, loaded)).map((card) => [card.id, card]));
  const cardsOf = (ids: string[]) => ids.flatMap((id) => (cards.has(id) ? [cards.get(id)!] : []));

  const slotView = (type: string, raw: unknown, config: Record<string, unknown>): SlotView | null => {
    const data = (raw ?? {}) as Record<string, any>;
    switch (type) {
      case 'text':
        return typeof data.content === 'string' && data.content !== '' ? { kind: 'text', html: data.content } : null;
      case 'image': {
        const image = imageOf(data.media, mediaBaseUrl);
        return image ? { kind: 'image', image, link: safeLink(data.url), newTab: data.newTab === true } : null;
      }
      case 'image-slider':
      case 'image-gallery': {
        const items = ((data.sliderItems ?? []) as Array<{ media: MediaJson; url: unknown }>).flatMap((item) => {
          const image = imageOf(item.media, mediaBaseUrl);
          return image ? [{ image, link: safeLink(item.url) }] : [];
        });
        return items.length > 0 ? { kind: 'slider', label: type === 'image-gallery' ? 'Gallery' : 'Highlights', items } : null;
      }
      case 'product-box':
        return data.product ? { kind: 'products', products: cardsOf([data.product.id]), title: null } : null;
      case 'product-slider':
        return { kind: 'products', products: cardsOf(((data.products ?? []) as Array<{ id: string }>).map((product) => product.id)), title: staticTitle(config) };
      case 'product-listing':
        return { kind: 'products', products: cardsOf(((data.listing?.elements ?? []) as Array<{ id: string }>).map((product) => product.id)), title: null };
      default:
        return null;
    }
  };

  return {
    sections: page.sections.map((section) => ({
      id: section.id,
      fullWidth: section.sizingMode === 'full_width',
      blocks: section.blocks
        .map((block) => ({
          id: block.id,
          type: block.type,
          slots: block.slots.filter((slot) => !skip.has(slot.type)).flatMap((slot) => {
            const view = slotView(slot.type, slot.data, (slot.config ?? {}) as Record<string, unknown>);
            return view ? [{ id: slot.id, slot: slot.slot, ...view }] : [];
          }),
        }))
        .filter((block) => block.slots.length > 0),
    })),
  };
}

export type CmsLayoutView = Awaited<ReturnType<typeof cmsLayoutView>>;

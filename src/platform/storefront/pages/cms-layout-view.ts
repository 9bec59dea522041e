import type { FastifyRequest } from 'fastify';
import type { Db } from '../../database/connection.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { loadSalesChannelProducts, type SalesChannelProduct } from '../../catalog/store/sales-channel-product-loader.js';
import { loadNavigation, type NavigationNode } from '../../catalog/store/navigation.js';
import { mediaImage, type MediaImage } from '../../media/media-image.js';
import type { StoreCmsPageJson } from '../../cms/store-cms-page.js';
import type { NavigationItem } from '../http/index.js';
import { blockClass, cmsLayoutStylesheet, sectionClass, type CmsBoxLook } from './cms-backgrounds.js';
import { contactFormSettings } from './contact-pages.js';
import { navigationItems } from './layout-providers.js';
import { productCards, type ProductCard } from './listing-cards.js';
import { deliveryInfo, quantityLimits, stockInfo } from './product-buy-info.js';
import type { StorefrontServices } from './storefront-services.js';

type SlotView =
  | { kind: 'text'; html: string }
  | { kind: 'image'; image: MediaImage; link: string | null; newTab: boolean }
  | { kind: 'slider'; label: string; items: Array<{ image: MediaImage; link: string | null }> }
  | { kind: 'products'; products: ProductCard[]; title: string | null }
  | { kind: 'navigation'; title: string; url: string; current: boolean; items: NavigationItem[] }
  | { kind: 'contact'; title: string; salutations: Array<{ value: string; label: string }>; required: Record<string, boolean> }
  | { kind: 'newsletter'; title: string }
  | { kind: 'buy'; product: BuyBoxProduct; stock: { available: boolean; text: string }; delivery: string | null; quantity: { min: number; max: number | null; step: number } }
  | { kind: 'description'; product: { id: string; name: string; url: string; description: string | null }; ratingText: string | null }
  | { kind: 'cross-selling'; groups: Array<{ id: string; name: string; products: ProductCard[] }> };

interface BuyBoxProduct {
  id: string;
  name: string;
  url: string;
  cover: SalesChannelProduct['cover'];
  unitPrice: number;
  taxState: string;
  manufacturer: string | null;
  productNumber: string;
}

interface MediaJson {
  path: string;
  metaData: unknown;
  alt: string | null;
}

/** What a page tells the layout about itself, beyond the layout. */
export interface CmsLayoutOptions {
  /** Element types the page draws itself (a category page its listing, a product page its buy box ...). */
  skip?: ReadonlySet<string>;
  /** The category the page shows (a category page, the home page): a category navigation lists below it and marks it current. */
  category?: { id: string; name: string; level: number };
  /** With them the category tree is the request's (shared with the header) and a contact form knows the channel's required fields. */
  services?: StorefrontServices;
  request?: FastifyRequest;
}

/** Links a merchant puts on images: paths of this shop or http(s) addresses; anything else (javascript:, //host) is dropped. */
function safeLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return /^https?:\/\//i.test(value) ? value : null;
}

/** A text config field (a product slider's or a form's `title`), when the merchant gave one as text. */
function staticText(config: Record<string, unknown>, field: string): string | null {
  const entry = config[field] as { source?: unknown; value?: unknown } | undefined;
  return entry && entry.source !== 'mapped' && typeof entry.value === 'string' && entry.value.trim() !== '' ? entry.value.trim() : null;
}

const imageOf = (media: MediaJson | null | undefined, base: string): MediaImage | null => (media && media.path ? mediaImage(media.path, media.metaData, media.alt, base) : null);

/** The form element's kind (Shopware's `type` config): `contact` or `newsletter`; anything else draws nothing. */
function formType(config: Record<string, unknown>): 'contact' | 'newsletter' | null {
  const value = (config.type as { value?: unknown } | undefined)?.value;
  return value === 'contact' || value === 'newsletter' ? value : null;
}

function findNode(nodes: NavigationNode[], id: string): NavigationNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * A resolved layout as the storefront draws it (_partials/cms-layout.njk): sections of blocks, each slot
 * a text (sanitised when resolved), an image, a slider, product cards, a category navigation, a contact
 * or newsletter form, a buy box, a description with the rating, or cross-selling rows. The cards of every
 * product slot are loaded at once. Sections and blocks with backgrounds or margins carry a class that the
 * layout's generated stylesheet (cms-backgrounds.ts) styles. A sidebar section carries its `sidebar` blocks apart
 * (the side column) from its main ones.
 */
export async function cmsLayoutView(db: Db, context: SalesChannelContext, page: StoreCmsPageJson, mediaBaseUrl: string, options: CmsLayoutOptions = {}) {
  const skip = options.skip ?? new Set<string>();
  const drawn = page.sections.flatMap((section) => section.blocks.flatMap((block) => block.slots)).filter((slot) => !skip.has(slot.type));
  const productIds = new Set<string>();
  for (const slot of drawn) {
    const data = slot.data as {
      product?: { id: string } | null;
      products?: Array<{ id: string }>;
      listing?: { elements?: Array<{ id: string }> };
      crossSellings?: Array<{ products: Array<{ id: string }> }>;
    } | null;
    if (data?.product) productIds.add(data.product.id);
    for (const product of data?.products ?? []) productIds.add(product.id);
    for (const product of data?.listing?.elements ?? []) productIds.add(product.id);
    for (const element of data?.crossSellings ?? []) for (const product of element.products) productIds.add(product.id);
  }
  const loaded = productIds.size === 0 ? [] : await loadSalesChannelProducts(db, context, [...productIds], { mediaBaseUrl });
  const byId = new Map(loaded.map((product) => [product.id, product]));
  const cards = new Map((await productCards(db, loaded)).map((card) => [card.id, card]));
  const cardsOf = (ids: string[]) => ids.flatMap((id) => (cards.has(id) ? [cards.get(id)!] : []));

  const types = new Set(drawn.map((slot) => slot.type));
  const navigation = types.has('category-navigation') ? await navigationOf(db, context, options) : null;
  const wantsContact = drawn.some((slot) => slot.type === 'form' && formType((slot.config ?? {}) as Record<string, unknown>) === 'contact');
  // a page drawn without the services (the Administration's preview) offers no contact form
  const contact = wantsContact && options.services ? await contactFormSettings(options.services, context.salesChannel.id) : null;

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
        return { kind: 'products', products: cardsOf(((data.products ?? []) as Array<{ id: string }>).map((product) => product.id)), title: staticText(config, 'title') };
      case 'product-listing':
        return { kind: 'products', products: cardsOf(((data.listing?.elements ?? []) as Array<{ id: string }>).map((product) => product.id)), title: null };
      case 'category-navigation':
        return navigation && navigation.items.length > 0 ? { kind: 'navigation', ...navigation } : null;
      case 'form': {
        const kind = formType(config);
        if (kind === 'newsletter') return { kind: 'newsletter', title: staticText(config, 'title') ?? 'Newsletter' };
        return kind === 'contact' && contact ? { kind: 'contact', title: staticText(config, 'title') ?? 'Contact', ...contact } : null;
      }
      case 'buy-box': {
        const product = data.product ? byId.get(data.product.id) : undefined;
        if (!product) return null;
        return {
          kind: 'buy',
          product: {
            id: product.id,
            name: product.name,
            url: `/detail/${product.id}`,
            cover: product.cover,
            unitPrice: product.calculatedPrice.unitPrice,
            taxState: product.calculatedPrice.taxState,
            manufacturer: product.manufacturer?.name ?? null,
            productNumber: product.productNumber,
          },
          stock: stockInfo(product),
          delivery: deliveryInfo(product, context.shippingMethod),
          quantity: quantityLimits(product),
        };
      }
      case 'product-description-reviews': {
        const product = data.product ? byId.get(data.product.id) : undefined;
        if (!product) return null;
        return {
          kind: 'description',
          product: { id: product.id, name: product.name, url: `/detail/${product.id}`, description: product.description },
          ratingText: cards.get(product.id)?.ratingText ?? null,
        };
      }
      case 'cross-selling': {
        const groups = ((data.crossSellings ?? []) as Array<{ crossSelling: { id: string; name: string }; products: Array<{ id: string }> }>)
          .map((element) => ({ id: element.crossSelling.id, name: element.crossSelling.name, products: cardsOf(element.products.map((product) => product.id)) }))
          .filter((group) => group.products.length > 0);
        return groups.length > 0 ? { kind: 'cross-selling', groups } : null;
      }
      default:
        return null;
    }
  };

  const look = (box: { id: string; backgroundColor: string | null; backgroundMediaMode: string | null; backgroundMedia?: { path: string } }): CmsBoxLook => ({
    id: box.id,
    backgroundColor: box.backgroundColor,
    backgroundMediaMode: box.backgroundMediaMode,
    backgroundPath: box.backgroundMedia?.path || null,
  });
  const stylesheet = cmsLayoutStylesheet(page.id, {
    sections: page.sections.map((section) => ({ ...look(section), blocks: section.blocks.map((block) => ({ ...look(block), ...margins(block) })) })),
  });
  const boxClass = (id: string, className: string) => [stylesheet?.styled.has(id) ? className : '', stylesheet?.backgrounds.has(id) ? 'cms-has-background' : ''].filter(Boolean).join(' ');

  const blockView = (block: StoreCmsPageJson['sections'][number]['blocks'][number]) => ({
    id: block.id,
    type: block.type,
    className: boxClass(block.id, blockClass(block.id)),
    slots: block.slots.filter((slot) => !skip.has(slot.type)).flatMap((slot) => {
      const view = slotView(slot.type, slot.data, (slot.config ?? {}) as Record<string, unknown>);
      return view ? [{ id: slot.id, slot: slot.slot, ...view }] : [];
    }),
  });
  const blocksOf = (blocks: StoreCmsPageJson['sections'][number]['blocks']) => blocks.map(blockView).filter((block) => block.slots.length > 0);
  // Shopware's sidebar section: `sidebar` blocks in the side column, the rest (`main`) in the main one; a default
  // section draws every block whatever its position, and a side column that draws nothing is left out
  const sections = page.sections.map((section) => {
    const inSidebar = (block: { sectionPosition: string }) => section.type === 'sidebar' && block.sectionPosition === 'sidebar';
    return {
      id: section.id,
      fullWidth: section.sizingMode === 'full_width',
      className: boxClass(section.id, sectionClass(section.id)),
      hiddenOnMobile: section.mobileBehavior === 'hidden',
      sidebarBlocks: blocksOf(section.blocks.filter(inSidebar)),
      blocks: blocksOf(section.blocks.filter((block) => !inSidebar(block))),
    };
  });
  const sidebars = sections.filter((section) => section.sidebarBlocks.length > 0).length;
  let sidebar = 0;

  return {
    stylesheet: stylesheet?.url ?? null,
    sections: sections.map(({ hiddenOnMobile, sidebarBlocks, ...section }) => ({
      ...section,
      // the side columns' landmark names, unique on the page
      sidebar: sidebarBlocks.length > 0 ? { blocks: sidebarBlocks, hiddenOnMobile, label: sidebars > 1 ? `Sidebar ${++sidebar}` : 'Sidebar' } : null,
    })),
  };
}

const margins = (block: { marginTop: string | null; marginBottom: string | null; marginLeft: string | null; marginRight: string | null }) => ({
  marginTop: block.marginTop,
  marginBottom: block.marginBottom,
  marginLeft: block.marginLeft,
  marginRight: block.marginRight,
});

/**
 * A category navigation's tree: the page's category (else the channel's navigation root) with two levels
 * below it. Read from the request's tree when the page passes it, else on its own.
 */
async function navigationOf(db: Db, context: SalesChannelContext, options: CmsLayoutOptions) {
  const rootId = context.salesChannel.navigationCategoryId;
  const category = options.category && options.category.id !== rootId ? options.category : undefined;
  // the category's children and grandchildren lie this deep below the root (the root is level 1)
  const depth = category ? Math.max(2, category.level + 1) : 2;
  const nodes = options.services && options.request ? await options.services.navigation.of(options.request, depth) : await loadNavigation(db, context, depth);
  const below = category ? findNode(nodes, category.id)?.children : nodes;
  if (!below) return null;
  return {
    title: category ? category.name : 'All products',
    url: `/navigation/${category ? category.id : rootId}`,
    // the page shows this category (a category page, the home page on its root)
    current: options.category !== undefined,
    items: navigationItems(below, true),
  };
}

export type CmsLayoutView = Awaited<ReturnType<typeof cmsLayoutView>>;

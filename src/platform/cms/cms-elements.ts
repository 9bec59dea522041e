import sanitizeHtml from 'sanitize-html';
import type { StoreMediaJson } from '../media/store-media-json.js';
import type { StoreProductJson } from '../catalog/store/store-product-json.js';
import { configValue, idsOf, type CmsPageEntity } from './mapped-value.js';
import type { SlotConfig } from './slot-config.js';

/** What a slot needs read, gathered over every slot of a page so each kind is read once. */
export interface SlotNeeds {
  media?: string[];
  products?: string[];
  /** The category listing of the page's category (with the request's filters, sorting and page). */
  listing?: boolean;
  /** Products whose cross-sellings, or whose family's visible reviews, a slot shows. */
  crossSellings?: string[];
  reviews?: string[];
  /** The page's product's images. */
  gallery?: boolean;
}

/** What was read for the whole page. */
export interface FetchedSlotData {
  media: ReadonlyMap<string, StoreMediaJson>;
  products: ReadonlyMap<string, StoreProductJson>;
  listing?: unknown;
  /** By product id. */
  crossSellings: ReadonlyMap<string, unknown[]>;
  /** By product id: the visible reviews of its family (parent and variants), newest first, up to 10. */
  reviews: ReadonlyMap<string, { total: number; elements: unknown[] }>;
  /** The page product's media in position order. */
  gallery?: StoreMediaJson[];
}

export interface CmsElement {
  needs(config: SlotConfig, entity: CmsPageEntity | undefined): SlotNeeds;
  /** The slot's `data` in Shopware's struct shape (with its `apiAlias`), or null when it has none. */
  data(config: SlotConfig, fetched: FetchedSlotData, entity: CmsPageEntity | undefined): unknown;
}

/** Rich text from merchants or mapped descriptions: formatting and links kept, scripts and handlers gone. */
export function sanitizeCmsHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], '*': ['class'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener' }) },
  });
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const pageProductId = (entity: CmsPageEntity | undefined): string | undefined => (entity?.name === 'product' ? (entity.record.id as string) : undefined);

/**
 * The product a buy box, description and reviews or cross-selling shows: the one its `product` config names
 * (any page, e.g. a landing page), else the product of a product page.
 */
function boundProductId(config: SlotConfig, entity: CmsPageEntity | undefined): string | undefined {
  return idsOf(configValue(config, 'product', entity), 'id')[0] ?? pageProductId(entity);
}
const listOf = (id: string | undefined): string[] => (id === undefined ? [] : [id]);

function sliderItems(config: SlotConfig, fetched: FetchedSlotData, entity: CmsPageEntity | undefined) {
  const items = configValue(config, 'sliderItems', entity);
  const list = Array.isArray(items) ? items : [];
  return list.flatMap((item) => {
    const [mediaId] = idsOf(item);
    const media = mediaId ? fetched.media.get(mediaId) : undefined;
    if (!media) return [];
    const entry = item as Record<string, unknown>;
    return [{ url: text(entry.url), newTab: entry.newTab === true, media, apiAlias: 'cms_image_slider_item' }];
  });
}

const products = (ids: string[], fetched: FetchedSlotData) => ids.flatMap((id) => (fetched.products.has(id) ? [fetched.products.get(id)!] : []));

/** Element types and their resolvers, keyed by Shopware's element names. */
export const CMS_ELEMENTS: Readonly<Record<string, CmsElement>> = {
  text: {
    needs: () => ({}),
    data: (config, _fetched, entity) => ({ content: sanitizeCmsHtml(text(configValue(config, 'content', entity)) ?? ''), apiAlias: 'cms_text' }),
  },
  image: {
    needs: (config, entity) => ({ media: idsOf(configValue(config, 'media', entity)) }),
    data: (config, fetched, entity) => {
      const [mediaId] = idsOf(configValue(config, 'media', entity));
      return {
        mediaId: mediaId ?? null,
        url: text(configValue(config, 'url', entity)),
        newTab: configValue(config, 'newTab', entity) === true,
        media: (mediaId && fetched.media.get(mediaId)) || null,
        apiAlias: 'cms_image',
      };
    },
  },
  'image-slider': {
    needs: (config, entity) => ({ media: idsOf(configValue(config, 'sliderItems', entity)) }),
    data: (config, fetched, entity) => ({ sliderItems: sliderItems(config, fetched, entity), apiAlias: 'cms_image_slider' }),
  },
  'image-gallery': {
    // mapped to the page's product (`product.media`) or static slider items
    needs: (config, entity) => (config.sliderItems?.source === 'mapped' ? { gallery: pageProductId(entity) !== undefined } : { media: idsOf(configValue(config, 'sliderItems', entity)) }),
    data: (config, fetched, entity) => ({
      sliderItems:
        config.sliderItems?.source === 'mapped'
          ? (fetched.gallery ?? []).map((media) => ({ url: null, newTab: false, media, apiAlias: 'cms_image_slider_item' }))
          : sliderItems(config, fetched, entity),
      apiAlias: 'cms_image_slider',
    }),
  },
  'product-box': {
    needs: (config, entity) => ({ products: idsOf(configValue(config, 'product', entity), 'id') }),
    data: (config, fetched, entity) => {
      const [productId] = idsOf(configValue(config, 'product', entity), 'id');
      return { productId: productId ?? null, product: (productId && fetched.products.get(productId)) || null, apiAlias: 'cms_product_box' };
    },
  },
  'product-slider': {
    needs: (config, entity) => ({ products: idsOf(configValue(config, 'products', entity), 'id') }),
    data: (config, fetched, entity) => ({ products: products(idsOf(configValue(config, 'products', entity), 'id'), fetched), streamId: null, apiAlias: 'cms_product_slider' }),
  },
  'product-listing': {
    // a category page lists its category; a layout read on its own lists the route's navigation category
    needs: (_config, entity) => ({ listing: entity === undefined || entity.name === 'category' }),
    data: (_config, fetched) => ({ listing: fetched.listing ?? null, apiAlias: 'cms_product_listing' }),
  },
  'buy-box': {
    needs: (config, entity) => ({ products: listOf(boundProductId(config, entity)), reviews: listOf(boundProductId(config, entity)) }),
    data: (config, fetched, entity) => {
      const productId = boundProductId(config, entity) ?? null;
      return { productId, product: (productId && fetched.products.get(productId)) || null, totalReviews: (productId && fetched.reviews.get(productId)?.total) || 0, apiAlias: 'cms_buy_box' };
    },
  },
  'product-description-reviews': {
    needs: (config, entity) => ({ products: listOf(boundProductId(config, entity)), reviews: listOf(boundProductId(config, entity)) }),
    data: (config, fetched, entity) => {
      const productId = boundProductId(config, entity) ?? null;
      const reviews = productId ? fetched.reviews.get(productId) : undefined;
      return {
        productId,
        product: (productId && fetched.products.get(productId)) || null,
        reviews: { total: reviews?.total ?? 0, elements: reviews?.elements ?? [], apiAlias: 'product_review_result' },
        ratingSuccess: false,
        apiAlias: 'cms_product_description_reviews',
      };
    },
  },
  'cross-selling': {
    // the product itself is read too: only a product the channel sells shows its cross-sellings
    needs: (config, entity) => ({ products: listOf(boundProductId(config, entity)), crossSellings: listOf(boundProductId(config, entity)) }),
    data: (config, fetched, entity) => {
      const productId = boundProductId(config, entity);
      return { crossSellings: (productId && fetched.crossSellings.get(productId)) || [], apiAlias: 'cms_cross_selling' };
    },
  },
  // the storefront draws these from the context (the navigation tree, the form's fields): no data
  'category-navigation': { needs: () => ({}), data: () => null },
  form: { needs: () => ({}), data: () => null },
};

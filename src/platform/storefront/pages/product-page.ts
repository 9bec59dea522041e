import type { FastifyReply, FastifyRequest } from 'fastify';
import sanitizeHtml from 'sanitize-html';
import { loadProductCrossSellings } from '../../catalog/store/product-cross-selling.js';
import { loadProductDetail } from '../../catalog/store/product-detail.js';
import type { SalesChannelProduct } from '../../catalog/store/sales-channel-product-loader.js';
import { loadResolvedCmsPage } from '../../cms/load-cms-page.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { renderPage } from '../http/index.js';
import { categoryBreadcrumbs, productCategory } from './breadcrumbs.js';
import { cmsLayoutView } from './cms-layout-view.js';
import { productCards } from './listing-cards.js';
import { productReviews } from './product-review-list.js';
import { deliveryInfo, quantityLimits, stockInfo } from './product-buy-info.js';
import { productStructuredData } from './product-structured-data.js';
import { variantGroupLinks } from './product-variant-links.js';
import type { StorefrontServices } from './storefront-services.js';

/** Elements of a product layout the product page draws in its own places. */
const PAGE_DRAWN_ELEMENTS: ReadonlySet<string> = new Set(['image-gallery', 'buy-box', 'product-description-reviews', 'cross-selling']);

/** The product page (`/detail/{id}` and the product's SEO paths): unknown, inactive and invisible products are a 404 page. */
export function productPageRenderer(services: StorefrontServices) {
  const { platform, contexts } = services;
  const mediaBaseUrl = platform.env.appUrl;
  const cmsDeps = { registry: platform.entities, mediaBaseUrl };
  /**
   * The product's layout (Shopping Experiences), drawn below the product: the page draws its gallery, buy
   * box, description and reviews and cross-selling itself, so those elements of the layout are left out.
   */
  const productLayout = async (request: FastifyRequest, context: SalesChannelContext, product: SalesChannelProduct) => {
    if (!product.layout) return null;
    const page = await loadResolvedCmsPage(platform.db, cmsDeps, context, product.layout.cmsPageId, {
      entity: { name: 'product', record: { ...product, slotConfig: product.layout.slotConfig } },
    });
    return page ? cmsLayoutView(platform.db, context, page, mediaBaseUrl, { skip: PAGE_DRAWN_ELEMENTS, services, request }) : null;
  };
  return async (request: FastifyRequest, reply: FastifyReply, productId: string) => {
    const [context, { origin }] = await Promise.all([contexts.contextOf(request), contexts.channelOf(request)]);
    // unknown, inactive and invisible products are a 404 page
    const detail = await loadProductDetail(platform.db, context, productId, { mediaBaseUrl });
    const { product } = detail;
    const category = await productCategory(platform.db, context, product.id, product.parentId);
    const breadcrumbs = category ? await categoryBreadcrumbs(platform.db, context, category, true) : [{ name: 'Home', url: '/' }];
    breadcrumbs.push({ name: product.name, url: null });
    const query = request.query as Record<string, unknown> | undefined;
    const reviewPage = Math.max(1, Number.parseInt(String(query?.reviewPage ?? '1'), 10) || 1);
    // reviews usually sit on the parent; the list covers its variants too
    const [variantGroups, reviews, crossSellings] = await Promise.all([
      variantGroupLinks(platform.db, context, detail),
      productReviews(platform.db, platform.entities, context, product.parentId ?? product.id, reviewPage),
      loadProductCrossSellings(platform.db, context, product.id, { mediaBaseUrl }),
    ]);
    const canonicalUrl = `${origin}/detail/${product.id}`;
    const layout = await productLayout(request, context, product);
    // cards as in listings (rating, quick add or "choose options"), one query for all the page's rows
    const crossSellingRows = crossSellings.filter((element) => element.products.length > 0);
    const cards = await productCards(platform.db, crossSellingRows.flatMap((element) => element.products));
    let next = 0;
    const crossSellingGroups = crossSellingRows.map((element) => ({ id: element.crossSelling.id, name: element.crossSelling.name, products: element.products.map(() => cards[next++]!) }));
    const meta = productMeta(product);
    return renderPage(reply, 'page/product.njk', {
      pageTitle: meta.title,
      metaDescription: meta.description,
      breadcrumbs,
      currency: context.currency,
      product,
      stock: stockInfo(product),
      delivery: deliveryInfo(product, context.shippingMethod),
      quantity: quantityLimits(product),
      options: detail.options.map((option) => ({ group: option.group.name, name: option.name })),
      properties: detail.properties.map((option) => ({ group: option.group.name, name: option.name })),
      gallery: detail.gallery,
      canonicalUrl,
      variantGroups,
      reviews,
      reviewProductId: product.parentId ?? product.id,
      crossSellings: crossSellingGroups,
      layout,
      structuredData: productStructuredData(product, {
        url: canonicalUrl,
        currency: context.currency,
        image: (detail.gallery[0] ?? product.cover)?.url ?? null,
        rating: { average: reviews.average, total: reviews.total },
      }),
    });
  };
}

/** Search engines show about this many characters of a description. */
const META_DESCRIPTION_LENGTH = 160;

/**
 * The page's `<title>` text and meta description: the product's SEO texts (translated), else its name and its
 * (HTML) description as plain text, cut at a word to 160 characters. The template escapes both.
 */
export function productMeta(product: Pick<SalesChannelProduct, 'name' | 'description' | 'metaTitle' | 'metaDescription'>): { title: string; description: string | null } {
  const title = product.metaTitle?.trim() || product.name;
  // the SEO text is plain text already: a `<` in it is a character, escaped by the template
  const own = product.metaDescription?.replace(/\s+/g, ' ').trim() ?? '';
  return { title, description: own || shorten(plainText(product.description ?? ''), META_DESCRIPTION_LENGTH) || null };
}

/** Text without tags or entities, whitespace collapsed. */
function plainText(html: string): string {
  const text = sanitizeHtml(html.replace(/<(br|\/p|\/div|\/li|\/h[1-6])\b[^>]*>/gi, ' $&'), { allowedTags: [], allowedAttributes: {} });
  // sanitize-html answers text escaped; the template escapes it once more
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name]!).replace(/\s+/g, ' ').trim();
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?–-]+$/, '')}…`;
}

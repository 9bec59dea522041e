import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ShopLayout, StorefrontFramework } from './framework.js';
import { frameworkOf } from './framework.js';
import { DEFAULT_SHOP_NAME } from '../../mail/mail-settings.js';
import { consumeFlashes, type FlashMessage } from './flash.js';
import { loadStorefrontContext } from './session.js';
import type { NavigationItem, StorefrontCustomer } from './types.js';

export { DEFAULT_SHOP_NAME };

/** What every page template receives besides its own data. */
export interface CommonPageData {
  shopName: string;
  /** The channel's brand, currency choice and footer links. */
  shop: ShopLayout;
  navigation: NavigationItem[];
  /** Items in the visitor's cart (sum of quantities). */
  cartCount: number;
  customer: StorefrontCustomer | undefined;
  csrfToken: string;
  /** Flash messages, consumed by this render. */
  flashes: FlashMessage[];
  /** The request path without the query string. */
  currentPath: string;
  /** The request path with its query string: where a form in the layout sends the visitor back to. */
  currentUrl: string;
}


/**
 * Renders `template` with the common page data merged under `data` (keys in `data` win) and sends it
 * as an HTML page. Works on any route; storefront routes have their visitor context loaded already.
 */
export async function renderPage(reply: FastifyReply, template: string, data: Record<string, unknown> = {}, status = 200): Promise<FastifyReply> {
  const framework = frameworkOf(reply.server);
  const common = await commonPageData(framework, reply.request, reply, false);
  const html = await framework.views.render(template, { ...common, ...data });
  return sendHtml(reply, html, status);
}

/**
 * The common page data. `tolerant` (error pages) swallows failures of the providers, so a broken
 * database still gets a readable error page.
 */
export async function commonPageData(
  framework: StorefrontFramework,
  request: FastifyRequest,
  reply: FastifyReply,
  tolerant: boolean,
): Promise<CommonPageData> {
  const attempt = async <T>(what: string, load: () => Promise<T>, fallback: () => T): Promise<T> => {
    if (!tolerant) return load();
    try {
      return await load();
    } catch (error) {
      request.log.error({ err: error }, `error page: ${what} failed`);
      return fallback();
    }
  };
  const context = await attempt('visitor context', () => loadStorefrontContext(request, reply), () => ({
    sessionToken: request.storefront?.sessionToken ?? '',
    customer: undefined,
    buyer: undefined,
  }));
  const [shop, navigation, cartCount] = await Promise.all([
    attempt('shop layout', () => framework.shopLayout(request), (): ShopLayout => ({ shopName: DEFAULT_SHOP_NAME })),
    attempt('navigation', () => framework.navigation(request), (): NavigationItem[] => []),
    attempt('cart count', () => framework.cartCount(request), () => 0),
  ]);
  return {
    shopName: shop.shopName,
    shop,
    navigation,
    cartCount,
    customer: context.customer,
    csrfToken: context.sessionToken ? framework.csrf.tokenFor(context.sessionToken) : '',
    flashes: consumeFlashes(request, reply),
    currentPath: request.url.split('?')[0] ?? '/',
    currentUrl: request.url,
  };
}

/** Sends a page: personal (CSRF token, customer name), so private and revalidated; never framed elsewhere. */
export function sendHtml(reply: FastifyReply, html: string, status: number): FastifyReply {
  const defaults: Record<string, string> = {
    'cache-control': 'private, no-cache',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  for (const [name, value] of Object.entries(defaults)) if (!reply.hasHeader(name)) reply.header(name, value);
  return reply.status(status).type('text/html; charset=utf-8').send(html);
}

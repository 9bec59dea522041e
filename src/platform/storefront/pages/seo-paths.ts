import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../errors/app-error.js';
import { uriTooLong } from '../../http/framework-errors.js';
import { canonicalSeoPaths, resolveSeoPath } from '../../seo/seo-url-lookup.js';
import { loadStorefrontContext } from '../http/session.js';
import type { CatalogPageRenderers } from './catalog-pages.js';
import type { StorefrontServices } from './storefront-services.js';

// a link to a technical catalog path, optionally absolute with the page's origin, with its query or fragment
const TECHNICAL_LINK = /href="((?:https?:\/\/[^"/]+)?)(\/(?:detail|navigation|landingPage)\/[0-9a-f]{32})((?:[?#][^"]*)?)"/g;

/**
 * Links of the shop's HTML pages to products, categories and landing pages point at their canonical SEO
 * path: pages render the technical path (`/detail/{id}`) and the links are replaced as the page is sent,
 * with one query for all of a page's links (as Shopware's placeholder handler does). A link without a SEO
 * URL keeps its technical path, which keeps working.
 */
export function registerSeoLinks(app: FastifyInstance, services: StorefrontServices): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    const paths = [...new Set([...payload.matchAll(TECHNICAL_LINK)].map((match) => match[2]!))];
    if (paths.length === 0) return payload;
    let seoPaths: Map<string, string>;
    try {
      const { salesChannel } = await services.contexts.channelOf(request);
      seoPaths = await canonicalSeoPaths(services.platform.db, salesChannel.id, salesChannel.languageId, paths);
    } catch (error) {
      // an error page must still go out (a closed shop, a broken database): with its technical links
      request.log.error({ err: error }, 'SEO links could not be resolved');
      return payload;
    }
    if (seoPaths.size === 0) return payload;
    return payload.replace(TECHNICAL_LINK, (link, origin: string, path: string, rest: string) => {
      const seoPath = seoPaths.get(path);
      return seoPath === undefined ? link : `href="${origin}/${seoPath}${rest}"`;
    });
  });
}

/** The Admin API and the Store API keep their own 404s. */
function isApiPath(path: string): boolean {
  return /^\/(api|store-api)(\/|$)/.test(path);
}

/**
 * An API path no route took: 404, or the router's 414 when a part is longer than a route parameter may
 * be (the router then matches no parametric route, and this catch-all would otherwise answer it).
 */
function apiMiss(request: FastifyRequest, path: string): Error {
  const tooLong = path.split('/').some((part) => part.length > request.server.initialConfig.maxParamLength!);
  return tooLong ? uriTooLong() : errors.routeNotFound(request.method, request.url);
}

/**
 * Pages under their SEO paths (`/Main-product/SW10001`, `/Clothing/Men/`): every GET no other route takes
 * is looked up among the channel's SEO URLs. The canonical one renders the page; an earlier one (the
 * entity was renamed) answers 301 to the canonical one; anything else is the shop's 404 page, as before.
 */
export function registerSeoPaths(app: FastifyInstance, services: StorefrontServices, pages: CatalogPageRenderers): void {
  app.get('/*', { config: { storefrontResponds: 'html' } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const [rawPath = '', search = ''] = splitUrl(request.url);
    if (isApiPath(rawPath)) throw apiMiss(request, rawPath);
    const seoPathInfo = decodePath(rawPath.slice(1));
    const { salesChannel } = await services.contexts.channelOf(request);
    const resolved = seoPathInfo === undefined ? undefined : await resolveSeoPath(services.platform.db, salesChannel.id, salesChannel.languageId, seoPathInfo);
    if (!resolved) throw errors.routeNotFound(request.method, request.url);
    if (resolved.redirectTo !== null) return reply.redirect(`/${resolved.redirectTo}${search}`, 301);
    await loadStorefrontContext(request, reply);
    const [, kind, id = ''] = resolved.pathInfo.split('/');
    const query = request.query as { order?: unknown; p?: unknown };
    if (kind === 'detail') return pages.productPage(request, reply, id);
    if (kind === 'navigation') return pages.categoryPage(request, reply, id, query);
    return pages.landingPage(request, reply, id);
  });
}

function splitUrl(url: string): [string, string] {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

function decodePath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

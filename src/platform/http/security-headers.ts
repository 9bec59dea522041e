import type { FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

type Directives = Record<string, string[]>;
type RouteHelmetOptions = Omit<FastifyHelmetOptions, 'global'>;

/** The security headers of every answer, and the Administration page's own variant of them. */
export interface SecurityHeaderPolicy {
  /** Every response of the platform: storefront pages, Admin API and Store API answers, assets, media. */
  global: FastifyHelmetOptions;
  /** The Administration's index.html: a per-response nonce for the `<style>` elements Mantine inserts. */
  adminPage: RouteHelmetOptions;
}

/** Public media files: the same file is shown by other sites (a gateway's hosted page shows the shop's logo). */
const CROSS_ORIGIN_PATHS = ['/media/'];

/**
 * The Content-Security-Policy and the other headers helmet sets, decided once per process from APP_URL.
 *
 * - Scripts and styles come from the shop's own origin only: the storefront has no inline script, style
 *   element or style attribute, and the Administration's bundle is a file too. The one exception are the
 *   `<style>` elements Mantine adds at run time (its CSS variables), which carry the page's nonce.
 * - Nobody may frame any page (`frame-ancestors 'none'`, `X-Frame-Options: DENY`): no page of the shop is
 *   meant to be shown inside another site, /admin and the Admin API least of all.
 * - No `form-action` on storefront pages: placing an order posts to the shop, which answers with a redirect
 *   to the gateway's hosted page, and browsers apply `form-action` to that redirect too. Where that page
 *   lives is the gateway's answer to each payment (not the API base URL in the settings), so no list of
 *   origins written here could allow it. The Administration posts no form and gets `form-action 'self'`.
 * - Images may also come from APP_URL's origin (media URLs are absolute) and from `data:` URLs.
 * - With an https APP_URL: Strict-Transport-Security and `upgrade-insecure-requests`; over plain http
 *   (a local shop) neither, as they would send the browser to an https port nobody listens on.
 */
export function securityHeaderPolicy(appUrl: string): SecurityHeaderPolicy {
  const origin = new URL(appUrl).origin;
  const https = origin.startsWith('https:');
  const self = ["'self'"];
  const directives: Directives = {
    'default-src': self,
    'base-uri': self,
    'object-src': ["'none'"],
    'script-src': self,
    'script-src-attr': ["'none'"],
    'style-src': self,
    'img-src': [...self, 'data:', ...(origin === 'null' ? [] : [origin])],
    'font-src': self,
    'connect-src': self,
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
  const global: FastifyHelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    // the full address to the shop itself (the login's way back reads it), nothing to other sites
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // helmet's defaults for the rest: nosniff, Cross-Origin-Opener-Policy and -Resource-Policy same-origin,
    // Origin-Agent-Cluster, X-DNS-Prefetch-Control off, X-Permitted-Cross-Domain-Policies none
  };
  const adminPage: RouteHelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: { ...directives, 'form-action': self } },
    // adds 'nonce-…' to script-src and style-src of this answer; reply.cspNonce carries them
    enableCSPNonces: true,
  };
  return { global, adminPage };
}

/**
 * Registers @fastify/helmet for every route of the app. Call it before any route and any other hook, so
 * even a refused request (401, 404, 413) carries the headers. Public media get
 * `Cross-Origin-Resource-Policy: cross-origin` instead of same-origin.
 */
export async function registerSecurityHeaders(app: FastifyInstance, policy: SecurityHeaderPolicy): Promise<void> {
  // before helmet's own onRoute hook, which turns a route's `helmet` option into its configuration
  app.addHook('onRoute', (route) => {
    if (route.helmet === undefined && CROSS_ORIGIN_PATHS.some((prefix) => route.url.startsWith(prefix))) {
      route.helmet = { crossOriginResourcePolicy: { policy: 'cross-origin' } };
    }
  });
  await app.register(helmet, policy.global);
}

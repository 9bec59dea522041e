import type { FastifyRequest } from 'fastify';

/** The Admin API and the Store API keep their JSON error shapes, whatever the client accepts. */
function isApiPath(path: string): boolean {
  return /^\/(api|store-api)(\/|$)/.test(path);
}

/** XHR calls and clients that ask for JSON (and not for HTML, as browsers navigating do). */
export function wantsJson(request: FastifyRequest): boolean {
  if (String(request.headers['x-requested-with'] ?? '').toLowerCase() === 'xmlhttprequest') return true;
  const accept = String(request.headers.accept ?? '').toLowerCase();
  return /\bjson\b/.test(accept) && !accept.includes('text/html');
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = String(request.headers.accept ?? '').toLowerCase();
  return accept.includes('text/html') || accept.includes('application/xhtml+xml');
}

/**
 * Whether an error of this request is answered with an HTML page: never on API paths or for JSON
 * clients; always on storefront HTML routes and unknown shop paths (a link typed by hand or an old
 * bookmark is read by a person, whatever the client's Accept header says); on other modules' routes
 * (webhooks, media) when the client accepts HTML.
 */
export function answersWithHtml(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? request.url;
  if (isApiPath(path)) return false;
  const responds = request.routeOptions.config?.storefrontResponds;
  if (responds === 'json' || wantsJson(request)) return false;
  return responds === 'html' || request.is404 || acceptsHtml(request);
}

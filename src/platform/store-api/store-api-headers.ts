import type { FastifyRequest } from 'fastify';

/** `sw-include-seo-urls`: products, categories and landing pages carry their canonical SEO URL as `seoUrls`. */
export const HEADER_INCLUDE_SEO_URLS = 'sw-include-seo-urls';
/** `sw-language-id`: accepted and ignored; the context's language (`PATCH /store-api/context` `languageId`) decides. */
export const HEADER_LANGUAGE_ID = 'sw-language-id';

/** Whether the request asks for SEO URLs (`sw-include-seo-urls: 1` or `true`). */
export function includeSeoUrls(request: FastifyRequest): boolean {
  const value = request.headers[HEADER_INCLUDE_SEO_URLS];
  const first = Array.isArray(value) ? value[0] : value;
  return first === '1' || first?.toLowerCase() === 'true';
}

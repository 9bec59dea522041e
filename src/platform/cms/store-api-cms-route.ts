import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { documentedOnly, entityRef, IdString, typed } from '../http/schemas/index.js';
import type { PlatformServices } from '../platform-services.js';
import { StoreApiHeaders, storeApiErrors } from '../store-api/store-api-schemas.js';
import { categoryListingLoader } from './cms-listing.js';
import { cmsPageNotFound, loadResolvedCmsPage } from './load-cms-page.js';

const CmsParams = Type.Object({ id: IdString() });
const CmsInput = Type.Object(
  {
    slots: Type.Optional(Type.String({ maxLength: 4000, description: 'Resolve only these slot ids, separated by `|`.' })),
    navigationId: Type.Optional(Type.String({ maxLength: 64, description: 'The category a product-listing slot lists (default: the channel\'s navigation category).' })),
  },
  { additionalProperties: true },
);
const CmsPageResponse = documentedOnly({ ...entityRef('cms_page'), description: 'The layout with its sections, blocks and slots, each slot\'s `data` resolved.' });

/**
 * `GET|POST /store-api/cms/{id}`: Shopware's CmsRoute, a layout with its slots resolved for the context.
 * Listing parameters (`order`, `p`, `limit`, filters) apply to a product-listing slot, which lists the
 * `navigationId` category (default: the channel's navigation category). Unknown id: 404
 * `CONTENT__CMS_PAGE_NOT_FOUND`.
 */
export function registerCmsStoreApiRoute(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'entities' | 'env'>): void {
  const deps = { registry: platform.entities, mediaBaseUrl: platform.env.appUrl };
  const db = platform.db;
  const load = async (request: FastifyRequest, pageId: string, input: Record<string, unknown>) => {
    const context = request.salesChannelContext;
    const slots = typeof input.slots === 'string' && input.slots !== '' ? new Set(input.slots.toLowerCase().split('|')) : undefined;
    const navigationId = typeof input.navigationId === 'string' ? input.navigationId : context.salesChannel.navigationCategoryId;
    const page = await loadResolvedCmsPage(db, deps, context, pageId, {
      onlySlots: slots,
      loadListing: categoryListingLoader(db, deps, context, navigationId, input),
    });
    if (!page) throw cmsPageNotFound(pageId);
    return page;
  };
  const schema = {
    tags: ['Content'],
    summary: 'Fetch and resolve a CMS page',
    headers: StoreApiHeaders,
    params: CmsParams,
    response: { 200: CmsPageResponse, ...storeApiErrors({ 404: 'CONTENT__CMS_PAGE_NOT_FOUND: no layout with this id.', 400: 'Invalid listing parameters.' }) },
  };
  const routes = typed(app);
  routes.get('/store-api/cms/:id', { schema: { ...schema, querystring: CmsInput } }, (request) => load(request, request.params.id, request.query as Record<string, unknown>));
  routes.post('/store-api/cms/:id', { schema: { ...schema, body: Type.Optional(CmsInput) } }, (request) => load(request, request.params.id, (request.body ?? {}) as Record<string, unknown>));
}

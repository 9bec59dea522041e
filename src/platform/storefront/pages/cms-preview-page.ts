import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { renderPage, storefrontRoutes } from '../http/index.js';
import { cmsPageNotFound, loadResolvedCmsPage } from '../../cms/load-cms-page.js';
import { categoryListingLoader } from '../../cms/cms-listing.js';
import { cmsLayoutView } from './cms-layout-view.js';
import { registerCmsDraftPreviewRoute } from './cms-draft-preview-route.js';
import type { StorefrontServices } from './storefront-services.js';

const CmsPreview = { params: Type.Object({ cmsPageId: Type.String() }) };

/**
 * `GET /cms-preview/{cmsPageId}`: a saved layout drawn in the shop's frame as the storefront draws it on a page,
 * for the Administration's preview at three widths. The one page the shop's own origin may frame (every other
 * page answers `frame-ancestors 'none'`); never indexed. It shows nothing a visitor could not read through
 * `GET /store-api/cms/{id}`: the layout's slots resolved for the request's channel. An unknown id is a 404 page.
 * `POST /cms-preview` (cms-draft-preview-route.ts) draws the editor's unsaved draft the same way.
 */
export function registerCmsPreviewPage(app: FastifyInstance, services: StorefrontServices): void {
  const { platform, contexts } = services;
  const mediaBaseUrl = platform.env.appUrl;
  const deps = { registry: platform.entities, mediaBaseUrl };
  storefrontRoutes(app).page(
    '/cms-preview/:cmsPageId',
    async (request, reply) => {
      const context = await contexts.contextOf(request);
      const page = await loadResolvedCmsPage(platform.db, deps, context, request.params.cmsPageId, {
        loadListing: categoryListingLoader(platform.db, deps, context, context.salesChannel.navigationCategoryId, {}),
      });
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
      reply.header('x-frame-options', 'SAMEORIGIN');
      reply.header('x-robots-tag', 'noindex');
      if (!page) throw cmsPageNotFound(request.params.cmsPageId);
      // with the storefront's services and the request, as the shop's pages draw it: forms included
      const layout = await cmsLayoutView(platform.db, context, page, mediaBaseUrl, { services, request });
      return renderPage(reply, 'page/cms-preview.njk', { layout, layoutName: page.name, currency: context.currency });
    },
    { schema: CmsPreview },
  );
  registerCmsDraftPreviewRoute(app, services);
}

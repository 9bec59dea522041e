import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { requirePrivileges } from '../../acl/context.js';
import { errors } from '../../errors/app-error.js';
import { Id, typed } from '../../http/schemas/index.js';
import { newId } from '../../ids.js';
import { categoryListingLoader } from '../../cms/cms-listing.js';
import { resolveDraftCmsPage } from '../../cms/draft-cms-page.js';
import { slotConfigProblem } from '../../cms/slot-config.js';
import { renderPage } from '../http/index.js';
import { cmsLayoutView } from './cms-layout-view.js';
import type { StorefrontServices } from './storefront-services.js';

/** The privilege of the Administration's layout editor, whose preview this is. */
export const CMS_DRAFT_PREVIEW_PRIVILEGE = 'cms_page:read';
/** A layout of 50 sections of 50 blocks with long texts stays far below this; a larger body is a 413. */
export const CMS_DRAFT_BODY_LIMIT = 2 * 1024 * 1024;

const Name = (maxLength: number) => Type.String({ maxLength });
const ConfigField = Type.Object({ source: Type.Union([Type.Literal('static'), Type.Literal('mapped'), Type.Literal('default')]), value: Type.Unknown() });
const DraftSlot = Type.Object({ id: Id(), type: Name(64), slot: Name(64), config: Type.Record(Type.String({ maxLength: 64 }), ConfigField) });
const DraftBlock = Type.Object({
  id: Id(),
  type: Name(64),
  // the column of a sidebar section; absent: the stored block's, else `main`
  sectionPosition: Type.Optional(Type.Union([Type.Literal('main'), Type.Literal('sidebar')])),
  // absent: the stored block's; null: none (the stylesheet takes only #hex colours, others draw nothing)
  backgroundColor: Type.Optional(Type.Union([Name(50), Type.Null()])),
  slots: Type.Array(DraftSlot, { maxItems: 20 }),
});
const DraftSection = Type.Object({
  id: Id(),
  type: Type.Union([Type.Literal('default'), Type.Literal('sidebar')]),
  // absent: the stored section's, else the database's default
  sizingMode: Type.Optional(Type.Union([Type.Literal('boxed'), Type.Literal('full_width')])),
  mobileBehavior: Type.Optional(Type.Union([Type.Literal('wrap'), Type.Literal('hidden')])),
  backgroundColor: Type.Optional(Type.Union([Name(50), Type.Null()])),
  blocks: Type.Array(DraftBlock, { maxItems: 200 }),
});
const CmsDraftBody = Type.Object(
  {
    cmsPageId: Type.Optional(Type.Union([Id({ description: 'The stored layout the draft edits; absent or null for a new one.' }), Type.Null()])),
    name: Name(255),
    type: Name(50),
    sections: Type.Array(DraftSection, { maxItems: 100 }),
  },
  { additionalProperties: false },
);

/**
 * `POST /cms-preview`: an unsaved layout (the editor's draft as JSON) drawn in the shop's frame exactly as
 * `GET /cms-preview/{id}` draws a stored one, so the Administration previews every change before it is saved.
 * Nothing is written. It draws content nobody stored, so unlike the GET it answers only the Administration:
 * an Admin API bearer token (401 without a valid one) whose caller may read layouts (403 otherwise), checked
 * before the body is read. The HTML is answered to the editor's script, which shows it in the preview frame;
 * errors are the Admin API's JSON shape.
 */
export function registerCmsDraftPreviewRoute(app: FastifyInstance, services: StorefrontServices): void {
  const { platform, contexts } = services;
  const mediaBaseUrl = platform.env.appUrl;
  const deps = { registry: platform.entities, mediaBaseUrl };
  typed(app).post(
    '/cms-preview',
    {
      schema: { body: CmsDraftBody },
      bodyLimit: CMS_DRAFT_BODY_LIMIT,
      config: { storefrontResponds: 'json' },
      onRequest: async (request) => {
        requirePrivileges(await platform.tokens.authenticate(request.headers.authorization), [CMS_DRAFT_PREVIEW_PRIVILEGE]);
      },
    },
    async (request, reply) => {
      const draft = request.body;
      // the rules a save would apply to each slot's config (mapped values are paths), at the slot's pointer
      draft.sections.forEach((section, si) =>
        section.blocks.forEach((block, bi) =>
          block.slots.forEach((slot, sli) => {
            const problem = slotConfigProblem(slot.config);
            if (problem) throw errors.invalidRequest(`The config ${problem}.`, `/sections/${si}/blocks/${bi}/slots/${sli}/config`);
          }),
        ),
      );
      const context = await contexts.contextOf(request);
      const page = await resolveDraftCmsPage(platform.db, deps, context, draft.cmsPageId ?? newId(), draft, {
        loadListing: categoryListingLoader(platform.db, deps, context, context.salesChannel.navigationCategoryId, {}),
      });
      const layout = await cmsLayoutView(platform.db, context, page, mediaBaseUrl, { services, request });
      reply.header('x-robots-tag', 'noindex');
      reply.header('cache-control', 'no-store');
      return renderPage(reply, 'page/cms-preview.njk', { layout, layoutName: draft.name, currency: context.currency });
    },
  );
}

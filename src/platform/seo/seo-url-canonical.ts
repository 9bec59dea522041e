import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from '@sinclair/typebox';
import { requirePrivileges } from '../acl/context.js';
import { transaction, type UnitOfWork } from '../database/transaction.js';
import { errors } from '../errors/app-error.js';
import { errorResponses, Id, noContent, typed } from '../http/schemas/index.js';
import { newId } from '../ids.js';
import type { PlatformServices } from '../platform-services.js';
import { SEO_ROUTES, type SeoRouteName } from './entities.js';
import { refreshSeoUrls, SEO_URL_LOCK, type SeoUrlRefresh } from './seo-url-updater.js';
import { SITEMAP_DELAY_SECONDS, SITEMAP_QUEUE } from './sitemap-job.js';

const PRIVILEGES = ['seo_url:create', 'seo_url:update'];

/** First path segments the shop's own pages and APIs answer: a SEO path there would never be reached. */
const RESERVED = new Set([
  'api', 'store-api', 'admin', 'assets', 'media', 'thumbnail', 'detail', 'navigation', 'landingPage', 'product', 'account', 'checkout', 'context',
  'wishlist', 'search', 'suggest', 'registration', 'newsletter', 'contact', 'cms-preview', 'widgets', 'sitemap.xml', 'robots.txt',
]);

const KIND_OF: Record<SeoRouteName, SeoUrlRefresh['kind']> = { [SEO_ROUTES.product]: 'product', [SEO_ROUTES.category]: 'category', [SEO_ROUTES.landingPage]: 'landingPage' };

const CanonicalBody = Type.Object(
  {
    foreignKey: Id({ description: 'The product, category or landing page.' }),
    routeName: Type.String({ enum: Object.values(SEO_ROUTES) }),
    salesChannelId: Id(),
    languageId: Id(),
    seoPathInfo: Type.Optional(Type.String({ maxLength: 750, description: 'The path without the leading slash (`mugs/harbour`). Needed unless `isModified` is false.' })),
    isModified: Type.Optional(Type.Boolean({ description: 'false: the merchant\'s path is given up and the template\'s path becomes canonical again. Default true.' })),
  },
  { additionalProperties: true },
);

/** `mugs/harbour`: segments of letters, digits and `-._~`, no empty ones; the reason it is not, else undefined. */
export function seoPathProblem(path: string): string | undefined {
  if (path === '') return 'must not be empty';
  if (!/^[\p{L}\p{N}\-._~]+(\/[\p{L}\p{N}\-._~]+)*\/?$/u.test(path)) return 'may hold letters, digits, "-", ".", "_", "~" and "/" between segments only';
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return 'must not have "." or ".." segments';
  if (RESERVED.has(path.split('/')[0]!)) return `must not start with "${path.split('/')[0]}", a path of the shop's own pages`;
  return undefined;
}

/**
 * Makes `seoPathInfo` the entity's canonical path in the channel and language, marked `is_modified` so the
 * template's path no longer replaces it; its earlier canonical path stays and redirects (301) to it, as
 * after a rename. Another page's canonical path is refused; an old redirect of another page gives way.
 */
async function setCanonical(uow: UnitOfWork, input: { foreignKey: string; routeName: SeoRouteName; salesChannelId: string; languageId: string; seoPathInfo: string }): Promise<void> {
  const db = uow.db;
  await sql`SELECT pg_advisory_xact_lock(${SEO_URL_LOCK})`.execute(db);
  const scope = (q: any) => q.where('sales_channel_id', '=', input.salesChannelId).where('language_id', '=', input.languageId);
  const own = (await scope(db.selectFrom('seo_url').select(['id', 'seo_path_info', 'is_canonical', 'is_deleted']))
    .where('route_name', '=', input.routeName)
    .where('foreign_key', '=', input.foreignKey)
    .execute()) as Array<{ id: string; seo_path_info: string; is_canonical: boolean; is_deleted: boolean }>;
  const canonical = own.find((row) => row.is_canonical);
  if (!canonical || canonical.is_deleted) throw errors.badRequest('SEO__NOT_SHOWN', 'This page has no SEO URL in the sales channel: it is not shown there (inactive or not visible).', '/foreignKey');
  const holder = (await scope(db.selectFrom('seo_url').select(['id', 'foreign_key', 'route_name', 'is_canonical', 'is_deleted'])).where('seo_path_info', '=', input.seoPathInfo).executeTakeFirst()) as
    | { id: string; foreign_key: string; route_name: string; is_canonical: boolean; is_deleted: boolean }
    | undefined;
  const mine = holder && holder.foreign_key === input.foreignKey && holder.route_name === input.routeName;
  if (holder && !mine && holder.is_canonical && !holder.is_deleted) throw errors.badRequest('SEO__PATH_TAKEN', `"${input.seoPathInfo}" is already the path of another page in this sales channel.`, '/seoPathInfo');
  const now = new Date();
  if (holder && !mine) await db.deleteFrom('seo_url').where('id', '=', holder.id).execute();
  if (mine && holder.id === canonical.id) {
    await db.updateTable('seo_url').set({ is_modified: true, updated_at: now }).where('id', '=', holder.id).execute();
    return;
  }
  await db.updateTable('seo_url').set({ is_canonical: false, updated_at: now }).where('id', '=', canonical.id).execute();
  if (mine) {
    await db.updateTable('seo_url').set({ is_canonical: true, is_modified: true, is_deleted: false, updated_at: now }).where('id', '=', holder.id).execute();
    return;
  }
  await db
    .insertInto('seo_url')
    .values({
      id: newId(),
      sales_channel_id: input.salesChannelId,
      language_id: input.languageId,
      foreign_key: input.foreignKey,
      route_name: input.routeName,
      path_info: `/${input.routeName === SEO_ROUTES.product ? 'detail' : input.routeName === SEO_ROUTES.category ? 'navigation' : 'landingPage'}/${input.foreignKey}`,
      seo_path_info: input.seoPathInfo,
      is_canonical: true,
      is_modified: true,
    })
    .execute();
}

/** The merchant's path given up: the template's path becomes canonical again (the merchant's one then redirects). */
async function resetCanonical(uow: UnitOfWork, input: { foreignKey: string; routeName: SeoRouteName; salesChannelId: string; languageId: string }): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${SEO_URL_LOCK})`.execute(uow.db);
  await uow.db
    .updateTable('seo_url')
    .set({ is_modified: false, updated_at: new Date() })
    .where('sales_channel_id', '=', input.salesChannelId)
    .where('language_id', '=', input.languageId)
    .where('route_name', '=', input.routeName)
    .where('foreign_key', '=', input.foreignKey)
    .where('is_modified', '=', true)
    .execute();
  const kind = KIND_OF[input.routeName];
  await refreshSeoUrls(uow, kind === 'product' ? { kind, ids: [input.foreignKey] } : { kind });
}

/**
 * Shopware's `PATCH /api/_action/seo-url/canonical`: the Administration sets a page's own SEO path in a sales
 * channel and language (`is_modified`), or gives it up (`isModified: false`). The generic `seo-url` entity
 * stays read-only: the platform keeps one canonical path per page, and earlier ones redirect.
 */
export function registerSeoUrlCanonicalRoute(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'queue'>): void {
  typed(app).patch(
    '/api/_action/seo-url/canonical',
    {
      schema: {
        tags: ['SEO'],
        summary: "Set (or give up) a page's own canonical SEO path",
        description: `Needs \`${PRIVILEGES.join('` and `')}\`. The earlier canonical path stays and redirects to the new one.`,
        body: CanonicalBody,
        response: { 204: noContent('The path is canonical.'), ...errorResponses({ 400: 'An invalid or taken path, or a page not shown in the channel.', 403: 'Missing privileges.' }) },
      },
      // the privileges before the body: a caller without them learns nothing from the validation
      preValidation: async (request) => requirePrivileges(request.apiContext, PRIVILEGES),
    },
    async (request, reply) => {
      const body = request.body;
      const routeName = body.routeName as SeoRouteName;
      if (body.isModified === false) {
        await transaction(platform.db, (uow) => resetCanonical(uow, { ...body, routeName }));
      } else {
        const seoPathInfo = (body.seoPathInfo ?? '').trim().replace(/^\/+/, '');
        const problem = seoPathProblem(seoPathInfo);
        if (problem) throw errors.badRequest('SEO__INVALID_PATH', `The SEO path ${problem}.`, '/seoPathInfo');
        await transaction(platform.db, (uow) => setCanonical(uow, { ...body, routeName, seoPathInfo }));
      }
      if (platform.queue.started) await platform.queue.send(platform.db, SITEMAP_QUEUE, {}, { startAfterSeconds: SITEMAP_DELAY_SECONDS });
      return reply.code(204).send();
    },
  );
}

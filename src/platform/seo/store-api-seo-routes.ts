import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Criteria } from '../entities/criteria/types.js';
import { EntityReader } from '../entities/reader.js';
import { applyIncludes, type EntityRecord } from '../entities/serializer.js';
import { AppError } from '../errors/app-error.js';
import { documentedOnly, typed } from '../http/schemas/index.js';
import { entityRef } from '../http/openapi/entity-schemas.js';
import type { PlatformServices } from '../platform-services.js';
import { StoreApiHeaders, storeApiErrors } from '../store-api/store-api-schemas.js';
import { parseStoreApiCriteria } from '../catalog/store/store-api-criteria.js';
import { searchResult, StoreCriteriaBody, StoreCriteriaQuery } from '../catalog/store/store-api-schemas.js';

const SeoUrlListing = searchResult(Type.Unsafe(entityRef('seo_url')), 'The SEO URLs of the sales channel in the context\'s language that match (deleted ones left out).');

const Sitemaps = documentedOnly(
  Type.Array(
    Type.Object({
      filename: Type.String({ description: 'The file name to download with `GET /store-api/sitemap/{filePath}`.' }),
      created: Type.String({ format: 'date-time' }),
    }),
    { description: 'The sitemap files of the sales channel\'s domains in the context\'s language.' },
  ),
);

/**
 * `seo-url`: criteria over the sales channel's SEO URLs in the context's language (Shopware's SeoUrlRoute);
 * `sitemap` and `sitemap/{filePath}`: the generated sitemap files of the channel's domains in that language.
 */
export function registerSeoStoreApiRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'entities'>): void {
  const routes = typed(app);
  const registry = platform.entities;
  const reader = new EntityReader(registry);

  const searchSeoUrls = async (request: FastifyRequest, criteria: Criteria) => {
    const context = request.salesChannelContext;
    const scoped: Criteria = {
      ...criteria,
      filter: [
        ...(criteria.filter ?? []),
        { type: 'equals', field: 'salesChannelId', value: context.salesChannel.id },
        { type: 'equals', field: 'languageId', value: context.languageId },
        { type: 'equals', field: 'isDeleted', value: false },
      ],
    };
    const { total, entities } = await reader.search(platform.db, registry.get('seo_url'), scoped);
    const elements = entities.map((record: EntityRecord) => ({ ...record, url: null, apiAlias: 'seo_url' }));
    return {
      total,
      elements: applyIncludes(elements, criteria.includes),
      aggregations: {},
      page: criteria.page ?? 1,
      limit: criteria.ids ? null : (criteria.limit ?? null),
      apiAlias: 'dal_entity_search_result',
    };
  };
  const seoUrls = {
    tags: ['Sitemap & Routes'],
    summary: 'Fetch SEO routes',
    headers: StoreApiHeaders,
    response: { 200: SeoUrlListing, ...storeApiErrors({ 400: 'Invalid criteria (more than 100 per page, an unknown field, ...).' }) },
  };
  const fromQuery = (query: Readonly<Record<string, unknown>>) => parseStoreApiCriteria('GET', undefined, query, 'seo_url', registry);
  routes.get('/store-api/seo-url', { schema: { ...seoUrls, querystring: StoreCriteriaQuery } }, (request) => searchSeoUrls(request, fromQuery(request.query)));
  routes.post('/store-api/seo-url', { schema: { ...seoUrls, body: StoreCriteriaBody } }, (request) =>
    searchSeoUrls(request, parseStoreApiCriteria('POST', request.body, undefined, 'seo_url', registry)),
  );

  routes.get(
    '/store-api/sitemap',
    { schema: { tags: ['Sitemap & Routes'], summary: 'Fetch sitemaps', headers: StoreApiHeaders, response: { 200: Sitemaps, ...storeApiErrors() } } },
    async (request) => {
      const context = request.salesChannelContext;
      const files = await platform.db
        .selectFrom('sitemap_file as f')
        .innerJoin('sales_channel_domain as d', 'd.id', 'f.sales_channel_domain_id')
        .select(['f.filename', 'f.created_at'])
        .where('f.sales_channel_id', '=', context.salesChannel.id)
        .where('d.language_id', '=', context.languageId)
        .orderBy('f.filename')
        .execute();
      return files.map((file) => ({ filename: file.filename as string, created: new Date(file.created_at as Date).toISOString() }));
    },
  );

  routes.get(
    '/store-api/sitemap/:filePath',
    {
      schema: {
        tags: ['Sitemap & Routes'],
        summary: 'Download sitemap file',
        headers: StoreApiHeaders,
        params: Type.Object({ filePath: Type.String({ description: 'A `filename` of `GET /store-api/sitemap`.' }) }),
        response: {
          200: documentedOnly({ type: 'string', format: 'binary', description: 'The gzip-compressed sitemap XML.' }),
          ...storeApiErrors({ 404: 'CONTENT__SITEMAP_FILE_NOT_FOUND: no such file of the sales channel.' }),
        },
      },
    },
    async (request, reply) => {
      const file = await platform.db
        .selectFrom('sitemap_file')
        .select(['content'])
        .where('sales_channel_id', '=', request.salesChannelContext.salesChannel.id)
        .where('filename', '=', request.params.filePath)
        .executeTakeFirst();
      if (!file) throw new AppError(404, 'CONTENT__SITEMAP_FILE_NOT_FOUND', `Sitemap file "${request.params.filePath}" not found.`);
      return reply.type('application/gzip').header('content-disposition', `attachment; filename="${request.params.filePath}"`).send(file.content as Buffer);
    },
  );
}

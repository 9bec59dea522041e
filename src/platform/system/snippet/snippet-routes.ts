import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { errors } from '../../errors/app-error.js';
import { documentedOnly, typed } from '../../http/schemas/index.js';
import { isId } from '../../ids.js';
import type { PlatformServices } from '../../platform-services.js';
import { StoreApiHeaders, storeApiErrors } from '../../store-api/store-api-schemas.js';
import { contentHash, resolveSnippets } from './snippet-resolver.js';

/** Shopware's limit of distinct prefixes per request. */
const MAX_PREFIXES = 50;

const SnippetQuery = documentedOnly(
  Type.Object({
    prefixes: Type.Optional(Type.String({ description: 'Comma-separated key prefixes (`checkout,account.login`); a prefix matches whole key segments. At most 50.' })),
    languageIds: Type.Optional(Type.String({ description: 'Comma-separated ids of languages of the sales channel; default the context\'s language.' })),
  }),
);

const SnippetSetResultList = documentedOnly(
  Type.Object(
    {
      apiAlias: Type.String({ enum: ['snippet_set_result_list'] }),
      sets: Type.Array(
        Type.Object({
          apiAlias: Type.String({ enum: ['snippet_set_result'] }),
          languageId: Type.String(),
          locale: Type.String({ description: 'The language\'s locale; the snippet set of that `iso` is read.' }),
          fallbackLocale: Type.Null({ description: 'Always null: one language, no snippet files to fall back to.' }),
          snippetSetId: Type.String({ nullable: true }),
          hash: Type.String({ description: 'Content hash of `snippets`.' }),
          snippets: Type.Record(Type.String(), Type.String()),
        }),
      ),
    },
    { description: 'One set per language; the `ETag` header answers `If-None-Match` with a 304.' },
  ),
);

/**
 * `GET /store-api/snippet`: the translations a headless front end renders with, per language the
 * snippet set of its locale as shop staff keep it through the Admin API (`/api/snippet`).
 */
export function registerSnippetRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db'>): void {
  typed(app).get(
    '/store-api/snippet',
    {
      schema: {
        tags: ['System & Context'],
        summary: 'Fetch resolved snippets',
        headers: StoreApiHeaders,
        querystring: SnippetQuery,
        response: {
          200: SnippetSetResultList,
          304: documentedOnly(Type.Null({ description: 'The `If-None-Match` header names the current `ETag`.' })),
          ...storeApiErrors({ 400: 'More than 50 prefixes, or a language id that is not one of the sales channel.' }),
        },
      },
    },
    async (request, reply) => {
      const context = request.salesChannelContext;
      const query = request.query as Record<string, unknown>;
      const prefixes = [...new Set(listParameter(query.prefixes).map((prefix) => prefix.replace(/\.+$/, '')).filter((prefix) => prefix !== ''))];
      if (prefixes.length > MAX_PREFIXES) throw errors.invalidRequest(`At most ${MAX_PREFIXES} distinct prefixes are allowed, ${prefixes.length} given.`, '/prefixes');
      const requested = listParameter(query.languageIds).map((id) => id.toLowerCase());
      const languageIds = requested.length > 0 ? [...new Set(requested)] : [context.languageId];
      const sets = await resolveSnippets(platform.db, context.salesChannel.id, languageIds.filter(isId), prefixes);
      if (sets.length !== languageIds.length) {
        const known = new Set(sets.map((set) => set.languageId));
        throw errors.invalidRequest(`These languages are not languages of the sales channel: ${languageIds.filter((id) => !known.has(id)).join(', ')}.`, '/languageIds');
      }
      const etag = `"${sets.length === 1 ? sets[0]!.hash : contentHash(sets.map((set) => set.hash).join(','))}"`;
      reply.header('etag', etag);
      if (matchesEtag(request, etag)) return reply.code(304).send();
      return { apiAlias: 'snippet_set_result_list', sets };
    },
  );
}

/** A comma-separated query parameter (also given repeatedly) as its trimmed, non-empty parts. */
function listParameter(value: unknown): string[] {
  const parts = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return parts.flatMap((part) => String(part).split(',')).map((part) => part.trim()).filter((part) => part !== '');
}

function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}

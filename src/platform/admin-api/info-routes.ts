import type { FastifyInstance } from 'fastify';
import type { PlatformServices } from '../platform-services.js';
import { documentSources } from '../http/openapi/complete-document.js';
import { adminApiDocument } from '../http/openapi/register-documents.js';
import { documentedOnly } from '../http/schemas/index.js';

/** Health check (public), the caller's identity and privileges, and the OpenAPI document of the Admin API (public). */
export function registerInfoRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'entities' | 'extensions' | 'isEntityAvailable'>): void {
  app.get(
    '/api/_info/health-check',
    {
      config: { auth: false },
      schema: { tags: ['System info'], summary: 'Health check', security: [], response: { 200: { type: 'null', description: 'The platform is up' } } },
    },
    async (_request, reply) => reply.status(200).send(),
  );

  // the Administration builds its navigation from this: which actions to offer (the API still checks every call)
  app.get(
    '/api/_info/me',
    {
      schema: {
        tags: ['System info'],
        summary: 'The caller: user or integration, admin flag and privileges',
        description: '`privileges` is the union of the caller\'s roles; an admin passes every check whatever it lists.',
        response: { 200: documentedOnly({ type: 'object', description: '`{userId, integrationId, username, firstName, lastName, isAdmin, privileges, extensions}`: `extensions` are the active extensions\' names' }) },
      },
    },
    async (request) => {
      const source = request.apiContext.source;
      const extensions = platform.extensions
        .all()
        .map((extension) => extension.name)
        .filter((name) => platform.extensions.isActive(name))
        .sort();
      if (source.type !== 'admin-api') return { userId: null, integrationId: null, username: null, firstName: null, lastName: null, isAdmin: true, privileges: [], extensions };
      const user = source.userId
        ? await platform.db.selectFrom('user').select(['username', 'first_name', 'last_name']).where('id', '=', source.userId).executeTakeFirst()
        : undefined;
      return {
        userId: source.userId ?? null,
        integrationId: source.integrationId ?? null,
        username: user?.username ?? null,
        firstName: user?.first_name ?? null,
        lastName: user?.last_name ?? null,
        isAdmin: source.isAdmin,
        privileges: [...source.privileges].sort(),
        extensions,
      };
    },
  );

  const sources = documentSources(platform);
  app.get(
    '/api/_info/openapi3.json',
    {
      config: { auth: false },
      schema: {
        tags: ['System info'],
        summary: 'OpenAPI 3 document of the Admin API',
        description: 'Generated from the route schemas and, per entity, from its definition; entities and routes of inactive extensions are left out.',
        security: [],
        response: { 200: documentedOnly({ type: 'object', description: 'The OpenAPI 3.0 document.' }) },
      },
    },
    async () => adminApiDocument(app, sources),
  );
}

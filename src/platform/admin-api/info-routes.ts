import type { FastifyInstance } from 'fastify';
import type { Platform } from '../kernel.js';
import { documentSources } from '../http/openapi/complete-document.js';
import { adminApiDocument } from '../http/openapi/register-documents.js';
import { documentedOnly } from '../http/schemas/index.js';

/** Health check (public) and the OpenAPI document of the Admin API (public). */
export function registerInfoRoutes(app: FastifyInstance, platform: Platform): void {
  app.get(
    '/api/_info/health-check',
    {
      config: { auth: false },
      schema: { tags: ['System info'], summary: 'Health check', security: [], response: { 200: { type: 'null', description: 'The platform is up' } } },
    },
    async (_request, reply) => reply.status(200).send(),
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

import type { FastifyInstance } from 'fastify';
import type { PlatformServices } from '../platform-services.js';
import { documentSources } from '../http/openapi/complete-document.js';
import { storeApiDocument } from '../http/openapi/register-documents.js';
import { documentedOnly } from '../http/schemas/index.js';

/**
 * `GET /store-api/_info/openapi3.json`: the Store API's OpenAPI document. Public, without access key:
 * it describes routes, not a sales channel's data, as the Admin API's document is public too.
 */
export function registerStoreApiInfoRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'entities' | 'extensions' | 'isEntityAvailable'>): void {
  const sources = documentSources(platform);
  app.get(
    '/store-api/_info/openapi3.json',
    {
      config: { storeApiAuth: false },
      schema: {
        tags: ['System & Context'],
        summary: 'OpenAPI 3 document of the Store API',
        description: 'Public: no access key needed.',
        security: [],
        response: { 200: documentedOnly({ type: 'object', description: 'The OpenAPI 3.0 document.' }) },
      },
    },
    async () => storeApiDocument(app, sources),
  );
}

import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { componentsOf, documentationOf } from '../schemas/documentation.js';
import { completeDocument, type DocumentSources } from './complete-document.js';
import type { OpenApiDocument } from './document.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Store API's document as generated from its routes; serve `storeApiDocument(app, ...)`. */
    storeApiSwagger: FastifyInstance['swagger'];
  }
}

interface DocumentDefinition {
  /** The routes the document describes: those whose path starts with it. */
  prefix: string;
  decorator: 'swagger' | 'storeApiSwagger';
  info: { title: string; version: string; description: string };
  securitySchemes: Record<string, { type: 'http'; scheme: 'bearer'; bearerFormat: string } | { type: 'apiKey'; in: 'header'; name: string; description: string }>;
}

const DOCUMENTS: DocumentDefinition[] = [
  {
    prefix: '/api/',
    decorator: 'swagger',
    info: {
      title: 'Admin API',
      version: '1.0.0',
      description:
        'Shopware-style Admin API of this platform. Get a token at `POST /api/oauth/token`; errors are `{"errors":[{status, code, title, detail, meta, source?}]}`.',
    },
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  },
  {
    prefix: '/store-api/',
    decorator: 'storeApiSwagger',
    info: {
      title: 'Store API',
      version: '1.0.0',
      description:
        'Shopware-style Store API of this platform. Every call names its sales channel with `sw-access-key`; the visitor\'s context travels in `sw-context-token` (send the token the previous response returned; every response carries the current one). Errors are `{"errors":[{status, code, title, detail, meta, source?}]}`.',
    },
    securitySchemes: {
      ApiKey: { type: 'apiKey', in: 'header', name: 'sw-access-key', description: 'The access key of the sales channel (`accessKey` of the sales-channel entity).' },
    },
  },
];

/**
 * Two OpenAPI documents generated from the route schemas: the Admin API (`/api/`) and the Store API
 * (`/store-api/`); every other route is in neither. Call before any route is registered. Route
 * schemas are shown as they document themselves (documentationOf), and the components their
 * documented schemas name (`component(...)`) are collected as the routes register.
 */
export async function registerOpenApiDocuments(app: FastifyInstance): Promise<void> {
  const componentsByPrefix = new Map<string, Record<string, unknown>>();
  for (const definition of DOCUMENTS) {
    // swagger reads this object when it first builds the document, after every route has registered
    const components: Record<string, unknown> = {};
    componentsByPrefix.set(definition.prefix, components);
    await app.register(swagger, {
      decorator: definition.decorator,
      openapi: {
        openapi: '3.0.3',
        info: definition.info,
        components: { securitySchemes: definition.securitySchemes, schemas: components as Record<string, object> },
        // every operation needs the document's scheme unless it says `security: []` (public routes)
        security: Object.keys(definition.securitySchemes).map((name) => ({ [name]: [] })),
      },
      transform: ({ schema, url }) => ({ url, schema: url.startsWith(definition.prefix) ? documentationOf(schema ?? {}) : { ...(schema ?? {}), hide: true } }),
    });
  }
  app.addHook('onRoute', (route) => {
    const components = [...componentsByPrefix].find(([prefix]) => route.url.startsWith(prefix))?.[1];
    if (!components || !route.schema) return;
    for (const [name, schema] of componentsOf(route.schema)) components[name] ??= schema;
  });
}

/** The Admin API document now, with a schema per available entity (complete-document.ts). */
export function adminApiDocument(app: FastifyInstance, sources: DocumentSources): OpenApiDocument {
  return completeDocument(app.swagger() as unknown as OpenApiDocument, sources, 'all');
}

/** The Store API document now, with the schemas of the entities its routes refer to. */
export function storeApiDocument(app: FastifyInstance, sources: DocumentSources): OpenApiDocument {
  return completeDocument(app.storeApiSwagger() as unknown as OpenApiDocument, sources, 'referenced');
}

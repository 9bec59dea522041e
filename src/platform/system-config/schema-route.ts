import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { errorResponses, typed } from '../http/schemas/index.js';
import { requirePrivileges } from '../acl/context.js';
import { AppError } from '../errors/app-error.js';
import type { ConfigDefinition } from './define-config.js';

/** The settings declarations the schema route knows, by domain (`ExtPayB.config`). */
export class ConfigSchemaRegistry {
  readonly #definitions = new Map<string, { definition: ConfigDefinition; owner?: string }>();

  register(definition: ConfigDefinition, owner?: string): void {
    if (this.#definitions.has(definition.domain)) throw new Error(`Settings of ${definition.domain} are declared twice`);
    this.#definitions.set(definition.domain, { definition, owner });
  }

  get(domain: string): { definition: ConfigDefinition; owner?: string } | undefined {
    return this.#definitions.get(domain.replace(/\.$/, ''));
  }
}

/**
 * `GET /api/_action/system-config/schema?domain=ExtPayB.config` (Shopware's route): the cards and
 * fields of a settings domain, for forms. 404 for a domain nobody declares, or whose extension is not active.
 */
export function registerConfigSchemaRoute(app: FastifyInstance, registry: ConfigSchemaRegistry, isOwnerActive: (owner: string) => boolean): void {
  typed(app).get(
    '/api/_action/system-config/schema',
    {
      schema: {
        tags: ['System config'],
        summary: 'The settings form of a domain',
        description: 'Cards of fields with type, label, help text, default, whether secret, and scope (channel or global).',
        querystring: Type.Object({ domain: Type.String({ description: 'e.g. `ExtPayB.config`', maxLength: 255 }) }),
        response: errorResponses({ 400: 'No `domain`.', 403: 'Missing system_config:read.', 404: 'No settings are declared for the domain.' }),
      },
      // the privilege before the query's validation: a caller without it learns nothing about the route's input
      preValidation: async (request) => requirePrivileges(request.apiContext, ['system_config:read']),
    },
    async (request) => {
      const { domain } = request.query;
      const found = registry.get(domain);
      if (!found || (found.owner !== undefined && !isOwnerActive(found.owner))) {
        throw new AppError(404, 'SYSTEM__CONFIG_DOMAIN_NOT_FOUND', `No settings are declared for the domain "${domain}".`, { meta: { parameters: { domain } } });
      }
      return found.definition.schema();
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { requirePrivileges } from '../acl/context.js';
import { executorOf, transaction, type UnitOfWork } from '../database/transaction.js';
import { AppError, errors } from '../errors/app-error.js';
import { isId } from '../ids.js';
import { isPlainObject } from '../util/is-plain-object.js';
import type { Platform } from '../kernel.js';

const WRITE_PRIVILEGES = ['system_config:update', 'system_config:create', 'system_config:delete'];

const flatValues = { type: 'object', additionalProperties: true, description: 'Flat map of configuration keys to values' } as const;

/** `GET/POST /api/_action/system-config` and `POST /api/_action/system-config/batch`. */
export function registerSystemConfigRoutes(app: FastifyInstance, platform: Platform): void {
  const config = platform.systemConfig;
  app.get(
    '/api/_action/system-config',
    {
      schema: {
        tags: ['System config'],
        summary: 'Read configuration values',
        description: 'Secret values are never returned: they read as `{"secretSet": true}`.',
        querystring: {
          type: 'object',
          properties: {
            domain: { type: 'string', description: 'Key prefix, e.g. `ExtPayB.config`' },
            salesChannelId: { type: 'string' },
            inherit: { type: 'string', enum: ['true', 'false', '1', '0'] },
          },
        },
        response: { 200: flatValues },
      },
    },
    async (request) => {
      requirePrivileges(request.apiContext, ['system_config:read']);
      const query = request.query as { domain?: string; salesChannelId?: string; inherit?: string };
      const salesChannelId = await existingSalesChannel(platform, parseSalesChannelId(query.salesChannelId, '/salesChannelId'));
      const inherit = query.inherit === 'true' || query.inherit === '1';
      return config.readForApi(query.domain || undefined, salesChannelId, inherit);
    },
  );

  app.post(
    '/api/_action/system-config',
    {
      schema: {
        tags: ['System config'],
        summary: 'Write configuration values of one scope',
        description: '`null` deletes a key. Writing a secret\'s read form `{"secretSet": ...}` keeps the stored secret.',
        querystring: { type: 'object', properties: { salesChannelId: { type: 'string' } } },
        body: flatValues,
        response: { 204: { type: 'null', description: 'Saved' } },
      },
    },
    async (request, reply) => {
      requirePrivileges(request.apiContext, WRITE_PRIVILEGES);
      const salesChannelId = parseSalesChannelId((request.query as { salesChannelId?: string }).salesChannelId, '/salesChannelId');
      const values = requireObject(request.body, '');
      await existingSalesChannel(platform, salesChannelId);
      await transaction(platform.db, async (uow) => {
        for (const [key, value] of Object.entries(values)) await config.set(uow, key, value, salesChannelId);
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/_action/system-config/batch',
    {
      schema: {
        tags: ['System config'],
        summary: 'Write configuration values of several scopes at once',
        description: 'Body: `{"null": {...global values}, "<salesChannelId>": {...}}`. All or nothing.',
        body: { type: 'object', additionalProperties: flatValues },
        response: { 204: { type: 'null', description: 'Saved' } },
      },
    },
    async (request, reply) => {
      requirePrivileges(request.apiContext, WRITE_PRIVILEGES);
      const scopes = requireObject(request.body, '');
      await transaction(platform.db, async (uow) => {
        for (const [scope, values] of Object.entries(scopes)) {
          const salesChannelId = await existingSalesChannel(platform, parseSalesChannelId(scope, `/${scope}`), uow);
          for (const [key, value] of Object.entries(requireObject(values, `/${scope}`))) await config.set(uow, key, value, salesChannelId);
        }
      });
      return reply.status(204).send();
    },
  );
}

function parseSalesChannelId(value: string | undefined, pointer: string): string | null {
  if (value === undefined || value === '' || value === 'null') return null;
  if (!isId(value)) throw new AppError(400, 'FRAMEWORK__INVALID_UUID', `The sales channel id "${value}" is not a valid id.`, { pointer });
  return value;
}

/** A per-channel value needs a channel that exists (404 otherwise, instead of a foreign key failure). */
async function existingSalesChannel(platform: Platform, id: string | null, uow?: UnitOfWork): Promise<string | null> {
  if (id === null) return null;
  const row = await executorOf(uow ?? platform.db).selectFrom('sales_channel').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound('sales_channel', id);
  return id;
}

function requireObject(value: unknown, pointer: string): Record<string, unknown> {
  if (!isPlainObject(value)) {
    throw errors.invalidRequest('Expected an object of configuration keys and values.', pointer || '/');
  }
  return value;
}

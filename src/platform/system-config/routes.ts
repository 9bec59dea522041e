import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { requirePrivileges } from '../acl/context.js';
import { executorOf, transaction, type UnitOfWork } from '../database/transaction.js';
import { AppError, errors } from '../errors/app-error.js';
import { isId } from '../ids.js';
import type { PlatformServices } from '../platform-services.js';
import { describedAs, documentedOnly, errorResponses, noContent, StringEnum, typed } from '../http/schemas/index.js';

/** What the system config routes use. */
type SystemConfigRouteDeps = Pick<PlatformServices, 'db' | 'systemConfig'>;

const WRITE_PRIVILEGES = ['system_config:update', 'system_config:create', 'system_config:delete'];

/** Configuration keys (`ExtPayB.config.sandbox`) to values; validated: a body that is not such an object is a 400. */
const Values = Type.Record(Type.String(), Type.Unknown(), { description: 'Flat map of configuration keys to values; `null` deletes a key.' });

/** A sales channel id, or `null`/empty for the global scope; checked by the route (FRAMEWORK__INVALID_UUID). */
const SalesChannelScope = describedAs(
  Type.String({ pattern: '^([0-9a-f]{32}|null)?$', description: 'A sales channel id; absent, empty or `null` for the global scope.' }),
  Type.String(),
);

/** `GET/POST /api/_action/system-config` and `POST /api/_action/system-config/batch`. */
export function registerSystemConfigRoutes(app: FastifyInstance, platform: SystemConfigRouteDeps): void {
  const config = platform.systemConfig;
  const routes = typed(app);
  routes.get(
    '/api/_action/system-config',
    {
      schema: {
        tags: ['System config'],
        summary: 'Read configuration values',
        description: 'Secret values are never returned: they read as `{"secretSet": true}`.',
        querystring: Type.Object({
          domain: Type.Optional(Type.String({ description: 'Key prefix, e.g. `ExtPayB.config`' })),
          salesChannelId: Type.Optional(SalesChannelScope),
          inherit: Type.Optional(StringEnum(['true', 'false', '1', '0'], { description: 'With a sales channel: fill in the global values it does not override.' })),
        }),
        response: { 200: documentedOnly(Values), ...errorResponses({ 400: 'A malformed sales channel id.', 403: 'Missing system_config:read.', 404: 'No such sales channel.' }) },
      },
    },
    async (request) => {
      requirePrivileges(request.apiContext, ['system_config:read']);
      const query = request.query;
      const salesChannelId = await existingSalesChannel(platform, parseSalesChannelId(query.salesChannelId, '/salesChannelId'));
      const inherit = query.inherit === 'true' || query.inherit === '1';
      return config.readForApi(query.domain || undefined, salesChannelId, inherit);
    },
  );

  routes.post(
    '/api/_action/system-config',
    {
      schema: {
        tags: ['System config'],
        summary: 'Write configuration values of one scope',
        description: '`null` deletes a key. Writing a secret\'s read form `{"secretSet": ...}` keeps the stored secret.',
        querystring: Type.Object({ salesChannelId: Type.Optional(SalesChannelScope) }),
        body: Values,
        response: { 204: noContent('Saved'), ...errorResponses({ 400: 'Not an object of keys and values, a bad key or value.', 403: 'Missing privileges.', 404: 'No such sales channel.' }) },
      },
    },
    async (request, reply) => {
      requirePrivileges(request.apiContext, WRITE_PRIVILEGES);
      const salesChannelId = parseSalesChannelId(request.query.salesChannelId, '/salesChannelId');
      await existingSalesChannel(platform, salesChannelId);
      await transaction(platform.db, async (uow) => {
        for (const [key, value] of Object.entries(request.body)) await config.set(uow, key, value, salesChannelId);
      });
      return reply.status(204).send();
    },
  );

  routes.post(
    '/api/_action/system-config/batch',
    {
      schema: {
        tags: ['System config'],
        summary: 'Write configuration values of several scopes at once',
        description: 'Body: `{"null": {...global values}, "<salesChannelId>": {...}}`. All or nothing.',
        body: Type.Record(Type.String(), Values, { description: 'Values per scope: `null` for the global scope, else a sales channel id.' }),
        response: { 204: noContent('Saved'), ...errorResponses({ 400: 'A scope that is no sales channel id, a scope without an object of values, a bad key or value.', 403: 'Missing privileges.', 404: 'No such sales channel.' }) },
      },
    },
    async (request, reply) => {
      requirePrivileges(request.apiContext, WRITE_PRIVILEGES);
      await transaction(platform.db, async (uow) => {
        for (const [scope, values] of Object.entries(request.body)) {
          const salesChannelId = await existingSalesChannel(platform, parseSalesChannelId(scope, `/${scope}`), uow);
          for (const [key, value] of Object.entries(values)) await config.set(uow, key, value, salesChannelId);
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
async function existingSalesChannel(platform: SystemConfigRouteDeps, id: string | null, uow?: UnitOfWork): Promise<string | null> {
  if (id === null) return null;
  const row = await executorOf(uow ?? platform.db).selectFrom('sales_channel').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw errors.notFound('sales_channel', id);
  return id;
}

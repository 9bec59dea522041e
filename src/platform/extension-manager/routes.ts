import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { requirePrivileges } from '../acl/context.js';
import { isPlainObject } from '../util/is-plain-object.js';
import type { PlatformServices } from '../platform-services.js';
import { documentedOnly, errorResponses, noContent, StringEnum, typed } from '../http/schemas/index.js';

const PRIVILEGE = 'system.plugin_maintain';
const Params = Type.Object({ type: StringEnum(['plugin', 'app']), name: Type.String({ description: 'The extension name, e.g. `ExtPayB`.' }) });
const UninstallBody = documentedOnly(
  Type.Object({ keepUserData: Type.Optional(Type.Boolean({ description: '`true` keeps tables, config and custom fields; anything else removes them.' })) }),
);
const ExtensionState = Type.Object({
  name: Type.String(),
  label: Type.String(),
  description: Type.String({ nullable: true }),
  version: Type.String({ description: 'Declared by the code.' }),
  installedVersion: Type.String({ nullable: true }),
  installed: Type.Boolean(),
  active: Type.Boolean(),
  installedAt: Type.String({ format: 'date-time', nullable: true }),
  upgradedAt: Type.String({ format: 'date-time', nullable: true }),
  updateAvailable: Type.Boolean(),
});
const ERRORS = errorResponses({ 400: 'The step does not apply to the extension\'s state.', 403: `Missing ${PRIVILEGE}.`, 404: 'No such extension.' });

/** Shopware's extension lifecycle routes (`/api/_action/extension/...`), all 204. */
export function registerExtensionRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'extensions'>): void {
  const manager = platform.extensions;
  const tags = ['Extensions'];
  const routes = typed(app);

  routes.get(
    '/api/_action/extension/installed',
    { schema: { tags, summary: 'List known extensions with their state', response: { 200: documentedOnly(Type.Array(ExtensionState, { description: 'Every extension the code lists, with its state.' })), ...ERRORS } } },
    async (request) => {
      requirePrivileges(request.apiContext, [PRIVILEGE]);
      return manager.list();
    },
  );

  const step = (method: 'POST' | 'PUT', action: string, run: (name: string, body: unknown) => Promise<void>) =>
    routes.route({
      method,
      url: `/api/_action/extension/${action}/:type/:name`,
      schema: {
        tags,
        summary: `${action[0]!.toUpperCase()}${action.slice(1)} an extension`,
        params: Params,
        ...(action === 'uninstall' ? { body: UninstallBody } : {}),
        response: { 204: noContent('Done'), ...ERRORS },
      },
      handler: async (request, reply) => {
        requirePrivileges(request.apiContext, [PRIVILEGE]);
        await run(request.params.name, request.body);
        return reply.status(204).send();
      },
    });

  step('POST', 'install', (name) => manager.install(name));
  step('POST', 'update', (name) => manager.update(name));
  step('POST', 'uninstall', (name, body) => manager.uninstall(name, isPlainObject(body) && body.keepUserData === true));
  step('PUT', 'activate', (name) => manager.activate(name));
  step('PUT', 'deactivate', (name) => manager.deactivate(name));
}

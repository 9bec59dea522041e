import type { FastifyInstance } from 'fastify';
import { requirePrivileges } from '../acl/context.js';
import type { Platform } from '../kernel.js';

const PRIVILEGE = 'system.plugin_maintain';
const params = { type: 'object', properties: { type: { type: 'string', enum: ['plugin', 'app'] }, name: { type: 'string' } }, required: ['type', 'name'] } as const;
const noContent = { 204: { type: 'null', description: 'Done' } };

/** Shopware's extension lifecycle routes (`/api/_action/extension/...`), all 204. */
export function registerExtensionRoutes(app: FastifyInstance, platform: Platform): void {
  const manager = platform.extensions;
  const tags = ['Extensions'];

  app.get(
    '/api/_action/extension/installed',
    { schema: { tags, summary: 'List known extensions with their state' } },
    async (request) => {
      requirePrivileges(request.apiContext, [PRIVILEGE]);
      return manager.list();
    },
  );

  const step = (method: 'POST' | 'PUT', action: string, run: (name: string, body: Record<string, unknown>) => Promise<void>) =>
    app.route({
      method,
      url: `/api/_action/extension/${action}/:type/:name`,
      schema: { tags, summary: `${action[0]!.toUpperCase()}${action.slice(1)} an extension`, params, response: noContent },
      handler: async (request, reply) => {
        requirePrivileges(request.apiContext, [PRIVILEGE]);
        const { name } = request.params as { name: string };
        await run(name, (request.body ?? {}) as Record<string, unknown>);
        return reply.status(204).send();
      },
    });

  step('POST', 'install', (name) => manager.install(name));
  step('POST', 'update', (name) => manager.update(name));
  step('POST', 'uninstall', (name, body) => manager.uninstall(name, body.keepUserData === true));
  step('PUT', 'activate', (name) => manager.activate(name));
  step('PUT', 'deactivate', (name) => manager.deactivate(name));
}

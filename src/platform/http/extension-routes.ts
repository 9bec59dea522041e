import type { FastifyInstance } from 'fastify';
import type { PlatformServices } from '../platform-services.js';
import { errors } from '../errors/app-error.js';
import { EXTENSION_KEY } from './openapi/availability.js';
import { mountRouteDeclarations, routeDeclarationsOf } from '../extension-manager/mount-routes.js';

/**
 * Each extension's routes live in their own encapsulated scope whose first hook answers 404 while the
 * extension is not active: to a client an inactive extension's routes do not exist. The extension
 * declares them; ../extension-manager/mount-routes.ts mounts the declarations.
 */
export async function registerExtensionOwnedRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'extensions'>): Promise<void> {
  for (const extension of platform.extensions.all()) {
    // the host mounts the webhooks of the extension's payment providers in its scope too
    const paymentRoutes = platform.extensions.paymentRoutesOf(extension.name);
    if (!extension.routes && paymentRoutes.length === 0) continue;
    await app.register(async (scope) => {
      scope.addHook('onRequest', async (request) => {
        if (!platform.extensions.isActive(extension.name)) throw errors.routeNotFound(request.method, request.url);
      });
      // the OpenAPI documents leave these routes out while the extension is inactive
      scope.addHook('onRoute', (route) => {
        route.schema = Object.assign({}, route.schema, { [EXTENSION_KEY]: extension.name });
      });
      const host = platform.extensions.hostOf(extension.name);
      await mountRouteDeclarations(scope, [...paymentRoutes, ...(extension.routes ? routeDeclarationsOf(extension.routes, host) : [])], host);
    });
  }
}

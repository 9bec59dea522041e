import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requirePrivileges } from '../acl/context.js';
import { typed } from '../http/schemas/index.js';
import { addTemplateFolder, registerProfileSlot, storefrontRoutes } from '../storefront/http/index.js';
import type { ExtensionHost } from '../sdk/host.js';
import { sendAnswer, type DeclaredRoute, type DeclaredStorefrontRoute, type ExtensionRoutes, type RouteDeclaration } from '../sdk/routes.js';

/** The declarations of an extension's `routes` (the list, or what its function returns for the host). */
export function routeDeclarationsOf(routes: ExtensionRoutes, host: ExtensionHost): readonly RouteDeclaration[] {
  return typeof routes === 'function' ? routes(host) : routes;
}

/**
 * Mounts an extension's declared routes on `scope`, the extension's own scope (its 404 while inactive and
 * its OpenAPI marking are hooks of that scope, inherited by the child scopes made here).
 */
export async function mountRouteDeclarations(scope: FastifyInstance, declarations: readonly RouteDeclaration[], host: ExtensionHost): Promise<void> {
  for (const declaration of declarations) {
    switch (declaration.kind) {
      case 'route':
        await inScopeIfNeeded(scope, declaration, (target) => mountRoute(target, declaration, host));
        break;
      case 'storefront':
        await inScopeIfNeeded(scope, declaration, (target) => mountStorefrontRoute(target, declaration));
        break;
      case 'template-folder':
        addTemplateFolder(scope, fileURLToPath(declaration.folder));
        break;
      case 'profile-slot':
        // shown only while its owner, the extension by default, is active
        registerProfileSlot(scope, { ...declaration.slot, owner: declaration.slot.owner ?? host.extensionName });
        break;
      case 'raw':
        await scope.register(async (raw) => declaration.mount(raw));
        break;
    }
  }
}

/**
 * A route with a gate, its own content parsing or its own error answers gets a child scope: a scope's
 * hooks, parsers and error handler then apply to it alone.
 */
async function inScopeIfNeeded(
  scope: FastifyInstance,
  declaration: DeclaredRoute | DeclaredStorefrontRoute,
  mount: (target: FastifyInstance) => void,
): Promise<void> {
  const own = declaration.kind === 'route' && (declaration.rawBody === true || declaration.errorAnswers !== undefined);
  if (!declaration.gate && !own) return mount(scope);
  await scope.register(async (child) => {
    // before CSRF, login and privilege checks: a refused caller learns nothing more than from an unknown path
    if (declaration.gate) child.addHook('onRequest', async (request) => declaration.gate!(request));
    mount(child);
  });
}

function mountRoute(target: FastifyInstance, route: DeclaredRoute, host: ExtensionHost): void {
  if (route.rawBody) {
    target.removeAllContentTypeParsers();
    target.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  }
  const answers = route.errorAnswers;
  if (answers) {
    // errors before the handler (body too large, broken content length) are malformed requests; anything
    // else (the inactive extension's 404) is left to the platform
    target.setErrorHandler((error, _request, reply) => {
      if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && error.code.startsWith('FST_ERR_CTP_')) {
        return sendAnswer(reply, answers.badRequest);
      }
      throw error;
    });
  }
  const privileges = route.privileges;
  typed(target).route({
    method: route.method,
    url: route.url,
    ...(route.schema ? { schema: route.schema } : {}),
    ...(route.bodyLimit !== undefined ? { bodyLimit: route.bodyLimit } : {}),
    ...(privileges && privileges.length > 0 ? { preValidation: async (request: FastifyRequest) => requirePrivileges(request.apiContext, [...privileges]) } : {}),
    handler: async (request, reply) => {
      checkXhr(route, request);
      if (!answers) return route.handler(request, reply);
      try {
        return await route.handler(request, reply);
      } catch (error) {
        // the reason only: an error may quote the body, which is untrusted and may carry personal data
        host.logger.error({ path: route.url, reason: error instanceof Error ? error.message : String(error) }, 'route failed; answered with its own error answer');
        return sendAnswer(reply, answers.internalError);
      }
    },
  });
}

function mountStorefrontRoute(target: FastifyInstance, route: DeclaredStorefrontRoute): void {
  storefrontRoutes(target).route({
    method: route.method,
    url: route.url,
    responds: route.responds,
    ...(route.options ? { options: route.options } : {}),
    // after the CSRF, session and login checks, as the first thing the handler does
    handler: (request, reply) => {
      checkXhr(route, request);
      return route.handler(request, reply);
    },
  });
}

function checkXhr(route: DeclaredRoute | DeclaredStorefrontRoute, request: FastifyRequest): void {
  if (route.xhrOnly && String(request.headers['x-requested-with'] ?? '').toLowerCase() !== 'xmlhttprequest') throw route.xhrOnly();
}

import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../acl/context.js';
import type { TokenService } from './token-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated Admin API caller; set for every `/api` route that is not public. */
    apiContext: ApiContext;
  }
  interface FastifyContextConfig {
    /** `false` marks a public `/api` route (token endpoint, health check). */
    auth?: boolean;
  }
}

/**
 * Every route under `/api/` requires a valid bearer token unless its config says `auth: false`.
 * Routes outside `/api/` (storefront, webhooks) authenticate their own way.
 */
export function registerAuthentication(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest('apiContext', null as unknown as ApiContext);
  app.addHook('onRequest', async (request) => {
    // the registered route path decides too: the router decodes `/%61pi/…` to an `/api/` route whose
    // raw URL does not start with `/api/`, and such a request must not skip authentication
    if (!request.url.startsWith('/api/') && !(request.routeOptions.url ?? '').startsWith('/api/')) return;
    if (request.routeOptions.config?.auth === false) return;
    // unknown routes answer 404 (not 401) only to authenticated callers, like every other /api route
    request.apiContext = await tokens.authenticate(request.headers.authorization);
  });
}

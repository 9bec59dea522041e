import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PlatformServices } from '../platform-services.js';
import { AppError } from '../errors/app-error.js';
import type { SalesChannelContext } from '../sales-channel/context/sales-channel-context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every `/store-api/` route: the sales channel of `sw-access-key` and the visitor's context. */
    salesChannelContext: SalesChannelContext;
  }
  interface FastifyContextConfig {
    /** `false` marks a public `/store-api` route without access key and context (its OpenAPI document). */
    storeApiAuth?: boolean;
  }
}

export const HEADER_ACCESS_KEY = 'sw-access-key';
export const HEADER_CONTEXT_TOKEN = 'sw-context-token';

/**
 * Store API authentication: `sw-access-key` names the sales channel, `sw-context-token` the visitor's
 * context. Every response carries the (possibly new) token back in `sw-context-token`.
 */
export function registerStoreApiContext(app: FastifyInstance, platform: Pick<PlatformServices, 'salesChannelContexts'>): void {
  app.decorateRequest('salesChannelContext', null as unknown as SalesChannelContext);
  // preValidation: a request without a valid access key is refused before its body is judged
  app.addHook('preValidation', async (request, reply) => {
    // the route's registered path decides, not the raw URL: the router decodes `/%73tore-api/…` to a
    // Store API route whose URL does not start with `/store-api/` (no access key check, no context)
    if (!isStoreApiRequest(request) || request.routeOptions.config?.storeApiAuth === false) return;
    const accessKey = header(request, HEADER_ACCESS_KEY);
    if (!accessKey) throw new AppError(401, 'FRAMEWORK__API_UNAUTHORIZED', `Header "${HEADER_ACCESS_KEY}" is required.`);
    const salesChannel = await platform.salesChannelContexts.salesChannelByAccessKey(accessKey);
    if (!salesChannel) throw new AppError(401, 'FRAMEWORK__API_INVALID_ACCESS_KEY', 'Access key is invalid and could not be identified.');
    const context = await platform.salesChannelContexts.load(salesChannel, header(request, HEADER_CONTEXT_TOKEN));
    setStoreApiContext(request, reply, context);
  });
}

/** Replaces the request's context (login, logout, switch) and the token the response announces. */
export function setStoreApiContext(request: FastifyRequest, reply: FastifyReply, context: SalesChannelContext): void {
  request.salesChannelContext = context;
  reply.header(HEADER_CONTEXT_TOKEN, context.token);
}

function isStoreApiRequest(request: FastifyRequest): boolean {
  return request.url.startsWith('/store-api/') || (request.routeOptions.url ?? '').startsWith('/store-api/');
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.trim() !== '' ? first.trim() : undefined;
}

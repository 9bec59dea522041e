import type { FastifyInstance } from 'fastify';
import { errors } from '../errors/app-error.js';
import type { Platform } from '../kernel.js';
import { salesChannelContextJson } from './context-json.js';
import { contextTokenResponse, objectBody } from './context-token-response.js';
import { setStoreApiContext } from './store-api-context.js';

/** `GET /store-api/context` (the visitor's context) and `PATCH /store-api/context` (switch currency, payment, shipping). */
export function registerContextRoutes(app: FastifyInstance, platform: Platform): void {
  app.get('/store-api/context', async (request) => salesChannelContextJson(platform, request.salesChannelContext));

  app.patch('/store-api/context', async (request, reply) => {
    const body = objectBody(request.body);
    if (!body) throw errors.invalidRequest('The request body must be a JSON object.', '/');
    // other keys Shopware knows (languageId, addresses) are not switchable here and, like unknown keys, ignored
    const { currencyId, paymentMethodId, shippingMethodId } = body;
    const context = await platform.salesChannelContexts.switchChoices(request.salesChannelContext, { currencyId, paymentMethodId, shippingMethodId });
    setStoreApiContext(request, reply, context);
    return contextTokenResponse(context.token);
  });
}

import type { FastifyInstance } from 'fastify';
import { errors } from '../errors/app-error.js';
import type { PlatformServices } from '../platform-services.js';
import { typed } from '../http/schemas/index.js';
import { salesChannelContextJson } from './context-json.js';
import { contextTokenResponse, objectBody } from './context-token-response.js';
import { setStoreApiContext } from './store-api-context.js';
import { ContextPatchBody, ContextTokenResponse, SalesChannelContextResponse, StoreApiHeaders, storeApiErrors } from './store-api-schemas.js';

/** `GET /store-api/context` (the visitor's context) and `PATCH /store-api/context` (switch language, currency, payment, shipping). */
export function registerContextRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'repositories' | 'salesChannelContexts'>): void {
  const routes = typed(app);
  const tags = ['System & Context'];

  routes.get(
    '/store-api/context',
    { schema: { tags, summary: 'The visitor\'s context', headers: StoreApiHeaders, response: { 200: SalesChannelContextResponse, ...storeApiErrors() } } },
    async (request) => salesChannelContextJson(platform, request.salesChannelContext),
  );

  routes.patch(
    '/store-api/context',
    {
      schema: {
        tags,
        summary: 'Switch language, currency, payment or shipping method, or the shipping country',
        headers: StoreApiHeaders,
        body: ContextPatchBody,
        response: { 200: ContextTokenResponse, ...storeApiErrors({ 400: 'Not an object, or an id that is malformed or not offered (nothing changes).' }) },
      },
    },
    async (request, reply) => {
      const body = objectBody(request.body);
      if (!body) throw errors.invalidRequest('The request body must be a JSON object.', '/');
      // other keys Shopware knows (addresses) are not switchable here and, like unknown keys, ignored
      const { currencyId, paymentMethodId, shippingMethodId, countryId, countryStateId, languageId } = body;
      const context = await platform.salesChannelContexts.switchChoices(request.salesChannelContext, { currencyId, paymentMethodId, shippingMethodId, countryId, countryStateId, languageId });
      setStoreApiContext(request, reply, context);
      return contextTokenResponse(context.token);
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PlatformServices } from '../platform-services.js';
import { typed } from '../http/schemas/index.js';
import { availablePaymentMethods } from './payment-method-listing.js';
import { PaymentMethodListing, PaymentMethodQuery, StoreApiHeaders, storeApiErrors } from './store-api-schemas.js';

/**
 * `GET|POST /store-api/payment-method`: Shopware's PaymentMethodRoute. The `onlyAvailable` flag
 * (query or body) is accepted; availability rules are not evaluated on this platform, so the listing
 * is always the methods a visitor can use (see availablePaymentMethods).
 */
export function registerPaymentMethodRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'payments' | 'repositories'>): void {
  const list = async (request: FastifyRequest) => {
    const elements = await availablePaymentMethods(platform, request.salesChannelContext);
    return {
      total: elements.length,
      aggregations: {},
      page: 1,
      limit: null,
      entity: 'payment_method',
      elements,
      apiAlias: 'payment_method_route_response',
    };
  };
  const schema = { tags: ['Payment Method'], summary: 'The payment methods a visitor can choose', headers: StoreApiHeaders, response: { 200: PaymentMethodListing, ...storeApiErrors() } };
  typed(app).get('/store-api/payment-method', { schema: { ...schema, querystring: PaymentMethodQuery } }, list);
  typed(app).post('/store-api/payment-method', { schema: { ...schema, body: PaymentMethodQuery } }, list);
}

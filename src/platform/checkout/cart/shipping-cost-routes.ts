import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { typed, documentedOnly, entityRef } from '../../http/schemas/index.js';
import type { PlatformServices } from '../../platform-services.js';
import { PRODUCT_VISIBILITY } from '../../catalog/entities.js';
import { loadSalesChannelProducts } from '../../catalog/store/sales-channel-product-loader.js';
import { productNotFound } from '../../catalog/store/product-detail.js';
import { toStorePriceJson } from '../../catalog/store/store-product-json.js';
import { StoreApiHeaders, storeApiErrors } from '../../store-api/store-api-schemas.js';
import { storeShippingMethodJson } from '../../store-api/context-data.js';
import { toCalculatedPriceJson } from './calculation/price-json.js';
import { CalculatedPrice } from './cart-schemas.js';
import { estimateShippingCosts, type ShippingCostEstimate } from './shipping-cost-estimates.js';

const Estimates = documentedOnly(
  Type.Array(
    Type.Object({
      shippingCost: CalculatedPrice,
      deliveryDate: Type.Object({ earliest: Type.String({ format: 'date-time' }), latest: Type.String({ format: 'date-time' }) }),
      shippingMethod: Type.Unsafe(entityRef('shipping_method')),
    }),
    { description: 'One entry per shipping method the channel offers that can be priced in the context currency, by position.' },
  ),
);

/**
 * `GET /store-api/shipping-cost/cart` and `GET /store-api/shipping-cost/product/{productId}`: what the
 * cart, or one piece of a product (its minimum purchase), would cost to ship with each of the channel's
 * shipping methods, priced as the cart prices its delivery.
 */
export function registerShippingCostRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'checkout' | 'db'>): void {
  const routes = typed(app);
  const json = (estimates: ShippingCostEstimate[], decimals: number) =>
    estimates.map((estimate) => ({
      shippingCost: toStorePriceJson(toCalculatedPriceJson(estimate.shippingCosts, decimals)),
      deliveryDate: { earliest: estimate.earliestDeliveryDate.toISOString(), latest: estimate.latestDeliveryDate.toISOString(), apiAlias: 'cart_delivery_date' },
      shippingMethod: storeShippingMethodJson({
        ...estimate.method,
        description: null,
        active: true,
        customFields: {},
        apiAlias: 'shipping_method',
      }),
    }));

  routes.get(
    '/store-api/shipping-cost/cart',
    { schema: { tags: ['Cart'], summary: 'Shipping costs of the cart for each shipping method', headers: StoreApiHeaders, response: { 200: Estimates, ...storeApiErrors() } } },
    async (request) => {
      const context = request.salesChannelContext;
      const cart = await platform.checkout.cart.get(context);
      const positions = cart.lineItems.map((item) => ({ taxRate: item.product.taxRate, shippingFree: item.product.shippingFree }));
      return json(await estimateShippingCosts(platform.db, context, positions), context.currency.decimals);
    },
  );

  routes.get(
    '/store-api/shipping-cost/product/:productId',
    {
      schema: {
        tags: ['Cart'],
        summary: 'Shipping costs of a product for each shipping method',
        headers: StoreApiHeaders,
        params: Type.Object({ productId: Type.String({ maxLength: 64 }) }),
        response: { 200: Estimates, ...storeApiErrors({ 404: 'PRODUCT__PRODUCT_NOT_FOUND: unknown, inactive, invisible or not sold here.' }) },
      },
    },
    async (request) => {
      const context = request.salesChannelContext;
      const [product] = await loadSalesChannelProducts(platform.db, context, [request.params.productId.toLowerCase()], { minVisibility: PRODUCT_VISIBILITY.LINK });
      if (!product) throw productNotFound(request.params.productId);
      return json(await estimateShippingCosts(platform.db, context, [{ taxRate: product.taxRate, shippingFree: product.shippingFree }]), context.currency.decimals);
    },
  );
}

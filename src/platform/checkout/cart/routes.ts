import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../kernel.js';
import { cartToJson } from './cart-json.js';
import { parseLineItemIds, parseNewLineItems, parseQuantityChanges } from './line-item-input.js';

/** Shopware's cart routes; every one answers the calculated cart (money in major units). */
export function registerCartRoutes(app: FastifyInstance, platform: Platform): void {
  const carts = platform.checkout.cart;

  app.get('/store-api/checkout/cart', async (request) => cartToJson(await carts.get(request.salesChannelContext)));

  app.delete('/store-api/checkout/cart', async (request, reply) => {
    await carts.clear(request.salesChannelContext);
    return reply.code(204).send();
  });

  app.post('/store-api/checkout/cart/line-item', async (request) => {
    const items = parseNewLineItems(request.body);
    return cartToJson(await carts.add(request.salesChannelContext, items));
  });

  app.patch('/store-api/checkout/cart/line-item', async (request) => {
    const changes = parseQuantityChanges(request.body);
    return cartToJson(await carts.changeQuantities(request.salesChannelContext, changes));
  });

  app.delete('/store-api/checkout/cart/line-item', async (request) => {
    const ids = parseLineItemIds(request.body, request.query);
    return cartToJson(await carts.remove(request.salesChannelContext, ids));
  });
}

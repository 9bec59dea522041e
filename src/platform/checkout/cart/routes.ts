import type { FastifyInstance } from 'fastify';
import type { PlatformServices } from '../../platform-services.js';
import { noContent, typed } from '../../http/schemas/index.js';
import { StoreApiHeaders, storeApiErrors } from '../../store-api/store-api-schemas.js';
import { cartToJson } from './cart-json.js';
import { CartResponse, LineItemIdsBody, LineItemIdsQuery, NewLineItemsBody, QuantityChangesBody } from './cart-schemas.js';
import { parseLineItemIds, parseNewLineItems, parseQuantityChanges } from './line-item-input.js';

/** Shopware's cart routes; every one answers the calculated cart (money in major units). */
export function registerCartRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'checkout'>): void {
  const carts = platform.checkout.cart;
  const routes = typed(app);
  const schema = { tags: ['Cart'], headers: StoreApiHeaders };
  const invalid = storeApiErrors({ 400: 'Every problem of the body with its pointer (`/items/0/quantity`); the cart is unchanged.' });

  routes.get(
    '/store-api/checkout/cart',
    { schema: { ...schema, summary: 'The visitor\'s calculated cart', response: { 200: CartResponse, ...storeApiErrors() } } },
    async (request) => cartToJson(await carts.get(request.salesChannelContext)),
  );

  routes.delete(
    '/store-api/checkout/cart',
    { schema: { ...schema, summary: 'Empty the cart', response: { 204: noContent('Emptied.'), ...storeApiErrors() } } },
    async (request, reply) => {
      await carts.clear(request.salesChannelContext);
      return reply.code(204).send();
    },
  );

  routes.post(
    '/store-api/checkout/cart/line-item',
    { schema: { ...schema, summary: 'Add products to the cart', body: NewLineItemsBody, response: { 200: CartResponse, ...invalid } } },
    async (request) => {
      const items = parseNewLineItems(request.body);
      return cartToJson(await carts.add(request.salesChannelContext, items));
    },
  );

  routes.patch(
    '/store-api/checkout/cart/line-item',
    { schema: { ...schema, summary: 'Change quantities', body: QuantityChangesBody, response: { 200: CartResponse, ...invalid } } },
    async (request) => {
      const changes = parseQuantityChanges(request.body);
      return cartToJson(await carts.changeQuantities(request.salesChannelContext, changes));
    },
  );

  const notInCart = storeApiErrors({ 400: 'A malformed id (at its pointer).', 404: 'CHECKOUT__CART_LINE_ITEM_NOT_FOUND: an id not in the cart; the cart is unchanged.' });
  routes.delete(
    '/store-api/checkout/cart/line-item',
    { schema: { ...schema, summary: 'Remove line items', querystring: LineItemIdsQuery, body: LineItemIdsBody, response: { 200: CartResponse, ...notInCart } } },
    async (request) => {
      const ids = parseLineItemIds(request.body, request.query);
      return cartToJson(await carts.remove(request.salesChannelContext, ids));
    },
  );
  // Shopware's newer name of the removal, for clients whose HTTP stack sends no DELETE body
  routes.post(
    '/store-api/checkout/cart/line-item/delete',
    { schema: { ...schema, summary: 'Remove line items (`{ids: [...]}`)', body: LineItemIdsBody, response: { 200: CartResponse, ...notInCart } } },
    async (request) => {
      const ids = parseLineItemIds(request.body, {});
      return cartToJson(await carts.remove(request.salesChannelContext, ids));
    },
  );
}

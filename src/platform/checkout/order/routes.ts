import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { CHECKS_TEXT_ITSELF } from '../../http/input-guard.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { errors } from '../../errors/app-error.js';
import { documentedOnly, typed } from '../../http/schemas/index.js';
import { entityRef } from '../../http/openapi/entity-schemas.js';
import type { PlatformServices } from '../../platform-services.js';
import { requireCustomer } from '../../store-api/require-customer.js';
import { StoreApiHeaders, storeApiErrors } from '../../store-api/store-api-schemas.js';
import { readOrderDetail } from './order-reader.js';
import { storeOrderJson } from './store-order-json.js';

const MAX_COMMENT_LENGTH = 65_535;

// documentation: parseCustomerComment answers a bad comment at its pointer
const OrderBody = documentedOnly(
  Type.Object({ customerComment: Type.Optional(Type.String({ maxLength: MAX_COMMENT_LENGTH, nullable: true, description: 'Trimmed; empty is none.' })) }, { description: 'Optional.' }),
);

/** `POST /store-api/checkout/order` (Shopware's CartOrderRoute): the cart becomes an order. */
export function registerOrderRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'checkout' | 'repositories'>): void {
  typed(app).post(
    '/store-api/checkout/order',
    {
      // a NUL in the comment is answered at its pointer below
      config: { [CHECKS_TEXT_ITSELF]: true },
      schema: {
        tags: ['Order'],
        summary: 'Place the order from the cart',
        description: 'Guest accounts may order too. Start its payment with `/store-api/handle-payment`.',
        headers: StoreApiHeaders,
        body: OrderBody,
        response: {
          200: documentedOnly({ ...entityRef('order'), description: 'The order with its line items, addresses, deliveries and transactions.' }),
          ...storeApiErrors({ 400: 'An empty cart, a cart with blocking errors, a bad comment.', 403: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN.' }),
        },
      },
    },
    async (request) => {
      // guest accounts (registered with `guest: true`) may order too, as in Shopware
      requireCustomer(request, { allowGuest: true });
      const customerComment = parseCustomerComment(request.body);
      const orderId = await platform.checkout.orders.place(request.salesChannelContext, { customerComment });
      const order = await readOrderDetail(platform, orderId);
      return order && storeOrderJson(order);
    },
  );
}

function parseCustomerComment(body: unknown): string | null {
  if (body === undefined || body === null || body === '') return null;
  if (!isPlainObject(body)) throw errors.invalidRequest('The request body must be a JSON object.', '/');
  const comment = body.customerComment;
  if (comment === undefined || comment === null) return null;
  // NUL cannot be stored in a text column: refuse it here rather than fail in the database
  if (typeof comment !== 'string' || comment.length > MAX_COMMENT_LENGTH || comment.includes('\u0000')) {
    throw errors.invalidRequest(`The value of "customerComment" must be a string of at most ${MAX_COMMENT_LENGTH} characters without NUL characters.`, '/customerComment');
  }
  const trimmed = comment.trim();
  return trimmed === '' ? null : trimmed;
}

import type { FastifyInstance } from 'fastify';
import { isPlainObject } from '../../util/is-plain-object.js';
import { errors } from '../../errors/app-error.js';
import type { Platform } from '../../kernel.js';
import { requireCustomer } from '../../store-api/require-customer.js';
import { readOrderDetail } from './order-reader.js';

const MAX_COMMENT_LENGTH = 65_535;

/** `POST /store-api/checkout/order` (Shopware's CartOrderRoute): the cart becomes an order. */
export function registerOrderRoutes(app: FastifyInstance, platform: Platform): void {
  app.post('/store-api/checkout/order', async (request) => {
    // guest accounts (registered with `guest: true`) may order too, as in Shopware
    requireCustomer(request, { allowGuest: true });
    const customerComment = parseCustomerComment(request.body);
    const orderId = await platform.checkout.orders.place(request.salesChannelContext, { customerComment });
    return readOrderDetail(platform, orderId);
  });
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

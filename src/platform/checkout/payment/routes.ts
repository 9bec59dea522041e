import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPlainObject } from '../../util/is-plain-object.js';
import type { Platform } from '../../kernel.js';
import { requireCustomer } from '../../store-api/require-customer.js';
import { FINALIZE_TRANSACTION_PATH, PAYMENT_TOKEN_PARAMETER } from './payment-processor.js';

/**
 * `GET|POST /store-api/handle-payment` starts the payment of an order; `GET|POST
 * /payment/finalize-transaction` is where the customer (or the provider) comes back: public, outside
 * the Store API, authenticated by the payment token alone.
 */
export function registerPaymentRoutes(app: FastifyInstance, platform: Platform): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/store-api/handle-payment',
    handler: async (request) => {
      requireCustomer(request, { allowGuest: true });
      const { orderId, finishUrl, errorUrl, ...requestData } = requestParameters(request);
      return platform.checkout.payments.handlePayment({ orderId, finishUrl, errorUrl, requestData, context: request.salesChannelContext });
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: FINALIZE_TRANSACTION_PATH,
    handler: async (request, reply) => {
      const { [PAYMENT_TOKEN_PARAMETER]: parameterToken, ...requestData } = requestParameters(request);
      // the token of the return URL itself (query) first; providers that POST back may repeat it in the form
      const queryToken = isPlainObject(request.query) ? request.query[PAYMENT_TOKEN_PARAMETER] : undefined;
      const token = queryToken ?? parameterToken;
      const result = await platform.checkout.finalizer.finalize(token, requestData);
      if (result.redirectUrl === null) return reply.code(204).send();
      return reply.redirect(result.redirectUrl, 302);
    },
  });
}

/** Query and form (or JSON) parameters together; on a clash the body wins, being what was submitted. */
function requestParameters(request: FastifyRequest): Record<string, unknown> {
  const query = isPlainObject(request.query) ? request.query : {};
  const body = isPlainObject(request.body) ? request.body : {};
  return { ...query, ...body };
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { isPlainObject } from '../../util/is-plain-object.js';
import { documentedOnly, IdString, typed } from '../../http/schemas/index.js';
import type { PlatformServices } from '../../platform-services.js';
import { requireCustomer } from '../../store-api/require-customer.js';
import { StoreApiHeaders, storeApiErrors } from '../../store-api/store-api-schemas.js';
import { FINALIZE_TRANSACTION_PATH, PAYMENT_TOKEN_PARAMETER } from './payment-processor.js';

// documentation: the payment processor checks the order id and the return URLs (each at its pointer)
const HandlePaymentParameters = Type.Object(
  {
    orderId: IdString({ description: 'An order of the logged-in customer.' }),
    finishUrl: Type.Optional(Type.String({ description: 'Absolute http(s) URL the customer returns to after paying.' })),
    errorUrl: Type.Optional(Type.String({ description: 'Absolute http(s) URL for a failed or cancelled payment; gets `error-code`.' })),
  },
  { additionalProperties: true, description: 'Further parameters reach the payment handler as request data.' },
);
const HandlePaymentResponse = documentedOnly(
  Type.Object(
    { redirectUrl: Type.String({ nullable: true, description: 'Where to send the customer (the provider), or the finish URL; null when nothing is left to do.' }) },
    { description: 'Where the customer goes next.' },
  ),
);
// the token of the return URL; providers may post further fields, which reach the handler's finalize
const FinalizeParameters = documentedOnly(Type.Object({ [PAYMENT_TOKEN_PARAMETER]: Type.Optional(Type.String()) }, { additionalProperties: true }));

/**
 * `GET|POST /store-api/handle-payment` starts the payment of an order; `GET|POST
 * /payment/finalize-transaction` is where the customer (or the provider) comes back: public, outside
 * the Store API, authenticated by the payment token alone.
 */
export function registerPaymentRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'checkout'>): void {
  const routes = typed(app);
  const handlePayment = async (request: FastifyRequest) => {
    requireCustomer(request, { allowGuest: true });
    const { orderId, finishUrl, errorUrl, ...requestData } = requestParameters(request);
    return platform.checkout.payments.handlePayment({ orderId, finishUrl, errorUrl, requestData, context: request.salesChannelContext });
  };
  const handlePaymentSchema = {
    tags: ['Payment & Shipping'],
    summary: 'Start the payment of an order',
    headers: StoreApiHeaders,
    response: {
      200: HandlePaymentResponse,
      ...storeApiErrors({ 400: 'A malformed return URL (at its pointer).', 403: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN.', 404: 'No such order of this customer (CHECKOUT__INVALID_ORDER_ID).' }),
    },
  };
  routes.get('/store-api/handle-payment', { schema: { ...handlePaymentSchema, querystring: documentedOnly(HandlePaymentParameters) } }, handlePayment);
  routes.post('/store-api/handle-payment', { schema: { ...handlePaymentSchema, body: documentedOnly(HandlePaymentParameters) } }, handlePayment);

  const finalize = async (request: FastifyRequest, reply: FastifyReply) => {
    const { [PAYMENT_TOKEN_PARAMETER]: parameterToken, ...requestData } = requestParameters(request);
    // the token of the return URL itself (query) first; providers that POST back may repeat it in the form
    const queryToken = isPlainObject(request.query) ? request.query[PAYMENT_TOKEN_PARAMETER] : undefined;
    const token = queryToken ?? parameterToken;
    const result = await platform.checkout.finalizer.finalize(token, requestData);
    if (result.redirectUrl === null) return reply.code(204).send();
    return reply.redirect(result.redirectUrl, 302);
  };
  routes.get(FINALIZE_TRANSACTION_PATH, { schema: { querystring: FinalizeParameters } }, finalize);
  routes.post(FINALIZE_TRANSACTION_PATH, { schema: { querystring: FinalizeParameters, body: FinalizeParameters } }, finalize);
}

/** Query and form (or JSON) parameters together; on a clash the body wins, being what was submitted. */
function requestParameters(request: FastifyRequest): Record<string, unknown> {
  const query = isPlainObject(request.query) ? request.query : {};
  const body = isPlainObject(request.body) ? request.body : {};
  return { ...query, ...body };
}

import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { StoreCriteriaBody } from '../../catalog/store/store-api-schemas.js';
import { documentedOnly, typed } from '../../http/schemas/index.js';
import { entityRef } from '../../http/openapi/entity-schemas.js';
import type { PlatformServices } from '../../platform-services.js';
import { StoreApiHeaders, storeApiErrors } from '../../store-api/store-api-schemas.js';
import { requireCustomer } from '../../store-api/require-customer.js';
import { searchCustomerOrders } from './customer-orders.js';
import { switchOrderPayment } from './order-payment-switch.js';
import { cancelCustomerOrder } from './order-cancellation.js';

const OrderListResponse = documentedOnly(
  Type.Object(
    {
      orders: Type.Object({
        total: Type.Integer(),
        aggregations: Type.Object({}),
        page: Type.Integer(),
        limit: Type.Integer({ nullable: true }),
        elements: Type.Array(Type.Unsafe(entityRef('order'))),
        entity: Type.String({ enum: ['order'] }),
        apiAlias: Type.String({ enum: ['dal_entity_search_result'] }),
      }),
      paymentChangeable: Type.Record(Type.String(), Type.Boolean()),
    },
    { description: 'The orders, newest first unless the criteria sort them.' },
  ),
);

const SetPaymentBody = Type.Object({
  orderId: Type.String({ maxLength: 64, description: 'One of the customer\'s orders.' }),
  paymentMethodId: Type.String({ maxLength: 64, description: 'One of the channel\'s payment methods that allow a change after checkout.' }),
});
const CancelBody = Type.Object({ orderId: Type.String({ maxLength: 64, description: 'One of the customer\'s orders.' }) });
const StateResponse = documentedOnly({ ...entityRef('state_machine_state'), description: 'The order\'s new state (`cancelled`).' });
const SuccessResponse = Type.Object({ success: Type.Boolean() }, { description: 'The payment method was switched (or already was the order\'s).' });

/** Shopware's OrderRoute, `POST /store-api/order`: the customer's orders, or a guest's by its deep link. */
export function registerCustomerOrderRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'entities' | 'repositories' | 'stateMachines' | 'systemConfig' | 'payments'>): void {
  typed(app).post(
    '/store-api/order',
    {
      schema: {
        tags: ['Order'],
        summary: 'The customer\'s orders, or a guest\'s order by its deep link',
        description:
          'Logged in: the customer\'s own orders with criteria. Without a login: a filter `{type: "equals", field: "deepLinkCode", value}` with `email` and `zipcode` opens a guest account\'s order for 30 days after it was placed.',
        headers: StoreApiHeaders,
        // criteria plus `email` and `zipcode` for a guest's deep link (read by searchCustomerOrders)
        body: StoreCriteriaBody,
        response: {
          200: OrderListResponse,
          ...storeApiErrors({
            400: 'Invalid criteria.',
            403: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN (no login and no deep link, or a registered customer\'s order), CHECKOUT__GUEST_NOT_AUTHENTICATED (no order opens), CHECKOUT__GUEST_WRONG_CREDENTIALS.',
            429: 'CHECKOUT__CUSTOMER_AUTH_THROTTLED: too many failed guest attempts for this code from this client.',
          }),
        },
      },
    },
    async (request) => searchCustomerOrders(platform, request.salesChannelContext, request.body, { clientIp: request.ip }),
  );

  typed(app).post(
    '/store-api/order/payment',
    {
      schema: {
        tags: ['Order'],
        summary: 'Switch the payment method of an unpaid order',
        description:
          'Shopware\'s SetPaymentOrderRoute: while the newest transaction is open, failed, cancelled, unconfirmed or reminded, the live transactions are cancelled and a new open one with the method is written. Start its payment with `/store-api/handle-payment`.',
        headers: StoreApiHeaders,
        body: SetPaymentBody,
        response: {
          200: SuccessResponse,
          ...storeApiErrors({
            400: 'A missing id.',
            403: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN, or CHECKOUT__ORDER_PAYMENT_METHOD_NOT_CHANGEABLE (paid or in progress, or a method without afterOrderEnabled).',
            404: 'CHECKOUT__ORDER_NOT_FOUND (not the customer\'s), CHECKOUT__UNKNOWN_PAYMENT_METHOD (not the channel\'s).',
          }),
        },
      },
    },
    async (request) => {
      const customer = requireCustomer(request, { allowGuest: true });
      await switchOrderPayment(platform, request.salesChannelContext, customer.id, request.body.orderId, request.body.paymentMethodId);
      return { success: true };
    },
  );

  typed(app).post(
    '/store-api/order/state/cancel',
    {
      schema: {
        tags: ['Order'],
        summary: 'Cancel an order',
        description: 'Shopware\'s CancelOrderRoute: only where the channel\'s `core.cart.enableOrderRefunds` is true (off by default); the order moves to `cancelled` through the state machine.',
        headers: StoreApiHeaders,
        body: CancelBody,
        response: {
          200: StateResponse,
          ...storeApiErrors({
            400: 'No orderId.',
            403: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN, or CHECKOUT__ORDER_NOT_CANCELLABLE (cancellation off, or no way from the order\'s state).',
            404: 'CHECKOUT__ORDER_NOT_FOUND: not one of the customer\'s orders.',
          }),
        },
      },
    },
    async (request) => {
      const customer = requireCustomer(request, { allowGuest: true });
      return cancelCustomerOrder(platform, request.salesChannelContext, customer.id, request.body.orderId);
    },
  );
}

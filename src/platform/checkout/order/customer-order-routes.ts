import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { StoreCriteriaBody } from '../../catalog/store/store-api-schemas.js';
import { documentedOnly, typed } from '../../http/schemas/index.js';
import { entityRef } from '../../http/openapi/entity-schemas.js';
import type { Platform } from '../../kernel.js';
import { StoreApiHeaders, storeApiErrors } from '../../store-api/store-api-schemas.js';
import { searchCustomerOrders } from './customer-orders.js';

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

/** Shopware's OrderRoute, `POST /store-api/order`: the customer's orders, or a guest's by its deep link. */
export function registerCustomerOrderRoutes(app: FastifyInstance, platform: Platform): void {
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
}

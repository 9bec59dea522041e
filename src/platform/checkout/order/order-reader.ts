import { systemContext } from '../../acl/context.js';
import type { Db } from '../../database/connection.js';
import type { UnitOfWork } from '../../database/transaction.js';
import type { Criteria } from '../../entities/criteria/types.js';
import type { EntityRecord } from '../../entities/serializer.js';
import type { CoreServices } from '../../core-services.js';

/** What the Store API answers an order with (Shopware's order entity with its checkout associations). */
export const ORDER_DETAIL_CRITERIA: Criteria = {
  associations: {
    stateMachineState: {},
    currency: {},
    orderCustomer: {},
    billingAddress: {},
    addresses: {},
    lineItems: {},
    deliveries: { associations: { stateMachineState: {}, shippingMethod: {} } },
    transactions: { associations: { stateMachineState: {}, paymentMethod: {} } },
  },
};

/** The order with its associations, read with system rights: callers decide who may see it. */
export async function readOrderDetail(platform: Pick<CoreServices, 'repositories'>, orderId: string, within?: Db | UnitOfWork): Promise<EntityRecord | undefined> {
  return platform.repositories.get('order').get(orderId, systemContext, within, ORDER_DETAIL_CRITERIA);
}

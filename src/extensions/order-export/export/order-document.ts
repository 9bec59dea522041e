import { isId, systemContext, type Criteria, type ExtensionHost } from '../../../platform/sdk/index.js';

/**
 * The associations a mapping sees: the order as the Admin API returns it with what an ERP needs. The
 * mapping README documents this list; a change here changes what every mapping can reach.
 */
export const ORDER_DOCUMENT_CRITERIA: Criteria = {
  associations: {
    lineItems: {},
    transactions: { associations: { stateMachineState: {}, paymentMethod: {} } },
    deliveries: { associations: { shippingMethod: {}, stateMachineState: {} } },
    addresses: { associations: { country: {} } },
    orderCustomer: {},
    currency: {},
    salesChannel: {},
    stateMachineState: {},
  },
};

/** The order document a mapping renders, read with system rights; undefined for an unknown or malformed id. */
export async function loadOrderDocument(host: ExtensionHost, orderId: string): Promise<Record<string, unknown> | undefined> {
  if (!isId(orderId)) return undefined;
  return host.repository('order').get(orderId, systemContext, undefined, ORDER_DOCUMENT_CRITERIA);
}

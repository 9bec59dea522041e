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

/** The custom field a payment extension sets on an order paid in its test (sandbox) mode. */
export const TEST_MODE_FIELD = 'payment_test_mode';

/**
 * The order document a mapping renders, read with system rights; undefined for an unknown or malformed
 * id. `testMode` is true for a test order (custom field `payment_test_mode` === true), so mappings can
 * send it along; only targets with `includeTestOrders` get such orders.
 */
export async function loadOrderDocument(host: ExtensionHost, orderId: string): Promise<Record<string, unknown> | undefined> {
  if (!isId(orderId)) return undefined;
  const order = await host.repository('order').get(orderId, systemContext, undefined, ORDER_DOCUMENT_CRITERIA);
  if (!order) return undefined;
  return { ...order, testMode: isTestOrder(order) };
}

export function isTestOrder(order: Record<string, unknown>): boolean {
  const customFields = order.customFields;
  return typeof customFields === 'object' && customFields !== null && (customFields as Record<string, unknown>)[TEST_MODE_FIELD] === true;
}

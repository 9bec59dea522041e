import { systemContext } from '../../acl/context.js';
import type { Criteria } from '../../entities/criteria/types.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import type { LoadedMail, MailReaders } from '../mail-type.js';

/** The order as mails show it: one statement with every association they print. */
const ORDER_MAIL_CRITERIA: Criteria = {
  associations: {
    currency: {},
    stateMachineState: {},
    orderCustomer: {},
    billingAddress: { associations: { country: {} } },
    lineItems: {},
    deliveries: { associations: { shippingOrderAddress: { associations: { country: {} } }, shippingMethod: {}, stateMachineState: {} } },
    transactions: { associations: { paymentMethod: {}, stateMachineState: {} } },
  },
};

/** What every order mail documents about `order`. */
export const ORDER_VARIABLES: Record<string, string> = {
  'order.orderNumber': 'The order number.',
  'order.orderDateTime': 'When it was placed (ISO 8601; print with `| date`).',
  'order.amountTotal': 'The total with tax, in major units (print with `| currency(order.currency)`).',
  'order.amountNet': 'The total without tax.',
  'order.positionPrice': 'The sum of the line items.',
  'order.shippingTotal': 'The shipping costs.',
  'order.price.calculatedTaxes': 'Taxes per rate: `[{taxRate, tax, price}]`.',
  'order.currency': 'The order currency: `isoCode`, `symbol`, `decimals`, `name`.',
  'order.lineItems': 'Line items: `label`, `quantity`, `unitPrice`, `totalPrice`, `payload.productNumber`.',
  'order.orderCustomer': 'The customer as ordered: `firstName`, `lastName`, `email`, `customerNumber`.',
  'order.billingAddress': 'The billing address: `firstName`, `lastName`, `company`, `street`, `zipcode`, `city`, `country.name`.',
  'order.deliveries': 'Deliveries: `shippingOrderAddress` (an address as above), `shippingMethod.name`, `shippingCosts.totalPrice`.',
  'order.transactions': 'Payments, oldest first: `paymentMethod.name`, `amount.totalPrice`, `stateMachineState.technicalName`.',
  'order.customerComment': 'The comment the customer left.',
};

/**
 * The order with everything its mails print, as plain JSON (what templates may read), and who gets
 * them: the address the customer ordered with. Undefined when the order is gone.
 */
export async function loadOrderMail(platform: Pick<MailReaders, 'repositories'>, orderId: string): Promise<(LoadedMail & { order: Record<string, unknown> }) | undefined> {
  const record = await platform.repositories.get('order').get(orderId, systemContext, undefined, ORDER_MAIL_CRITERIA);
  if (!record) return undefined;
  const order = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
  const customer = isPlainObject(order.orderCustomer) ? order.orderCustomer : {};
  const email = typeof customer.email === 'string' ? customer.email : undefined;
  const name = [customer.firstName, customer.lastName].filter((part) => typeof part === 'string' && part !== '').join(' ');
  return {
    order,
    variables: { order },
    to: email ? [{ address: email, name: name || null }] : [],
    salesChannelId: typeof order.salesChannelId === 'string' ? order.salesChannelId : null,
    orderId,
    ...(typeof customer.customerId === 'string' ? { customerId: customer.customerId } : {}),
  };
}

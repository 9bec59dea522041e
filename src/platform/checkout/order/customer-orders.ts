import { systemContext } from '../../acl/context.js';
import { parseStoreApiCriteria, STORE_API_EXPOSURE } from '../../catalog/store/store-api-criteria.js';
import { errors } from '../../errors/app-error.js';
import type { CoreServices } from '../../core-services.js';
import { RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { orderErrors } from './order-errors.js';
import { ORDER_DETAIL_CRITERIA } from './order-reader.js';
import { storeOrderJson } from './store-order-json.js';

/** What reading a customer's orders uses (the guest check reads the order's customer directly). */
export type CustomerOrdersDeps = Pick<CoreServices, 'db' | 'entities' | 'repositories'>;

/** A deep link opens its order for 30 days after the order was placed (Shopware's OrderRoute). */
const DEEP_LINK_DAYS = 30;
/** Failed guest logins per deep link code and client address before 429 (Shopware's guest login limiter). */
const GUEST_ATTEMPTS = 10;
const GUEST_WINDOW_MS = 15 * 60 * 1000;

// the associations an order answers with anyway (ORDER_DETAIL_CRITERIA): criteria may name them too
const ORDER_EXPOSURE = {
  ...STORE_API_EXPOSURE,
  order: ['stateMachineState', 'currency', 'orderCustomer', 'billingAddress', 'addresses', 'lineItems', 'deliveries', 'transactions'],
  order_delivery: ['stateMachineState', 'shippingMethod', 'shippingOrderAddress'],
  order_transaction: ['stateMachineState', 'paymentMethod'],
};

const guestLimiters = new WeakMap<object, RateLimiter>();
function guestLimiter(platform: CustomerOrdersDeps): RateLimiter {
  let limiter = guestLimiters.get(platform);
  if (!limiter) guestLimiters.set(platform, (limiter = new RateLimiter({ points: GUEST_ATTEMPTS, durationMs: GUEST_WINDOW_MS, keyPrefix: 'guest-order' })));
  return limiter;
}

export interface OrderPage {
  orders: { total: number; page: number; limit: number | null; elements: Array<Record<string, unknown>>; aggregations: Record<string, never>; entity: 'order'; apiAlias: 'dal_entity_search_result' };
  paymentChangeable: Record<string, boolean>;
}

/**
 * Shopware's OrderRoute: a logged-in customer reads their own orders with criteria; without a login only
 * the `deepLinkCode` filter opens an order, and only a guest account's order with its e-mail address and
 * billing zip code (both compared ignoring case). Failed guest attempts are throttled per code and client.
 */
export async function searchCustomerOrders(platform: CustomerOrdersDeps, context: SalesChannelContext, body: unknown, options: { clientIp: string }): Promise<OrderPage> {
  const input = isPlainObject(body) ? { ...body } : {};
  const credentials = { email: input.email, zipcode: input.zipcode };
  delete input.email;
  delete input.zipcode;
  // Shopware's promotion check and guest login flags: the payment stays changeable through order/payment, no login session is opened
  delete input.checkPromotion;
  delete input.login;
  // the code is no readable field: take its filter out before the criteria are parsed
  let deepLinkCode: string | null = null;
  if (Array.isArray(input.filter)) {
    input.filter = input.filter.filter((filter: unknown) => {
      if (!isPlainObject(filter) || filter.type !== 'equals' || (filter.field !== 'deepLinkCode' && filter.field !== 'order.deepLinkCode')) return true;
      if (typeof filter.value !== 'string' || filter.value === '') throw errors.invalidRequest('The deepLinkCode filter needs a code.', '/filter');
      deepLinkCode = filter.value;
      return false;
    });
  }
  const customer = context.customer;
  if (!customer && deepLinkCode === null) throw orderErrors.customerNotLoggedIn();
  const criteria = parseStoreApiCriteria('POST', input, undefined, 'order', platform.entities, ORDER_EXPOSURE);

  let ids: string[];
  if (deepLinkCode !== null) {
    const since = new Date(Date.now() - DEEP_LINK_DAYS * 24 * 60 * 60 * 1000);
    let query = platform.db
      .selectFrom('order')
      .innerJoin('order_customer', 'order_customer.order_id', 'order.id')
      .select('order.id')
      .where('order.deep_link_code', '=', deepLinkCode)
      .where('order.order_date_time', '>=', since);
    if (customer) query = query.where('order_customer.customer_id', '=', customer.id);
    ids = (await query.execute()).map((row) => row.id as string);
    if (!customer) await authenticateGuest(platform, deepLinkCode, ids[0], credentials, options.clientIp);
  } else {
    const rows = await platform.db.selectFrom('order_customer').select('order_id').where('customer_id', '=', customer!.id).execute();
    ids = rows.map((row) => row.order_id as string);
  }

  const result = await platform.repositories.get('order').search(
    {
      ...criteria,
      filter: [...(criteria.filter ?? []), { type: 'equalsAny', field: 'id', value: ids.length ? ids : ['00000000000000000000000000000000'] }],
      associations: { ...ORDER_DETAIL_CRITERIA.associations, ...(criteria.associations ?? {}) },
      totalCountMode: criteria.totalCountMode ?? 'exact',
    },
    systemContext,
    platform.db,
  );
  return {
    orders: {
      total: result.total,
      page: result.page,
      limit: criteria.limit ?? null,
      elements: result.entities.map((order) => storeOrderJson(order)),
      aggregations: {},
      entity: 'order',
      apiAlias: 'dal_entity_search_result',
    },
    paymentChangeable: {},
  };
}

async function authenticateGuest(platform: CustomerOrdersDeps, code: string, orderId: string | undefined, credentials: { email: unknown; zipcode: unknown }, clientIp: string): Promise<void> {
  const limiter = guestLimiter(platform);
  const key = `${code}|${clientIp}`;
  const wait = await limiter.retryAfter(key);
  if (wait > 0) throw orderErrors.authThrottled(wait);
  const fail = async (error: Error): Promise<never> => {
    await limiter.consume(key);
    throw error;
  };
  if (!orderId) return fail(orderErrors.guestNotAuthenticated());
  const row = await platform.db
    .selectFrom('order')
    .innerJoin('order_customer', 'order_customer.order_id', 'order.id')
    .leftJoin('customer', 'customer.id', 'order_customer.customer_id')
    .leftJoin('order_address', 'order_address.id', 'order.billing_address_id')
    .select(['order_customer.email', 'customer.guest', 'order_address.zipcode'])
    .where('order.id', '=', orderId)
    .executeTakeFirst();
  // a registered customer's order opens only after logging in
  if (!row || row.guest !== true) throw orderErrors.customerNotLoggedIn();
  const { email, zipcode } = credentials;
  if (typeof email !== 'string' || email === '' || typeof zipcode !== 'string' || zipcode === '') return fail(orderErrors.guestNotAuthenticated());
  if (email.toLowerCase() !== String(row.email).toLowerCase() || zipcode.toUpperCase() !== String(row.zipcode ?? '').toUpperCase()) {
    return fail(orderErrors.guestWrongCredentials());
  }
}

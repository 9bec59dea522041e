import type { FastifyRequest } from 'fastify';
import { accountErrors } from '../customer/account/account-errors.js';
import type { ContextCustomer } from '../sales-channel/context/sales-channel-context.js';

/**
 * The logged-in customer of a Store API request, or 403 `CHECKOUT__CUSTOMER_NOT_LOGGED_IN`.
 * Guest accounts (checkout without registration) count only with `allowGuest` (Shopware's
 * `_loginRequiredAllowGuest`).
 */
export function requireCustomer(request: FastifyRequest, options: { allowGuest?: boolean } = {}): ContextCustomer {
  const customer = request.salesChannelContext?.customer ?? null;
  if (!customer || (customer.guest && !options.allowGuest)) throw accountErrors.notLoggedIn();
  return customer;
}

import { CHECKS_TEXT_ITSELF } from '../http/input-guard.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountErrors } from '../customer/account/account-errors.js';
import { loadCustomerJson } from '../customer/account/customer-json.js';
import { loginCustomer, logoutCustomer } from '../customer/account/customer-login.js';
import { registerCustomer } from '../customer/account/register-customer.js';
import { RegistrationBody } from '../customer/account/registration-schema.js';
import { errors } from '../errors/app-error.js';
import { documentedOnly, typed } from '../http/schemas/index.js';
import { entityRef } from '../http/openapi/entity-schemas.js';
import type { PlatformServices } from '../platform-services.js';
import { contextTokenResponse, objectBody } from './context-token-response.js';
import { requireCustomer } from './require-customer.js';
import { setStoreApiContext } from './store-api-context.js';
import { ContextTokenResponse, LoginBody, StoreApiHeaders, storeApiErrors } from './store-api-schemas.js';

const CustomerResponse = documentedOnly({ ...entityRef('customer'), description: 'The customer with group, addresses and default addresses.' });
const NOT_LOGGED_IN = { 403: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN.' };

/** Shopware's account routes: register, login, logout and the logged-in customer. */
export function registerAccountRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'env' | 'events' | 'mail' | 'repositories' | 'salesChannelContexts' | 'systemConfig'>): void {
  const routes = typed(app);
  const tags = ['Login & Registration'];

  routes.post(
    '/store-api/account/register',
    {
      // NUL characters are violations at their pointers (registration-input.ts)
      config: { [CHECKS_TEXT_ITSELF]: true },
      schema: {
        tags,
        summary: 'Register a customer (or a guest) and log in',
        headers: StoreApiHeaders,
        body: RegistrationBody,
        response: { 200: CustomerResponse, ...storeApiErrors({ 400: 'Every violation with its pointer (`VIOLATION::IS_BLANK_ERROR` at `/billingAddress/city`).' }) },
      },
    },
    async (request, reply) => {
      const { customer, context } = await registerCustomer(platform, request.salesChannelContext, request.body);
      setStoreApiContext(request, reply, context);
      return customer;
    },
  );

  routes.post(
    '/store-api/account/login',
    {
      // answered like any wrong login, uncounted (customer-login.ts)
      config: { [CHECKS_TEXT_ITSELF]: true },
      schema: {
        tags,
        summary: 'Log in; the context gets a new token',
        headers: StoreApiHeaders,
        body: LoginBody,
        response: { 200: ContextTokenResponse, ...storeApiErrors({ 400: 'Not an object.', 401: 'An unknown e-mail address or a wrong password (one answer for both), or no valid `sw-access-key`.', 429: 'Too many failed logins.' }) },
      },
    },
    async (request, reply) => {
      const body = objectBody(request.body);
      if (!body) throw errors.invalidRequest('The request body must be a JSON object.', '/');
      // Shopware accepts `username` as the older name of `email`
      const email = body.email ?? body.username;
      const credentials = { email: typeof email === 'string' ? email : '', password: typeof body.password === 'string' ? body.password : '' };
      const context = await loginCustomer(platform, request.salesChannelContext, credentials, request.ip);
      setStoreApiContext(request, reply, context);
      return contextTokenResponse(context.token);
    },
  );

  routes.post(
    '/store-api/account/logout',
    { schema: { tags, summary: 'Log out; the visitor continues as a new guest', headers: StoreApiHeaders, response: { 200: ContextTokenResponse, ...storeApiErrors(NOT_LOGGED_IN) } } },
    async (request, reply) => {
      requireCustomer(request, { allowGuest: true });
      const context = await logoutCustomer(platform, request.salesChannelContext);
      setStoreApiContext(request, reply, context);
      return contextTokenResponse(context.token);
    },
  );

  const customerRoute = async (request: FastifyRequest) => {
    const customer = requireCustomer(request);
    const json = await loadCustomerJson(platform, customer.id);
    if (!json) throw accountErrors.notLoggedIn();
    return json;
  };
  const customerSchema = { tags: ['Profile'], summary: 'The logged-in customer', headers: StoreApiHeaders, response: { 200: CustomerResponse, ...storeApiErrors(NOT_LOGGED_IN) } };
  routes.get('/store-api/account/customer', { schema: customerSchema }, customerRoute);
  routes.post('/store-api/account/customer', { schema: customerSchema }, customerRoute);
}

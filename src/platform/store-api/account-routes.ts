import type { FastifyInstance } from 'fastify';
import { accountErrors } from '../customer/account/account-errors.js';
import { loadCustomerJson } from '../customer/account/customer-json.js';
import { loginCustomer, logoutCustomer } from '../customer/account/customer-login.js';
import { registerCustomer } from '../customer/account/register-customer.js';
import { errors } from '../errors/app-error.js';
import type { Platform } from '../kernel.js';
import { contextTokenResponse, objectBody } from './context-token-response.js';
import { requireCustomer } from './require-customer.js';
import { setStoreApiContext } from './store-api-context.js';

/** Shopware's account routes: register, login, logout and the logged-in customer. */
export function registerAccountRoutes(app: FastifyInstance, platform: Platform): void {
  app.post('/store-api/account/register', async (request, reply) => {
    const { customer, context } = await registerCustomer(platform, request.salesChannelContext, request.body);
    setStoreApiContext(request, reply, context);
    return customer;
  });

  app.post('/store-api/account/login', async (request, reply) => {
    const body = objectBody(request.body);
    if (!body) throw errors.invalidRequest('The request body must be a JSON object.', '/');
    // Shopware accepts `username` as the older name of `email`
    const email = body.email ?? body.username;
    const credentials = { email: typeof email === 'string' ? email : '', password: typeof body.password === 'string' ? body.password : '' };
    const context = await loginCustomer(platform, request.salesChannelContext, credentials, request.ip);
    setStoreApiContext(request, reply, context);
    return contextTokenResponse(context.token);
  });

  app.post('/store-api/account/logout', async (request, reply) => {
    requireCustomer(request, { allowGuest: true });
    const context = await logoutCustomer(platform, request.salesChannelContext);
    setStoreApiContext(request, reply, context);
    return contextTokenResponse(context.token);
  });

  const customerRoute = async (request: Parameters<typeof requireCustomer>[0]) => {
    const customer = requireCustomer(request);
    const json = await loadCustomerJson(platform, customer.id);
    if (!json) throw accountErrors.notLoggedIn();
    return json;
  };
  app.get('/store-api/account/customer', customerRoute);
  app.post('/store-api/account/customer', customerRoute);
}

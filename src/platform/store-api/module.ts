import type { PlatformModule } from '../module.js';
import { registerAccountRoutes } from './account-routes.js';
import { registerAddressRoutes } from './address-routes.js';
import { registerProfileRoutes } from './profile-routes.js';
import { registerCredentialsRoutes } from './credentials-routes.js';
import { registerContextRoutes } from './context-routes.js';
import { registerContextDataRoutes } from './context-data-routes.js';
import { registerStoreApiInfoRoutes } from './info-routes.js';
import { registerPaymentMethodRoutes } from './payment-method-routes.js';
import { registerStoreApiContext } from './store-api-context.js';

/**
 * The Store API (`/store-api/*`, authenticated by `sw-access-key`): the visitor context and its data
 * (countries, currencies, ...), account and payment method routes, and its OpenAPI document (public). Other modules add their Store API routes (cart, order) and rely on the
 * context hook registered here (`request.salesChannelContext`, `requireCustomer`).
 */
export const storeApiModule: PlatformModule = {
  name: 'store-api',
  routes(app, platform) {
    registerStoreApiContext(app, platform);
    registerContextRoutes(app, platform);
    registerContextDataRoutes(app, platform);
    registerAccountRoutes(app, platform);
    registerAddressRoutes(app, platform);
    registerProfileRoutes(app, platform);
    registerCredentialsRoutes(app, platform);
    registerPaymentMethodRoutes(app, platform);
    registerStoreApiInfoRoutes(app, platform);
  },
};

import type { PlatformModule } from '../../module.js';
import { registerAccountMailRoutes } from '../../store-api/account-mail-routes.js';
import { registerAccountMailPages } from '../../storefront/pages/account-mail-pages.js';
import { createStorefrontServices } from '../../storefront/pages/storefront-services.js';
import { accountFlowsMigration } from './account-flows-migration.js';

/**
 * The customer account flows that go through mailed links: password recovery and the double opt-in of
 * registrations, in the Store API and the storefront (after the storefront module, whose framework
 * its pages use).
 */
export const customerAccountModule: PlatformModule = {
  name: 'customer-account',
  migrations: [accountFlowsMigration],
  routes(app, platform) {
    registerAccountMailRoutes(app, platform);
    registerAccountMailPages(app, createStorefrontServices(platform));
  },
};

import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/kernel.js';
import { addTemplateFolder, registerProfileSlot, storefrontRoutes } from '../../platform/storefront/http/index.js';
import { verifyBankAccount } from './bank/account-verification.js';
import { bankCollectionGate, bankSettingsOf } from './bank/bank-collection-gate.js';
import { saveBankDetails } from './bank/bank-details-save.js';
import { BankListCache } from './bank/bank-list.js';
import { registerBankScript } from './bank/bank-script.js';
import { bankProfileSlot } from './bank/profile-slot.js';
import { VerificationRateLimit } from './bank/verification-rate-limit.js';
import { VerifiedAccountStore } from './bank/verified-account-store.js';

/**
 * The storefront bank routes (spec part D, see bank/README.md): list the banks of the configured
 * country, verify an account at the gateway, save the verified account on the customer; and the
 * profile page's bank section. The routes exist only while "Enable Bank Data Collection" is on for the
 * request's sales channel, and only for logged-in customers.
 */
export function registerBankRoutes(app: FastifyInstance, platform: Platform): void {
  addTemplateFolder(app, fileURLToPath(new URL('./bank/views/', import.meta.url)));
  const scriptUrl = registerBankScript(app);
  const banks = new BankListCache();
  const rateLimit = new VerificationRateLimit();
  const store = new VerifiedAccountStore(platform.db);

  // a scope of their own, so the collection gate guards these three routes and nothing else of the extension
  void app.register(async (scope) => {
    scope.addHook('onRequest', bankCollectionGate(platform));
    const routes = storefrontRoutes(scope);
    routes.route({
      method: 'GET',
      url: '/pay-b/bank/list',
      responds: 'json',
      options: { requireCustomer: true },
      handler: async (request, reply) => {
        const { settings } = await bankSettingsOf(platform, request);
        const list = await banks.banksOf(settings, request.log);
        // the list is the same for everyone and changes rarely; private because the route needs a login
        reply.header('cache-control', 'private, max-age=300');
        return { banks: list.map(({ code, name }) => ({ code, name })) };
      },
    });
    routes.jsonPost(
      '/pay-b/bank/verify',
      async (request, reply) => verifyBankAccount({ banks, rateLimit, store }, await bankSettingsOf(platform, request), request, reply),
      { requireCustomer: true },
    );
    routes.formPost(
      '/pay-b/bank/save',
      async (request, reply) => saveBankDetails(platform, store, await bankSettingsOf(platform, request), request, reply),
      { requireCustomer: true },
    );
  });

  registerProfileSlot(app, bankProfileSlot(platform, scriptUrl));
}

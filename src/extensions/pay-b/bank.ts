import type { ExtensionHost, RouteDeclaration } from '../../platform/sdk/index.js';
import { bankRoutes, verificationPayloadKey } from '../_gateway-kit/index.js';
import { createPayBClient } from './client.js';
import { readPayBSettings } from './config.js';
import { CUSTOMER_BANK_FIELDS } from './custom-fields.js';

/** Where the account verified in a customer's session is kept. */
export const VERIFICATION_PAYLOAD_KEY = verificationPayloadKey('pay-b');

/** A customer waits for the answer; the gateway's own limit (about 28 s) is too long for a form. */
export const STOREFRONT_GATEWAY_TIMEOUT_MS = 15_000;

/**
 * Gateway D's storefront bank routes (`/pay-b/bank/{list,verify,save}`) and profile section, on the
 * kit's bank routes: banks from `GET /v3/banks/:country`, accounts resolved with `POST
 * /v3/accounts/resolve`, the optional BVN kept too.
 */
export function payBBankRoutes(host: ExtensionHost): RouteDeclaration[] {
  return bankRoutes(host, {
    prefix: 'pay-b',
    codePrefix: 'PAY_B',
    settingsOf: (salesChannelId) => readPayBSettings(host, salesChannelId),
    listBanks: (settings) => createPayBClient(settings, { timeoutMs: STOREFRONT_GATEWAY_TIMEOUT_MS }).listBanks(settings.bankCountry),
    resolveAccountName: (settings, accountNumber, bankCode) => createPayBClient(settings, { timeoutMs: STOREFRONT_GATEWAY_TIMEOUT_MS }).resolveAccount(accountNumber, bankCode),
    customerFields: CUSTOMER_BANK_FIELDS,
  });
}

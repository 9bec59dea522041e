import type { ExtensionHost, RouteDeclaration } from '../../platform/sdk/index.js';
import { bankRoutes } from '../_gateway-kit/index.js';
import { createPayAClient, type GatewayBank } from './client.js';
import { readPayASettings, type PayASettings } from './config.js';
import { CUSTOMER_BANK_FIELDS } from './custom-fields.js';

/** A customer waits for the answer. */
export const STOREFRONT_GATEWAY_TIMEOUT_MS = 10_000;

/** `GET /bank` names countries in words. */
const COUNTRY_NAMES: Readonly<Record<string, string>> = { NG: 'nigeria', GH: 'ghana', KE: 'kenya', ZA: 'south africa' };

/**
 * Gateway A's storefront bank routes (`/pay-a/bank/{list,verify,save}`) and profile section,
 * on the kit's bank routes: banks from `GET /bank` (every cursor page), accounts resolved with `GET
 * /bank/resolve`. The verify body takes the gateway's own field names (`account_number`, `bank_code`; the
 * save form uses them too), and the list answers the gateway's response: `{status, message, data}` with
 * the gateway's bank objects, all pages in one, sorted by name.
 */
export function payABankRoutes(host: ExtensionHost): RouteDeclaration[] {
  return bankRoutes<PayASettings, GatewayBank>(host, {
    prefix: 'pay-a',
    codePrefix: 'PAY_A',
    settingsOf: (salesChannelId) => readPayASettings(host, salesChannelId),
    listBanks: (settings) => createPayAClient(settings, { timeoutMs: STOREFRONT_GATEWAY_TIMEOUT_MS }).listBanks(COUNTRY_NAMES[settings.bankCountry] ?? 'nigeria'),
    listAnswer: (banks) => ({ status: true, message: 'Banks retrieved', data: banks.map((bank) => ({ ...bank.raw, name: bank.name })) }),
    inputFields: { bankCode: 'bank_code', accountNumber: 'account_number' },
    resolveAccountName: async (settings, accountNumber, bankCode) =>
      (await createPayAClient(settings, { timeoutMs: STOREFRONT_GATEWAY_TIMEOUT_MS }).resolveAccount(accountNumber, bankCode)).accountName,
    customerFields: CUSTOMER_BANK_FIELDS,
  });
}

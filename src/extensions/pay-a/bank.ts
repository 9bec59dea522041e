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
 * Gateway A's storefront bank routes (`/pay-a/bank/{list,verify,save}`) on the kit's: banks from `GET /bank` (all cursor
 * pages), `GET /bank/resolve`; the verify and save bodies take the gateway's field names, the list answers its envelope.
 */
export function payABankRoutes(host: ExtensionHost): RouteDeclaration[] {
  return bankRoutes<PayASettings, GatewayBank>(host, {
    prefix: 'pay-a',
    codePrefix: 'PAY_A',
    settingsOf: (salesChannelId) => readPayASettings(host, salesChannelId),
    listBanks: (settings) => createPayAClient(settings, { timeoutMs: STOREFRONT_GATEWAY_TIMEOUT_MS }).listBanks(COUNTRY_NAMES[settings.bankCountry] ?? 'nigeria'),
    listAnswer: (banks) => ({ status: true, message: 'Banks retrieved', data: banks.map((bank) => ({ ...bank.raw, name: bank.name })) }),
    inputFields: { bankCode: 'bank_code', accountNumber: 'account_number' },
    resolveAccountName: (settings, accountNumber, bankCode) => createPayAClient(settings, { timeoutMs: STOREFRONT_GATEWAY_TIMEOUT_MS }).resolveAccount(accountNumber, bankCode),
    customerFields: CUSTOMER_BANK_FIELDS,
  });
}

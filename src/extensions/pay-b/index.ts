import type { Extension } from '../../platform/sdk/index.js';
import { payBBankRoutes } from './bank.js';
import { EXTENSION_NAME, PAY_B_PAYMENT_METHOD, payBConfig } from './config.js';
import { CUSTOM_FIELD_SETS, SEAL_BANK_DETAILS_MIGRATION } from './custom-fields.js';
import { createPayBProvider } from './provider.js';
import { PAY_B_REFUND_PRIVILEGE } from './refund.js';
import { payBSimulatorCommand } from './simulator/console-command.js';

/**
 * Gateway D: hosted payment through the gateway's v3 API, webhooks, refunds and optional
 * bank-detail collection. No tables of its own: the payment method, custom fields and config defaults
 * are written on install and update; uninstall without keeping data removes fields and config. Its one
 * migration seals account numbers and BVNs saved before they were secret custom fields.
 */
export const extPayB: Extension = {
  name: EXTENSION_NAME,
  version: '0.9.0-beta.1',
  label: 'Gateway D payments',
  description: 'Hosted payment page, webhooks, refunds and bank details through gateway D (API v3).',
  privileges: [PAY_B_REFUND_PRIVILEGE],
  customFieldSets: CUSTOM_FIELD_SETS,
  migrations: [SEAL_BANK_DETAILS_MIGRATION],
  config: payBConfig,
  paymentMethods: [
    {
      technicalName: PAY_B_PAYMENT_METHOD,
      name: 'Gateway D',
      description: 'Pay by card, bank transfer or mobile money on the secure payment page of gateway D.',
      // the host runs finalize, the webhook route (/pay-b/webhook) and settlement for it
      provider: createPayBProvider,
    },
  ],
  routes: (host) => [
    // /pay-b/bank/{list,verify,save}, the form's script and the profile section
    ...payBBankRoutes(host),
  ],
  commands: [payBSimulatorCommand],
};

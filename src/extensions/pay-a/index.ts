import type { Extension } from '../../platform/sdk/index.js';
import { payABankRoutes } from './bank.js';
import { EXTENSION_NAME, PAY_A_PAYMENT_METHOD, payAConfig } from './config.js';
import { CUSTOM_FIELD_SETS, SEAL_BANK_DETAILS_MIGRATION } from './custom-fields.js';
import { createPayAProvider } from './provider.js';
import { PAY_A_REFUND_PRIVILEGE } from './refund.js';
import { payASimulatorCommand } from './simulator/console-command.js';

/**
 * Gateway A: hosted payment through the gateway's (Paystack-compatible) API with every
 * payment re-verified, signed webhooks, refunds and optional bank-detail collection. No tables of its
 * own: the payment method, custom fields and config defaults are written on install and update;
 * uninstall without keeping data removes fields and config. Its one migration seals account numbers
 * saved before they were secret custom fields.
 */
export const extPayA: Extension = {
  name: EXTENSION_NAME,
  version: '1.0.0',
  label: 'Gateway A payments',
  description: 'Hosted payment page, signed webhooks, refunds and bank details through gateway A.',
  privileges: [PAY_A_REFUND_PRIVILEGE],
  customFieldSets: CUSTOM_FIELD_SETS,
  migrations: [SEAL_BANK_DETAILS_MIGRATION],
  config: payAConfig,
  paymentMethods: [
    {
      technicalName: PAY_A_PAYMENT_METHOD,
      name: 'Gateway A',
      description: 'Pay by card, bank transfer, USSD or mobile money on the secure payment page of gateway A.',
      // the host runs finalize, the webhook route (/pay-a/webhook) and settlement for it
      provider: createPayAProvider,
    },
  ],
  routes: (host) => [
    // /pay-a/bank/{list,verify,save}, the form's script and the profile section
    ...payABankRoutes(host),
  ],
  commands: [payASimulatorCommand],
};

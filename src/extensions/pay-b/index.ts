import type { Extension } from '../../platform/extensions.js';
import { registerBankRoutes } from './bank.js';
import { CONFIG_DEFAULTS, EXTENSION_NAME, PAY_B_PAYMENT_METHOD, SECRET_KEYS } from './config.js';
import { CUSTOM_FIELD_SETS } from './custom-fields.js';
import { payBPaymentHandler } from './payment-handler.js';
import { PAY_B_REFUND_PRIVILEGE, registerRefundRoute } from './refund.js';
import { payBSimulatorCommand } from './simulator/console-command.js';
import { registerWebhookRoute } from './webhook.js';

/**
 * Gateway D (spec part D): hosted payment through the gateway's v3 API, webhooks, refunds and optional
 * bank-detail collection. No tables of its own: the payment method, custom fields and config defaults
 * are written on install and update; uninstall without keeping data removes fields and config.
 */
export const extPayB: Extension = {
  name: EXTENSION_NAME,
  version: '0.9.0-beta.1',
  label: 'Gateway D payments',
  description: 'Hosted payment page, webhooks, refunds and bank details through gateway D (API v3).',
  privileges: [PAY_B_REFUND_PRIVILEGE],
  customFieldSets: CUSTOM_FIELD_SETS,
  config: { defaults: { ...CONFIG_DEFAULTS }, secrets: [...SECRET_KEYS] },
  paymentMethods: [
    {
      technicalName: PAY_B_PAYMENT_METHOD,
      name: 'Gateway D',
      description: 'Pay by card, bank transfer or mobile money on the secure payment page of gateway D.',
      handler: payBPaymentHandler,
    },
  ],
  routes(app, platform) {
    registerWebhookRoute(app, platform);
    registerRefundRoute(app, platform);
    registerBankRoutes(app, platform);
  },
  commands: [payBSimulatorCommand],
};

import { gatewayExtension } from '../_gateway-kit/index.js';
import { payBBankRoutes } from './bank.js';
import { EXTENSION_NAME, PAY_B_PAYMENT_METHOD, payBConfig } from './config.js';
import { CUSTOM_FIELDS } from './custom-fields.js';
import { createPayBProvider } from './provider.js';
import { PAY_B_REFUND_PRIVILEGE } from './refund.js';
import { payBSimulatorCommand } from './simulator/console-command.js';

/**
 * Gateway D: hosted payment through the gateway's v3 API, webhooks, refunds and optional
 * bank-detail collection. No tables of its own; uninstall without keeping data removes fields and
 * config. Its one migration seals account numbers and BVNs saved before they were secret custom fields.
 */
export const extPayB = gatewayExtension({
  name: EXTENSION_NAME,
  version: '0.9.0-beta.1',
  gateway: 'Gateway D',
  description: 'Hosted payment page, webhooks, refunds and bank details through gateway D (API v3).',
  refundPrivilege: PAY_B_REFUND_PRIVILEGE,
  config: payBConfig,
  customFields: CUSTOM_FIELDS,
  paymentMethod: {
    technicalName: PAY_B_PAYMENT_METHOD,
    description: 'Pay by card, bank transfer or mobile money on the secure payment page of gateway D.',
    provider: createPayBProvider,
  },
  bankRoutes: payBBankRoutes,
  simulatorCommand: payBSimulatorCommand,
});

import { gatewayExtension } from '../_gateway-kit/index.js';
import { payABankRoutes } from './bank.js';
import { EXTENSION_NAME, PAY_A_PAYMENT_METHOD, payAConfig } from './config.js';
import { CUSTOM_FIELDS } from './custom-fields.js';
import { createPayAProvider } from './provider.js';
import { PAY_A_REFUND_PRIVILEGE } from './refund.js';
import { payASimulatorCommand } from './simulator/console-command.js';

/**
 * Gateway A: hosted payment through the (Paystack-compatible) API with every payment re-verified, signed webhooks,
 * refunds and optional bank details. No tables of its own; its one migration seals account numbers saved in plain.
 */
export const extPayA = gatewayExtension({
  name: EXTENSION_NAME,
  version: '1.0.0',
  gateway: 'Gateway A',
  description: 'Hosted payment page, signed webhooks, refunds and bank details through gateway A.',
  refundPrivilege: PAY_A_REFUND_PRIVILEGE,
  config: payAConfig,
  customFields: CUSTOM_FIELDS,
  paymentMethod: {
    technicalName: PAY_A_PAYMENT_METHOD,
    description: 'Pay by card, bank transfer, USSD or mobile money on the secure payment page of gateway A.',
    provider: createPayAProvider,
  },
  bankRoutes: payABankRoutes,
  simulatorCommand: payASimulatorCommand,
});

import { gatewayCustomFields } from '../_gateway-kit/index.js';

/**
 * Gateway data kept on the order transaction (docs/gateway-a.md lists them for merchants): the kit's common
 * ones (`pay_a_reference` is the current attempt's reference) and these; the customer's bank details.
 */
export const CUSTOM_FIELDS = gatewayCustomFields({ setPrefix: 'ext_pay_a', fieldPrefix: 'pay_a', gateway: 'Gateway A' }, {
  /** card, bank, ussd, mobile_money, ... */
  channel: { name: 'pay_a_channel', type: 'text', label: 'Payment channel' },
  /** Integer minor units of the gateway (×100, XOF too): its fee, and what it charged. */
  fees: { name: 'pay_a_fees', type: 'int', label: 'Fees (gateway minor units)' },
  amount: { name: 'pay_a_amount', type: 'int', label: 'Amount charged (gateway minor units)' },
});

// the bank details are saved on the customer; the account number is secret: sealed at rest, masked in every read
export const { transaction: TRANSACTION_FIELDS, customerBank: CUSTOMER_BANK_FIELDS, sealMigration: SEAL_BANK_DETAILS_MIGRATION } = CUSTOM_FIELDS;

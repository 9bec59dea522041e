import type { CustomFieldSetDeclaration } from '../../platform/sdk/index.js';
import { bankDetailsFieldSet, sealBankDetailsMigration } from '../_gateway-kit/index.js';

/** Gateway data stored on the order transaction (docs/gateway-a.md lists them for merchants). */
export const TRANSACTION_FIELDS = {
  /** The reference of the current payment attempt: stored before the customer leaves, then the verified one. */
  reference: 'pay_a_reference',
  /** The gateway's numeric transaction id, as a string (an unsigned 64-bit integer). */
  transactionId: 'pay_a_transaction_id',
  /** card, bank, ussd, mobile_money, ... */
  channel: 'pay_a_channel',
  /** The gateway's fee, integer minor units of the gateway (×100). */
  fees: 'pay_a_fees',
  /** What the gateway charged, integer minor units of the gateway (×100; XOF too). */
  amount: 'pay_a_amount',
  currency: 'pay_a_currency',
  /** ISO-8601 time of the verification that settled the transaction. */
  verifiedAt: 'pay_a_verified_at',
  /** Webhook idempotency: keys of applied gateway events (`charge:<id>`, `refund:<id>`, `refund-event:...`). */
  processedEvents: 'pay_a_processed_events',
} as const;

/** Bank details collected in the storefront, saved on the customer under these custom field names. */
export const CUSTOMER_BANK_FIELDS = {
  bankName: 'ext_pay_a_bank_name',
  bankCode: 'ext_pay_a_bank_code',
  accountNumber: 'ext_pay_a_account_number',
  accountName: 'ext_pay_a_account_name',
} as const;

const field = (name: string, type: string, label: string) => ({ name, type, label: { 'en-GB': label } });

export const CUSTOM_FIELD_SETS: CustomFieldSetDeclaration[] = [
  {
    name: 'ext_pay_a_transaction',
    label: { 'en-GB': 'Gateway A payment' },
    relations: ['order_transaction'],
    fields: [
      field(TRANSACTION_FIELDS.reference, 'text', 'Gateway reference'),
      field(TRANSACTION_FIELDS.transactionId, 'text', 'Gateway transaction ID'),
      field(TRANSACTION_FIELDS.channel, 'text', 'Payment channel'),
      field(TRANSACTION_FIELDS.fees, 'int', 'Fees (gateway minor units)'),
      field(TRANSACTION_FIELDS.amount, 'int', 'Amount charged (gateway minor units)'),
      field(TRANSACTION_FIELDS.currency, 'text', 'Currency'),
      field(TRANSACTION_FIELDS.verifiedAt, 'datetime', 'Verified at'),
      field(TRANSACTION_FIELDS.processedEvents, 'json', 'Processed webhook events'),
    ],
  },
  // the account number is secret: sealed at rest, masked in every read
  bankDetailsFieldSet('ext_pay_a_customer_bank', 'Gateway A bank details', CUSTOMER_BANK_FIELDS),
];

/** Seals account numbers saved before they were secret custom fields. */
export const SEAL_BANK_DETAILS_MIGRATION = sealBankDetailsMigration('0001_seal_customer_bank_details', CUSTOMER_BANK_FIELDS);

import type { CustomFieldSetDeclaration } from '../../platform/sdk/index.js';
import { bankDetailsFieldSet, sealBankDetailsMigration, transactionFieldSet } from '../_gateway-kit/index.js';

/** Gateway data stored on the order transaction (docs/gateway-a.md lists them for merchants). */
const TRANSACTION_FIELD_SET = transactionFieldSet('ext_pay_a_transaction', 'Gateway A payment', {
  /** The reference of the current payment attempt: stored before the customer leaves, then the verified one. */
  reference: { name: 'pay_a_reference', type: 'text', label: 'Gateway reference' },
  /** The gateway's numeric transaction id, as a string (an unsigned 64-bit integer). */
  transactionId: { name: 'pay_a_transaction_id', type: 'text', label: 'Gateway transaction ID' },
  /** card, bank, ussd, mobile_money, ... */
  channel: { name: 'pay_a_channel', type: 'text', label: 'Payment channel' },
  /** The gateway's fee, integer minor units of the gateway (×100). */
  fees: { name: 'pay_a_fees', type: 'int', label: 'Fees (gateway minor units)' },
  /** What the gateway charged, integer minor units of the gateway (×100; XOF too). */
  amount: { name: 'pay_a_amount', type: 'int', label: 'Amount charged (gateway minor units)' },
  currency: { name: 'pay_a_currency', type: 'text', label: 'Currency' },
  /** ISO-8601 time of the verification that settled the transaction. */
  verifiedAt: { name: 'pay_a_verified_at', type: 'datetime', label: 'Verified at' },
  /** Webhook idempotency: keys of applied gateway events (`charge:<id>`, `refund:<id>`, `refund-event:...`). */
  processedEvents: { name: 'pay_a_processed_events', type: 'json', label: 'Processed webhook events' },
});

export const TRANSACTION_FIELDS = TRANSACTION_FIELD_SET.names;

/** Bank details collected in the storefront, saved on the customer under these custom field names. */
export const CUSTOMER_BANK_FIELDS = {
  bankName: 'ext_pay_a_bank_name',
  bankCode: 'ext_pay_a_bank_code',
  accountNumber: 'ext_pay_a_account_number',
  accountName: 'ext_pay_a_account_name',
} as const;

export const CUSTOM_FIELD_SETS: CustomFieldSetDeclaration[] = [
  TRANSACTION_FIELD_SET.set,
  // the account number is secret: sealed at rest, masked in every read
  bankDetailsFieldSet('ext_pay_a_customer_bank', 'Gateway A bank details', CUSTOMER_BANK_FIELDS),
];

/** Seals account numbers saved before they were secret custom fields. */
export const SEAL_BANK_DETAILS_MIGRATION = sealBankDetailsMigration('0001_seal_customer_bank_details', CUSTOMER_BANK_FIELDS);

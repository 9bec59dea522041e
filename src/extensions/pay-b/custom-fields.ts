import type { CustomFieldSetDeclaration } from '../../platform/sdk/index.js';
import { bankDetailsFieldSet, sealBankDetailsMigration, transactionFieldSet } from '../_gateway-kit/index.js';

/** Gateway data stored on the order transaction, written by finalize and the webhook (docs/gateway-d.md lists them). */
const TRANSACTION_FIELD_SET = transactionFieldSet('ext_pay_b_transaction', 'Gateway D payment', {
  /** The gateway's `flw_ref`. */
  reference: { name: 'pay_b_reference', type: 'text', label: 'Gateway reference' },
  /** The gateway's numeric transaction id, as a string. */
  transactionId: { name: 'pay_b_transaction_id', type: 'text', label: 'Gateway transaction ID' },
  paymentType: { name: 'pay_b_payment_type', type: 'text', label: 'Payment type' },
  /** Major units, exact decimal string (`app_fee`). */
  transactionFee: { name: 'pay_b_transaction_fee', type: 'text', label: 'Transaction fee' },
  /** Major units (`charged_amount`: more than the order total when the customer bears the fee). */
  amountCharged: { name: 'pay_b_amount_charged', type: 'text', label: 'Amount charged' },
  amountSettled: { name: 'pay_b_amount_settled', type: 'text', label: 'Amount settled' },
  currency: { name: 'pay_b_currency', type: 'text', label: 'Currency' },
  /** ISO-8601 time of the verification that settled the transaction. */
  verifiedAt: { name: 'pay_b_verified_at', type: 'datetime', label: 'Verified at' },
  /** `{name, email}` of the gateway's customer record. */
  customer: { name: 'pay_b_customer', type: 'json', label: 'Gateway customer' },
  /** Webhook idempotency: keys of processed gateway events (`charge:<id>`, `refund:<id>`). */
  processedEvents: { name: 'pay_b_processed_events', type: 'json', label: 'Processed webhook events' },
});

export const TRANSACTION_FIELDS = TRANSACTION_FIELD_SET.names;

/** Bank details collected in the storefront, saved on the customer under these custom field names. */
export const CUSTOMER_BANK_FIELDS = {
  bankName: 'ext_pay_b_bank_name',
  bankCode: 'ext_pay_b_bank_code',
  accountNumber: 'ext_pay_b_account_number',
  accountName: 'ext_pay_b_account_name',
  bvn: 'ext_pay_b_bvn',
} as const;

export const CUSTOM_FIELD_SETS: CustomFieldSetDeclaration[] = [
  TRANSACTION_FIELD_SET.set,
  // the account number and the BVN are secret: sealed at rest, masked in every read
  bankDetailsFieldSet('ext_pay_b_customer_bank', 'Gateway D bank details', CUSTOMER_BANK_FIELDS),
];

/** Seals account numbers and BVNs saved before they were secret custom fields. */
export const SEAL_BANK_DETAILS_MIGRATION = sealBankDetailsMigration('0001_seal_customer_bank_details', CUSTOMER_BANK_FIELDS);

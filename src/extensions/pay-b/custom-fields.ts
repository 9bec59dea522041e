import type { CustomFieldSetDeclaration } from '../../platform/sdk/index.js';
import { bankDetailsFieldSet, sealBankDetailsMigration } from '../_gateway-kit/index.js';

/** Gateway data stored on the order transaction, written by finalize and the webhook (docs/gateway-d.md lists them). */
export const TRANSACTION_FIELDS = {
  /** The gateway's `flw_ref`. */
  reference: 'pay_b_reference',
  /** The gateway's numeric transaction id, as a string. */
  transactionId: 'pay_b_transaction_id',
  paymentType: 'pay_b_payment_type',
  /** Major units, exact decimal string (`app_fee`). */
  transactionFee: 'pay_b_transaction_fee',
  /** Major units (`charged_amount`: more than the order total when the customer bears the fee). */
  amountCharged: 'pay_b_amount_charged',
  amountSettled: 'pay_b_amount_settled',
  currency: 'pay_b_currency',
  /** ISO-8601 time of the verification that settled the transaction. */
  verifiedAt: 'pay_b_verified_at',
  /** `{name, email}` of the gateway's customer record. */
  customer: 'pay_b_customer',
  /** Webhook idempotency: keys of processed gateway events (`charge:<id>`, `refund:<id>`). */
  processedEvents: 'pay_b_processed_events',
} as const;

/** Bank details collected in the storefront, saved on the customer under these custom field names. */
export const CUSTOMER_BANK_FIELDS = {
  bankName: 'ext_pay_b_bank_name',
  bankCode: 'ext_pay_b_bank_code',
  accountNumber: 'ext_pay_b_account_number',
  accountName: 'ext_pay_b_account_name',
  bvn: 'ext_pay_b_bvn',
} as const;

const text = (name: string, label: string) => ({ name, type: 'text', label: { 'en-GB': label } });

export const CUSTOM_FIELD_SETS: CustomFieldSetDeclaration[] = [
  {
    name: 'ext_pay_b_transaction',
    label: { 'en-GB': 'Gateway D payment' },
    relations: ['order_transaction'],
    fields: [
      text(TRANSACTION_FIELDS.reference, 'Gateway reference'),
      text(TRANSACTION_FIELDS.transactionId, 'Gateway transaction ID'),
      text(TRANSACTION_FIELDS.paymentType, 'Payment type'),
      text(TRANSACTION_FIELDS.transactionFee, 'Transaction fee'),
      text(TRANSACTION_FIELDS.amountCharged, 'Amount charged'),
      text(TRANSACTION_FIELDS.amountSettled, 'Amount settled'),
      text(TRANSACTION_FIELDS.currency, 'Currency'),
      { name: TRANSACTION_FIELDS.verifiedAt, type: 'datetime', label: { 'en-GB': 'Verified at' } },
      { name: TRANSACTION_FIELDS.customer, type: 'json', label: { 'en-GB': 'Gateway customer' } },
      { name: TRANSACTION_FIELDS.processedEvents, type: 'json', label: { 'en-GB': 'Processed webhook events' } },
    ],
  },
  // the account number and the BVN are secret: sealed at rest, masked in every read
  bankDetailsFieldSet('ext_pay_b_customer_bank', 'Gateway D bank details', CUSTOMER_BANK_FIELDS),
];

/** Seals account numbers and BVNs saved before they were secret custom fields. */
export const SEAL_BANK_DETAILS_MIGRATION = sealBankDetailsMigration('0001_seal_customer_bank_details', CUSTOMER_BANK_FIELDS);

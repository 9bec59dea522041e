import { gatewayCustomFields } from '../_gateway-kit/index.js';

/** Gateway data on the order transaction (docs/gateway-d.md): the kit's common fields (`pay_b_reference` is `flw_ref`) and these. */
// collects Nigeria's Bank Verification Number too, secret like the account number
export const CUSTOM_FIELDS = gatewayCustomFields({ setPrefix: 'ext_pay_b', fieldPrefix: 'pay_b', gateway: 'Gateway D', collectsBvn: true }, {
  paymentType: { name: 'pay_b_payment_type', type: 'text', label: 'Payment type' },
  /** Major units as exact decimal strings: `app_fee`, `charged_amount` (more than the order total when the customer bears the fee), `amount_settled`. */
  transactionFee: { name: 'pay_b_transaction_fee', type: 'text', label: 'Transaction fee' },
  amountCharged: { name: 'pay_b_amount_charged', type: 'text', label: 'Amount charged' },
  amountSettled: { name: 'pay_b_amount_settled', type: 'text', label: 'Amount settled' },
  /** `{name, email}` of the gateway's customer record. */
  customer: { name: 'pay_b_customer', type: 'json', label: 'Gateway customer' },
});

// the bank details are saved on the customer; the account number and the BVN are secret: sealed at rest, masked in every read
export const { transaction: TRANSACTION_FIELDS, customerBank: CUSTOMER_BANK_FIELDS, sealMigration: SEAL_BANK_DETAILS_MIGRATION } = CUSTOM_FIELDS;

import type { CustomFieldSetDeclaration, Migration } from '../../../platform/sdk/index.js';
import { bankDetailsFieldSet, sealBankDetailsMigration } from '../bank/bank-details-fields.js';
import type { BankCustomerFields } from '../bank/bank-routes.js';
import { transactionFieldSet, type TransactionField } from './transaction-fields.js';

/** A gateway's custom fields: what it keeps on the order transaction and the customer's bank details. */
export interface GatewayCustomFields<N, C extends BankCustomerFields = BankCustomerFields> {
  /** Each transaction field's key -> its stored name. */
  transaction: N;
  /** The customer's bank detail fields, `<prefix>_bank_name` and so on. */
  customerBank: C;
  sets: CustomFieldSetDeclaration[];
  /** Seals account numbers (and BVNs) saved before they were secret custom fields. */
  sealMigration: Migration;
}

/** What every gateway keeps of a payment, around its own fields: `<field prefix>_reference` and so on. */
function commonTransactionFields(prefix: string) {
  const field = <T extends TransactionField['type']>(name: string, type: T, label: string) => ({ name: `${prefix}_${name}`, type, label }) as const;
  return {
    head: {
      /** The gateway's reference of the payment (the attempt's, stored before the customer leaves, for a gateway that asks by it). */
      reference: field('reference', 'text', 'Gateway reference'),
      /** The gateway's transaction id, as a string. */
      transactionId: field('transaction_id', 'text', 'Gateway transaction ID'),
    },
    tail: {
      currency: field('currency', 'text', 'Currency'),
      /** ISO-8601 time of the verification that settled the transaction. */
      verifiedAt: field('verified_at', 'datetime', 'Verified at'),
      /** Webhook idempotency: keys of the gateway events applied (`charge:<id>`, `refund:<id>`, ...). */
      processedEvents: field('processed_events', 'json', 'Processed webhook events'),
    },
  };
}

type TransactionNames<F> = { readonly [K in keyof F]: F[K] extends { name: infer N } ? N : never };
type CommonNames = TransactionNames<ReturnType<typeof commonTransactionFields>['head'] & ReturnType<typeof commonTransactionFields>['tail']>;

/**
 * Both custom field sets of a gateway: `<set prefix>_transaction` on the order transaction (the common
 * payment fields around the gateway's own), `<set prefix>_customer_bank` with the bank details, whose
 * account number (and BVN, for a gateway that collects it) are secret.
 */
export function gatewayCustomFields<const F extends Record<string, TransactionField>, B extends boolean = false>(
  /** `setPrefix` (`ext_pay_a`) names the sets and the bank detail fields, `fieldPrefix` (`pay_a`) the common transaction fields. */
  names: { setPrefix: string; fieldPrefix: string; gateway: string; collectsBvn?: B },
  ownTransactionFields: F,
): GatewayCustomFields<{ readonly [K in keyof F]: F[K]['name'] } & { readonly [K in keyof CommonNames]: string }, B extends true ? Required<BankCustomerFields> : BankCustomerFields> {
  const { setPrefix: prefix, gateway } = names;
  const common = commonTransactionFields(names.fieldPrefix);
  const transaction = transactionFieldSet(`${prefix}_transaction`, `${gateway} payment`, { ...common.head, ...ownTransactionFields, ...common.tail });
  const customerBank = {
    bankName: `${prefix}_bank_name`,
    bankCode: `${prefix}_bank_code`,
    accountNumber: `${prefix}_account_number`,
    accountName: `${prefix}_account_name`,
    ...(names.collectsBvn ? { bvn: `${prefix}_bvn` } : {}),
  } as B extends true ? Required<BankCustomerFields> : BankCustomerFields;
  return {
    transaction: transaction.names,
    customerBank,
    sets: [transaction.set, bankDetailsFieldSet(`${prefix}_customer_bank`, `${gateway} bank details`, customerBank)],
    sealMigration: sealBankDetailsMigration('0001_seal_customer_bank_details', customerBank),
  };
}

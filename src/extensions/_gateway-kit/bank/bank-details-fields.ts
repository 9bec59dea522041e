import type { CustomFieldSetDeclaration, Migration } from '../../../platform/sdk/index.js';
import type { BankCustomerFields } from './bank-routes.js';

/** The fields of a gateway's bank details that are secrets: the account number and the BVN. */
export function secretBankFieldNames(fields: BankCustomerFields): string[] {
  return fields.bvn === undefined ? [fields.accountNumber] : [fields.accountNumber, fields.bvn];
}

/**
 * A gateway's customer custom field set for bank details. The account number and the BVN are `secret`:
 * the platform seals them on every write, masks them (`******0031`) on every read and answers them whole
 * only on its audited route `GET /api/_action/customer/{id}/bank-details`.
 */
export function bankDetailsFieldSet(name: string, label: string, fields: BankCustomerFields): CustomFieldSetDeclaration {
  const secret = new Set(secretBankFieldNames(fields));
  const text = (field: string, fieldLabel: string) => ({ name: field, type: 'text', label: { 'en-GB': fieldLabel }, ...(secret.has(field) ? { secret: true } : {}) });
  return {
    name,
    label: { 'en-GB': label },
    relations: ['customer'],
    fields: [
      text(fields.bankName, 'Bank name'),
      text(fields.bankCode, 'Bank code'),
      text(fields.accountNumber, 'Account number'),
      text(fields.accountName, 'Account name'),
      ...(fields.bvn === undefined ? [] : [text(fields.bvn, 'BVN')]),
    ],
  };
}

/**
 * The migration that seals the account numbers (and BVNs) saved while they were plain custom fields.
 * Values already sealed are left alone, so it may run again without harm.
 */
export function sealBankDetailsMigration(name: string, fields: BankCustomerFields): Migration {
  const names = secretBankFieldNames(fields);
  return {
    name,
    async up(db, context) {
      if (!context) throw new Error(`${name} needs the platform's migration context`);
      await context.sealSecretCustomFields(db, 'customer', names);
    },
  };
}

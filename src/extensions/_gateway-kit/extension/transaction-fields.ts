import type { CustomFieldSetDeclaration } from '../../../platform/sdk/index.js';

/** One piece of gateway data kept on the order transaction. */
export interface TransactionField {
  name: string;
  type: 'text' | 'int' | 'datetime' | 'json';
  /** The Administration's label (en-GB). */
  label: string;
}

/**
 * A gateway's order transaction custom field set from one table: `names` maps each key to its field name
 * (what the gateway's code reads and writes), `set` is what the extension declares, the fields in the
 * table's order.
 */
export function transactionFieldSet<const F extends Record<string, TransactionField>>(
  name: string,
  label: string,
  fields: F,
): { names: { readonly [K in keyof F]: F[K]['name'] }; set: CustomFieldSetDeclaration } {
  const entries = Object.entries(fields) as Array<[keyof F, TransactionField]>;
  return {
    names: Object.fromEntries(entries.map(([key, field]) => [key, field.name])) as { readonly [K in keyof F]: F[K]['name'] },
    set: {
      name,
      label: { 'en-GB': label },
      relations: ['order_transaction'],
      fields: entries.map(([, field]) => ({ name: field.name, type: field.type, label: { 'en-GB': field.label } })),
    },
  };
}

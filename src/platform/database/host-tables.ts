import type { ColumnType, Generated, Kysely } from 'kysely';

/**
 * Typed rows of the host's core tables, for the host services extensions reach them through
 * (order transactions, payment records, sessions). Ids read back as 32 hex characters (connection.ts).
 * Only what those services touch is listed; the rest of the platform still works on untyped tables.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string | T, string | T>;

interface EntityColumns {
  id: string;
  custom_fields: Json<Record<string, unknown> | null>;
  created_at: Timestamp;
  updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface OrderTable extends EntityColumns {
  order_number: string;
  sales_channel_id: string;
  currency_id: string;
  state_id: string;
  billing_address_id: string | null;
  order_date_time: Timestamp;
}

export interface OrderTransactionTable extends EntityColumns {
  order_id: string;
  payment_method_id: string;
  amount: Json<Record<string, unknown>>;
  state_id: string;
}

export interface OrderCustomerTable extends EntityColumns {
  order_id: string;
  customer_id: string | null;
  email: string;
  first_name: string;
  last_name: string;
}

export interface OrderAddressTable extends EntityColumns {
  order_id: string;
  phone_number: string | null;
}

export interface CurrencyTable extends EntityColumns {
  iso_code: string;
  decimals: number;
}

export interface StateMachineStateTable {
  id: string;
  technical_name: string;
  name: string;
  state_machine_id: string;
}

export interface PaymentRecordTable extends EntityColumns {
  state_id: string;
  amount: Json<Record<string, unknown>>;
  external_reference: string | null;
}

export interface OrderTransactionCaptureTable extends PaymentRecordTable {
  order_transaction_id: string;
}

export interface OrderTransactionCaptureRefundTable extends PaymentRecordTable {
  capture_id: string;
  reason: string | null;
}

export interface SalesChannelApiContextTable {
  token: string;
  sales_channel_id: string;
  customer_id: string | null;
  payload: Json<Record<string, unknown>>;
  updated_at: Generated<Date>;
}

export interface HostTables {
  order: OrderTable;
  order_transaction: OrderTransactionTable;
  order_customer: OrderCustomerTable;
  order_address: OrderAddressTable;
  currency: CurrencyTable;
  state_machine_state: StateMachineStateTable;
  order_transaction_capture: OrderTransactionCaptureTable;
  order_transaction_capture_refund: OrderTransactionCaptureRefundTable;
  sales_channel_api_context: SalesChannelApiContextTable;
}

export type HostDb = Kysely<HostTables>;

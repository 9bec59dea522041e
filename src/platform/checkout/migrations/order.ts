import type { Migration } from '../../database/migrations.js';
import { createEntityTable, executeStatements } from '../../database/schema.js';

/**
 * Orders and their payment records. Money columns are exact numerics in major units (Shopware's
 * shape); JSON price columns hold Shopware's CalculatedPrice / CartPrice structures. Every state
 * column starts at its machine's initial state (a trigger fills it) and changes only through
 * the state machine.
 */
export const orderMigration: Migration = {
  name: '0012_order',
  async up(db) {
    await executeStatements(db, [
      `CREATE FUNCTION set_initial_state() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.state_id IS NULL THEN
            SELECT initial_state_id INTO NEW.state_id FROM state_machine WHERE technical_name = TG_ARGV[0];
          END IF;
          RETURN NEW;
        END $$`,
    ]);
    await createEntityTable(db, 'order', [
      'order_number varchar(64) NOT NULL UNIQUE',
      'sales_channel_id uuid NOT NULL REFERENCES sales_channel(id)',
      'currency_id uuid NOT NULL REFERENCES currency(id)',
      'language_id uuid NOT NULL REFERENCES language(id)',
      'currency_factor numeric(20,10) NOT NULL DEFAULT 1',
      'order_date_time timestamptz NOT NULL DEFAULT now()',
      'state_id uuid NOT NULL REFERENCES state_machine_state(id)',
      'price jsonb NOT NULL',
      'amount_total numeric(20,4) NOT NULL',
      'amount_net numeric(20,4) NOT NULL',
      'position_price numeric(20,4) NOT NULL',
      "tax_status varchar(16) NOT NULL DEFAULT 'gross'",
      'shipping_costs jsonb NOT NULL',
      'shipping_total numeric(20,4) NOT NULL',
      'billing_address_id uuid NULL',
      'customer_comment text NULL',
      'affiliate_code varchar(255) NULL',
      'campaign_code varchar(255) NULL',
      'deep_link_code varchar(64) NULL UNIQUE',
    ]);
    await createEntityTable(db, 'order_customer', [
      'order_id uuid NOT NULL UNIQUE REFERENCES "order"(id) ON DELETE CASCADE',
      'customer_id uuid NULL REFERENCES customer(id) ON DELETE SET NULL',
      'email varchar(254) NOT NULL',
      'first_name varchar(255) NOT NULL',
      'last_name varchar(255) NOT NULL',
      'company varchar(255) NULL',
      'customer_number varchar(255) NULL',
    ]);
    await createEntityTable(db, 'order_address', [
      'order_id uuid NOT NULL REFERENCES "order"(id) ON DELETE CASCADE',
      'country_id uuid NOT NULL REFERENCES country(id)',
      'first_name varchar(255) NOT NULL',
      'last_name varchar(255) NOT NULL',
      'street varchar(255) NOT NULL',
      'zipcode varchar(50) NULL',
      'city varchar(255) NOT NULL',
      'company varchar(255) NULL',
      'phone_number varchar(40) NULL',
      'additional_address_line1 varchar(255) NULL',
    ]);
    await createEntityTable(db, 'order_line_item', [
      'order_id uuid NOT NULL REFERENCES "order"(id) ON DELETE CASCADE',
      'parent_id uuid NULL REFERENCES order_line_item(id) ON DELETE CASCADE',
      'identifier varchar(255) NOT NULL',
      'referenced_id varchar(255) NULL',
      'product_id uuid NULL REFERENCES product(id) ON DELETE SET NULL',
      "type varchar(32) NOT NULL CHECK (type IN ('product', 'credit', 'discount', 'custom', 'promotion'))",
      'label varchar(255) NOT NULL',
      'description text NULL',
      'quantity int NOT NULL CHECK (quantity > 0)',
      'unit_price numeric(20,4) NOT NULL',
      'total_price numeric(20,4) NOT NULL',
      'price jsonb NOT NULL',
      'price_definition jsonb NULL',
      'payload jsonb NULL',
      'good boolean NOT NULL DEFAULT true',
      'removable boolean NOT NULL DEFAULT true',
      'stackable boolean NOT NULL DEFAULT true',
      'position int NOT NULL DEFAULT 1',
    ]);
    await createEntityTable(db, 'order_delivery', [
      'order_id uuid NOT NULL REFERENCES "order"(id) ON DELETE CASCADE',
      'shipping_order_address_id uuid NULL REFERENCES order_address(id) ON DELETE SET NULL',
      'shipping_method_id uuid NOT NULL REFERENCES shipping_method(id)',
      'state_id uuid NOT NULL REFERENCES state_machine_state(id)',
      "tracking_codes jsonb NOT NULL DEFAULT '[]'",
      'shipping_date_earliest timestamptz NOT NULL',
      'shipping_date_latest timestamptz NOT NULL',
      'shipping_costs jsonb NOT NULL',
    ]);
    await createEntityTable(db, 'order_transaction', [
      'order_id uuid NOT NULL REFERENCES "order"(id) ON DELETE CASCADE',
      'payment_method_id uuid NOT NULL REFERENCES payment_method(id)',
      'amount jsonb NOT NULL',
      'state_id uuid NOT NULL REFERENCES state_machine_state(id)',
      'validation_data jsonb NULL',
    ]);
    await createEntityTable(db, 'order_transaction_capture', [
      'order_transaction_id uuid NOT NULL REFERENCES order_transaction(id) ON DELETE CASCADE',
      'state_id uuid NOT NULL REFERENCES state_machine_state(id)',
      'amount jsonb NOT NULL',
      'external_reference varchar(255) NULL',
    ]);
    await createEntityTable(db, 'order_transaction_capture_refund', [
      'capture_id uuid NOT NULL REFERENCES order_transaction_capture(id) ON DELETE CASCADE',
      'state_id uuid NOT NULL REFERENCES state_machine_state(id)',
      'amount jsonb NOT NULL',
      'external_reference varchar(255) NULL',
      'reason text NULL',
    ]);
    await createEntityTable(db, 'order_transaction_capture_refund_position', [
      'refund_id uuid NOT NULL REFERENCES order_transaction_capture_refund(id) ON DELETE CASCADE',
      'order_line_item_id uuid NOT NULL REFERENCES order_line_item(id) ON DELETE CASCADE',
      'amount jsonb NOT NULL',
      'quantity int NOT NULL DEFAULT 1 CHECK (quantity > 0)',
      'external_reference varchar(255) NULL',
      'reason text NULL',
    ]);
    const stateful: Array<[table: string, machine: string]> = [
      ['order', 'order.state'],
      ['order_delivery', 'order_delivery.state'],
      ['order_transaction', 'order_transaction.state'],
      ['order_transaction_capture', 'order_transaction_capture.state'],
      ['order_transaction_capture_refund', 'order_transaction_capture_refund.state'],
    ];
    await executeStatements(db, [
      'ALTER TABLE "order" ADD CONSTRAINT order_billing_address_fk FOREIGN KEY (billing_address_id) REFERENCES order_address(id) ON DELETE SET NULL',
      'CREATE INDEX order_sales_channel_idx ON "order" (sales_channel_id)',
      'CREATE INDEX order_customer_customer_idx ON order_customer (customer_id)',
      'CREATE INDEX order_address_order_idx ON order_address (order_id)',
      'CREATE INDEX order_line_item_order_idx ON order_line_item (order_id)',
      'CREATE INDEX order_delivery_order_idx ON order_delivery (order_id)',
      'CREATE INDEX order_transaction_order_idx ON order_transaction (order_id)',
      'CREATE INDEX order_transaction_capture_transaction_idx ON order_transaction_capture (order_transaction_id)',
      'CREATE INDEX order_transaction_capture_refund_capture_idx ON order_transaction_capture_refund (capture_id)',
      'CREATE INDEX order_transaction_capture_refund_external_idx ON order_transaction_capture_refund (external_reference)',
      ...stateful.map(
        ([table, machine]) =>
          `CREATE TRIGGER ${table}_initial_state BEFORE INSERT ON "${table}" FOR EACH ROW EXECUTE FUNCTION set_initial_state('${machine}')`,
      ),
    ]);
  },
};

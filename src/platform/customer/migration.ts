import type { Migration } from '../database/migrations.js';
import { createEntityTable, executeStatements } from '../database/schema.js';

export const customerMigration: Migration = {
  name: '0010_customer',
  async up(db) {
    await createEntityTable(db, 'customer', [
      'group_id uuid NOT NULL REFERENCES customer_group(id)',
      'sales_channel_id uuid NOT NULL REFERENCES sales_channel(id)',
      'language_id uuid NOT NULL REFERENCES language(id)',
      'default_payment_method_id uuid NULL REFERENCES payment_method(id) ON DELETE SET NULL',
      'default_billing_address_id uuid NULL',
      'default_shipping_address_id uuid NULL',
      'customer_number varchar(255) NOT NULL',
      'first_name varchar(255) NOT NULL',
      'last_name varchar(255) NOT NULL',
      'email varchar(254) NOT NULL',
      'password text NULL',
      'title varchar(100) NULL',
      'company varchar(255) NULL',
      'birthday varchar(10) NULL',
      'active boolean NOT NULL DEFAULT true',
      'guest boolean NOT NULL DEFAULT false',
      'first_login timestamptz NULL',
      'last_login timestamptz NULL',
    ]);
    await createEntityTable(db, 'customer_address', [
      'customer_id uuid NOT NULL REFERENCES customer(id) ON DELETE CASCADE',
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
    await executeStatements(db, [
      'ALTER TABLE customer ADD CONSTRAINT customer_default_billing_fk FOREIGN KEY (default_billing_address_id) REFERENCES customer_address(id) ON DELETE SET NULL',
      'ALTER TABLE customer ADD CONSTRAINT customer_default_shipping_fk FOREIGN KEY (default_shipping_address_id) REFERENCES customer_address(id) ON DELETE SET NULL',
      // one account per e-mail address; guests may order again with the same address
      'CREATE UNIQUE INDEX customer_email_account_uniq ON customer (lower(email)) WHERE guest = false',
      'CREATE INDEX customer_address_customer_idx ON customer_address (customer_id)',
    ]);
  },
};

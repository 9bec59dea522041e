import { sql } from 'kysely';
import { createEntityTable, executeStatements, reportChangesOf, type Migration } from '../../../platform/sdk/index.js';

/**
 * The six tables. Mapping versions are written by triggers, so every definition change, whoever makes
 * it (the generic entity routes, a rollback, SQL), gets its immutable version row in the same
 * transaction, numbered under the mapping row's lock; likewise a credential's rotatedAt.
 */
export const migrations: Migration[] = [
  {
    name: '0001_order_export',
    async up(db) {
      await createEntityTable(db, 'ext_order_export_credential', [
        'name varchar(255) NOT NULL',
        'auth_type varchar(16) NOT NULL',
        "public_meta jsonb NOT NULL DEFAULT '{}'::jsonb",
        'secret text NULL',
        'rotated_at timestamptz NULL',
      ]);
      // json, not jsonb: jsonb reorders members, and a definition's field order is the payload's member order
      await createEntityTable(db, 'ext_order_export_mapping', ['name varchar(255) NOT NULL', 'definition json NOT NULL', 'current_version integer NOT NULL DEFAULT 0']);
      await createEntityTable(
        db,
        'ext_order_export_mapping_version',
        [
          'mapping_id uuid NOT NULL REFERENCES ext_order_export_mapping(id) ON DELETE CASCADE',
          'version integer NOT NULL',
          'definition json NOT NULL',
          'UNIQUE (mapping_id, version)',
        ],
        { customFields: false },
      );
      await createEntityTable(db, 'ext_order_export_config', [
        'name varchar(255) NOT NULL',
        'active boolean NOT NULL DEFAULT true',
        'url varchar(2048) NOT NULL',
        "method varchar(4) NOT NULL DEFAULT 'POST'",
        "headers jsonb NOT NULL DEFAULT '{}'::jsonb",
        'timeout_ms integer NOT NULL DEFAULT 10000',
        // a credential or mapping in use cannot be deleted: the target would stop working unnoticed
        'credential_id uuid NULL REFERENCES ext_order_export_credential(id)',
        'mapping_id uuid NOT NULL REFERENCES ext_order_export_mapping(id)',
        "ack_mode varchar(16) NOT NULL DEFAULT 'none'",
        "auto_export varchar(16) NOT NULL DEFAULT 'off'",
        'signing_secret text NOT NULL',
      ]);
      await createEntityTable(
        db,
        'ext_order_export',
        [
          'order_id uuid NOT NULL',
          'config_id uuid NOT NULL REFERENCES ext_order_export_config(id) ON DELETE CASCADE',
          'revision integer NOT NULL',
          'payload_hash char(64) NOT NULL',
          'correlation_id uuid NOT NULL UNIQUE',
          'status varchar(32) NOT NULL',
          'payload text NOT NULL',
          'mapping_version_id uuid NULL REFERENCES ext_order_export_mapping_version(id) ON DELETE SET NULL',
          'delivered_at timestamptz NULL',
          'ack_status varchar(16) NULL',
          'acknowledged_at timestamptz NULL',
          'ack_reference varchar(255) NULL',
          'last_error text NULL',
          'UNIQUE (order_id, config_id)',
        ],
        { customFields: false },
      );
      await createEntityTable(
        db,
        'ext_order_export_attempt',
        [
          'export_id uuid NOT NULL REFERENCES ext_order_export(id) ON DELETE CASCADE',
          'revision integer NOT NULL',
          'correlation_id uuid NOT NULL',
          'trigger varchar(16) NOT NULL',
          'outcome varchar(32) NOT NULL',
          'started_at timestamptz NOT NULL',
          'duration_ms integer NOT NULL',
          'request_url varchar(2048) NULL',
          'request_method varchar(8) NULL',
          'request_headers jsonb NULL',
          'request_body text NULL',
          'request_body_truncated boolean NOT NULL DEFAULT false',
          'response_status integer NULL',
          'response_headers jsonb NULL',
          'response_body text NULL',
          'response_body_truncated boolean NOT NULL DEFAULT false',
          'error text NULL',
        ],
        { customFields: false },
      );
      await executeStatements(db, [
        'CREATE INDEX ext_order_export_attempt_export_idx ON ext_order_export_attempt (export_id, started_at)',
        'CREATE INDEX ext_order_export_attempt_correlation_idx ON ext_order_export_attempt (correlation_id)',
        'CREATE INDEX ext_order_export_status_idx ON ext_order_export (status)',
      ]);
      await sql`
        CREATE FUNCTION ext_order_export_mapping_number() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            NEW.current_version := 1;
          -- json has no equality: compared as text, so a new field order is a new version too
          ELSIF NEW.definition::text IS DISTINCT FROM OLD.definition::text THEN
            NEW.current_version := OLD.current_version + 1;
          ELSE
            NEW.current_version := OLD.current_version;
          END IF;
          RETURN NEW;
        END $$`.execute(db);
      await sql`
        CREATE FUNCTION ext_order_export_mapping_record() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' OR NEW.current_version <> OLD.current_version THEN
            INSERT INTO ext_order_export_mapping_version (id, mapping_id, version, definition, created_at)
            VALUES (gen_random_uuid(), NEW.id, NEW.current_version, NEW.definition, now());
          END IF;
          RETURN NULL;
        END $$`.execute(db);
      // any write of a credential secret is a rotation (sealed values differ even for the same text)
      await sql`
        CREATE FUNCTION ext_order_export_credential_rotated() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.secret IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.secret IS DISTINCT FROM OLD.secret) THEN
            NEW.rotated_at := now();
          END IF;
          RETURN NEW;
        END $$`.execute(db);
      await executeStatements(db, [
        `CREATE TRIGGER ext_order_export_credential_rotated BEFORE INSERT OR UPDATE ON ext_order_export_credential
           FOR EACH ROW EXECUTE FUNCTION ext_order_export_credential_rotated()`,
        `CREATE TRIGGER ext_order_export_mapping_number BEFORE INSERT OR UPDATE ON ext_order_export_mapping
           FOR EACH ROW EXECUTE FUNCTION ext_order_export_mapping_number()`,
        `CREATE TRIGGER ext_order_export_mapping_record AFTER INSERT OR UPDATE ON ext_order_export_mapping
           FOR EACH ROW EXECUTE FUNCTION ext_order_export_mapping_record()`,
      ]);
    },
    async down(db) {
      await executeStatements(db, [
        'DROP TABLE IF EXISTS ext_order_export_attempt',
        'DROP TABLE IF EXISTS ext_order_export',
        'DROP TABLE IF EXISTS ext_order_export_config',
        'DROP TABLE IF EXISTS ext_order_export_mapping_version',
        'DROP TABLE IF EXISTS ext_order_export_mapping',
        'DROP TABLE IF EXISTS ext_order_export_credential',
        'DROP FUNCTION IF EXISTS ext_order_export_mapping_number()',
        'DROP FUNCTION IF EXISTS ext_order_export_mapping_record()',
        'DROP FUNCTION IF EXISTS ext_order_export_credential_rotated()',
      ]);
    },
  },
  {
    // the automatic-export subscribers keep the active targets per process until this table changes
    name: '0002_order_export_config_reports_changes',
    async up(db) {
      await reportChangesOf(db, 'ext_order_export_config');
    },
  },
  {
    // target health (auto-pause), test orders, the target's rate, bulk replay runs and exports held while paused
    name: '0003_order_export_health_and_replay_runs',
    async up(db) {
      await executeStatements(db, [
        `ALTER TABLE ext_order_export_config
           ADD COLUMN paused boolean NOT NULL DEFAULT false,
           ADD COLUMN paused_at timestamptz NULL,
           ADD COLUMN pause_reason varchar(255) NULL,
           ADD COLUMN consecutive_failures integer NOT NULL DEFAULT 0,
           ADD COLUMN failing_since timestamptz NULL,
           ADD COLUMN pause_after_failures integer NOT NULL DEFAULT 20,
           ADD COLUMN include_test_orders boolean NOT NULL DEFAULT false,
           ADD COLUMN max_per_second integer NULL`,
        // one row per order an automatic export could not send because the target was paused; resuming replays them
        `CREATE TABLE ext_order_export_held (
           config_id uuid NOT NULL REFERENCES ext_order_export_config(id) ON DELETE CASCADE,
           order_id uuid NOT NULL,
           held_at timestamptz NOT NULL DEFAULT now(),
           PRIMARY KEY (config_id, order_id))`,
      ]);
      await createEntityTable(
        db,
        'ext_order_export_replay_run',
        [
          'config_id uuid NOT NULL REFERENCES ext_order_export_config(id) ON DELETE CASCADE',
          "origin varchar(16) NOT NULL DEFAULT 'failed'",
          'since timestamptz NULL',
          'until timestamptz NULL',
          // the orders, fixed when the run is created: each is sent at most once by the run
          'order_ids jsonb NOT NULL',
          "status varchar(16) NOT NULL DEFAULT 'queued'",
          'total integer NOT NULL',
          'processed integer NOT NULL DEFAULT 0',
          'succeeded integer NOT NULL DEFAULT 0',
          'failed integer NOT NULL DEFAULT 0',
          'skipped integer NOT NULL DEFAULT 0',
          'last_error text NULL',
          'finished_at timestamptz NULL',
        ],
        { customFields: false },
      );
      await executeStatements(db, ['CREATE INDEX ext_order_export_replay_run_config_idx ON ext_order_export_replay_run (config_id, created_at)']);
    },
    async down(db) {
      await executeStatements(db, [
        'DROP TABLE IF EXISTS ext_order_export_replay_run',
        'DROP TABLE IF EXISTS ext_order_export_held',
        `ALTER TABLE ext_order_export_config DROP COLUMN IF EXISTS paused, DROP COLUMN IF EXISTS paused_at, DROP COLUMN IF EXISTS pause_reason,
           DROP COLUMN IF EXISTS consecutive_failures, DROP COLUMN IF EXISTS failing_since, DROP COLUMN IF EXISTS pause_after_failures,
           DROP COLUMN IF EXISTS include_test_orders, DROP COLUMN IF EXISTS max_per_second`,
      ]);
    },
  },
];

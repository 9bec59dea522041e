import type { Migration } from '../database/migrations.js';
import { createEntityTable } from '../database/schema.js';

/** One row per declared task: when it ran, when it runs next, how the last run ended. */
export const scheduledTaskMigration: Migration = {
  name: '0050_scheduled_task',
  async up(db) {
    await createEntityTable(
      db,
      'scheduled_task',
      [
        'name varchar(255) NOT NULL UNIQUE',
        'owner varchar(255) NULL',
        'run_interval integer NOT NULL',
        "status varchar(32) NOT NULL DEFAULT 'scheduled'",
        'last_execution_time timestamptz NULL',
        'next_execution_time timestamptz NOT NULL',
        'last_error varchar(1000) NULL',
      ],
      { customFields: false },
    );
  },
};

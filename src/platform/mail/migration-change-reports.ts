import type { Migration } from '../database/migrations.js';
import { reportChangesOf } from '../database/table-change-migration.js';

/** Templates, their types and headers and footers are kept per process until one changes (mail-template-cache.ts). */
export const mailChangeReportsMigration: Migration = {
  name: '0032_mail_template_change_reports',
  async up(db) {
    for (const table of ['mail_template', 'mail_template_type', 'mail_header_footer']) await reportChangesOf(db, table);
  },
};

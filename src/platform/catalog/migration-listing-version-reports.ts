import type { Migration } from '../database/migrations.js';
import { reportChangesOf } from '../database/table-change-migration.js';

/**
 * The catalogue version tells every process when it moves (TableChanges), so the listing cache no longer
 * reads it on each request (store/listing-cache.ts).
 */
export const listingVersionReportsMigration: Migration = {
  name: '0021_catalog_listing_version_reports_changes',
  async up(db) {
    await reportChangesOf(db, 'catalog_listing_version');
  },
};

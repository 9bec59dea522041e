import type { Migration } from '../database/migrations.js';
import { createEntityTable } from '../database/schema.js';

export const mediaMigration: Migration = {
  name: '0007_media',
  async up(db) {
    await createEntityTable(db, 'media', [
      'mime_type varchar(255) NULL',
      'file_extension varchar(32) NULL',
      'file_size bigint NULL',
      'file_name varchar(255) NULL',
      'title varchar(255) NULL',
      'alt varchar(255) NULL',
      // relative to ./var/media; set by the upload, never by clients
      'path varchar(512) NULL UNIQUE',
      'uploaded_at timestamptz NULL',
      'meta_data jsonb NULL',
    ]);
  },
};

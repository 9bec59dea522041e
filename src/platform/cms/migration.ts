import type { Migration } from '../database/migrations.js';
import { executeStatements } from '../database/schema.js';

/**
 * Shopware's Shopping Experiences tables: a layout (`cms_page`) holds sections, a section blocks, a block
 * slots (one element each). Deleting a layout deletes its sections, blocks and slots; a category,
 * landing page or product that used it falls back to its default page (`cms_page_id` set null).
 * `slot_config` on those three holds the merchant's per-entity overrides of slot config, keyed by slot id.
 */
export const cmsMigration: Migration = {
  name: '0045_cms',
  async up(db) {
    const timestamps = 'custom_fields jsonb NULL, created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NULL';
    await executeStatements(db, [
      `CREATE TABLE cms_page (
        id uuid PRIMARY KEY,
        name varchar(255) NULL,
        type varchar(50) NOT NULL,
        entity varchar(255) NULL,
        css_class varchar(255) NULL,
        config jsonb NULL,
        preview_media_id uuid NULL REFERENCES media(id) ON DELETE SET NULL,
        locked boolean NOT NULL DEFAULT false,
        ${timestamps}
      )`,
      `CREATE TABLE cms_section (
        id uuid PRIMARY KEY,
        cms_page_id uuid NOT NULL REFERENCES cms_page(id) ON DELETE CASCADE,
        position int NOT NULL DEFAULT 0,
        type varchar(50) NOT NULL DEFAULT 'default',
        name varchar(255) NULL,
        sizing_mode varchar(50) NOT NULL DEFAULT 'boxed',
        mobile_behavior varchar(50) NOT NULL DEFAULT 'wrap',
        background_color varchar(50) NULL,
        background_media_id uuid NULL REFERENCES media(id) ON DELETE SET NULL,
        background_media_mode varchar(50) NULL,
        css_class varchar(255) NULL,
        visibility jsonb NULL,
        ${timestamps}
      )`,
      'CREATE INDEX cms_section_page_idx ON cms_section (cms_page_id, position)',
      `CREATE TABLE cms_block (
        id uuid PRIMARY KEY,
        cms_section_id uuid NOT NULL REFERENCES cms_section(id) ON DELETE CASCADE,
        position int NOT NULL DEFAULT 0,
        section_position varchar(50) NOT NULL DEFAULT 'main',
        type varchar(255) NOT NULL,
        name varchar(255) NULL,
        margin_top varchar(50) NULL,
        margin_bottom varchar(50) NULL,
        margin_left varchar(50) NULL,
        margin_right varchar(50) NULL,
        background_color varchar(50) NULL,
        background_media_id uuid NULL REFERENCES media(id) ON DELETE SET NULL,
        background_media_mode varchar(50) NULL,
        css_class varchar(255) NULL,
        visibility jsonb NULL,
        locked boolean NOT NULL DEFAULT false,
        ${timestamps}
      )`,
      'CREATE INDEX cms_block_section_idx ON cms_block (cms_section_id, position)',
      `CREATE TABLE cms_slot (
        id uuid PRIMARY KEY,
        cms_block_id uuid NOT NULL REFERENCES cms_block(id) ON DELETE CASCADE,
        type varchar(255) NOT NULL,
        slot varchar(255) NOT NULL,
        locked boolean NOT NULL DEFAULT false,
        config jsonb NULL,
        field_config jsonb NULL,
        ${timestamps}
      )`,
      'CREATE INDEX cms_slot_block_idx ON cms_slot (cms_block_id)',
      ...['category', 'landing_page', 'product'].flatMap((table) => [
        `ALTER TABLE ${table} ADD COLUMN cms_page_id uuid NULL REFERENCES cms_page(id) ON DELETE SET NULL`,
        `ALTER TABLE ${table} ADD COLUMN slot_config jsonb NULL`,
        `CREATE INDEX ${table}_cms_page_idx ON ${table} (cms_page_id) WHERE cms_page_id IS NOT NULL`,
      ]),
    ]);
  },
};

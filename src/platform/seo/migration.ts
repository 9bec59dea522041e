import type { Migration } from '../database/migrations.js';
import type { Transaction } from 'kysely';
import { createEntityTable, executeStatements } from '../database/schema.js';
import { refreshSeoUrls } from './seo-url-updater.js';

/**
 * Shopware's `seo_url`: one readable path per sales channel, language and entity (`foreign_key`, named by
 * its `route_name`), the current one `is_canonical`; earlier paths stay (not canonical) and redirect to it.
 * `sitemap_file` holds the generated sitemaps (gzip) per channel and domain, so every process serves the
 * same files without a shared disk.
 */
export const seoUrlMigration: Migration = {
  name: '0037_seo_url',
  async up(db) {
    await createEntityTable(db, 'seo_url', [
      'sales_channel_id uuid NOT NULL REFERENCES sales_channel(id) ON DELETE CASCADE',
      'language_id uuid NOT NULL REFERENCES language(id) ON DELETE CASCADE',
      'foreign_key uuid NOT NULL',
      'route_name varchar(50) NOT NULL',
      'path_info varchar(750) NOT NULL',
      'seo_path_info varchar(750) NOT NULL',
      'is_canonical boolean NOT NULL DEFAULT false',
      'is_modified boolean NOT NULL DEFAULT false',
      'is_deleted boolean NOT NULL DEFAULT false',
      'error varchar(255) NULL',
    ]);
    await createEntityTable(
      db,
      'sitemap_file',
      [
        'sales_channel_id uuid NOT NULL REFERENCES sales_channel(id) ON DELETE CASCADE',
        'sales_channel_domain_id uuid NOT NULL REFERENCES sales_channel_domain(id) ON DELETE CASCADE',
        'filename varchar(255) NOT NULL',
        'content bytea NOT NULL',
        'url_count integer NOT NULL',
        'UNIQUE (sales_channel_domain_id, filename)',
      ],
      { customFields: false },
    );
    await executeStatements(db, [
      // a path leads to one entity per channel and language; one canonical path per entity
      'CREATE UNIQUE INDEX seo_url_path_uniq ON seo_url (sales_channel_id, language_id, seo_path_info)',
      'CREATE UNIQUE INDEX seo_url_canonical_uniq ON seo_url (sales_channel_id, language_id, route_name, foreign_key) WHERE is_canonical',
      'CREATE INDEX seo_url_foreign_key_idx ON seo_url (foreign_key)',
      // the storefront's links: technical path to canonical path
      'CREATE INDEX seo_url_path_info_idx ON seo_url (sales_channel_id, language_id, path_info) WHERE is_canonical',
      'CREATE INDEX sitemap_file_channel_idx ON sitemap_file (sales_channel_id)',
    ]);
    // the catalogue written before this migration gets its URLs now; later writes queue their refresh
    const uow = { db: db as Transaction<any>, afterCommit: () => undefined };
    for (const kind of ['product', 'category', 'landingPage'] as const) await refreshSeoUrls(uow, { kind });
  },
};

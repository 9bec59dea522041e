import { readFile } from 'node:fs/promises';
import type { Db } from '../database/connection.js';
import type { MediaFileStore } from './media-file-store.js';
import { renderThumbnails, storeThumbnails, thumbnailsOf, type MediaImageMeta } from './media-thumbnails.js';

export interface ThumbnailRun {
  generated: number;
  /** Rows that had thumbnails already (without `force`). */
  skipped: number;
  /** Rows whose file is missing or does not decode; listed by id, never fatal. */
  failed: Array<{ mediaId: string; reason: string }>;
}

const PAGE = 100;

/**
 * Renders the thumbnails of stored media files that have none recorded (all of them with `force`):
 * files uploaded before thumbnails existed, or after the widths changed. The original stays where it
 * is, so no URL changes; thumbnails this run did not make again are removed.
 */
export async function generateThumbnails(db: Db, store: MediaFileStore, options: { force?: boolean } = {}): Promise<ThumbnailRun> {
  const run: ThumbnailRun = { generated: 0, skipped: 0, failed: [] };
  let after = '00000000000000000000000000000000';
  for (;;) {
    const rows = await db
      .selectFrom('media')
      .select(['id', 'path', 'meta_data'])
      .where('path', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) return run;
    after = rows.at(-1)!.id as string;
    for (const row of rows) {
      const mediaId = row.id as string;
      const original = row.path as string;
      const recorded = (row.meta_data as Partial<MediaImageMeta> | null)?.thumbnails;
      if (Array.isArray(recorded) && !options.force) {
        run.skipped++;
        continue;
      }
      try {
        const meta = await storeThumbnails(store, original, await renderThumbnails(await readFile(store.absolute(original))));
        // only if the file is still the one read: an upload meanwhile recorded its own thumbnails
        const updated = await db.updateTable('media').set({ meta_data: JSON.stringify(meta) }).where('id', '=', mediaId).where('path', '=', original).executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) continue;
        const kept = new Set(meta.thumbnails.map((t) => t.path));
        await store.remove(...thumbnailsOf(row.meta_data).map((t) => t.path).filter((p) => !kept.has(p)));
        run.generated++;
      } catch (error) {
        run.failed.push({ mediaId, reason: error instanceof Error ? error.message : String(error) });
      }
    }
  }
}

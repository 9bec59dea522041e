import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import { isId } from '../../ids.js';
import { mediaImage, type MediaImage } from '../../media/media-image.js';

export type ProductCover = MediaImage;

/**
 * The cover images of products (a variant without its own: the parent's), in one query, for pages
 * that show line items of orders: an order keeps no image, so the product's current cover is shown
 * (a deleted product has none).
 */
export async function loadProductCovers(db: Db, productIds: Array<string | null>, mediaBaseUrl: string): Promise<Map<string, ProductCover>> {
  const wanted = [...new Set(productIds.filter((id): id is string => id !== null && isId(id)))];
  const covers = new Map<string, ProductCover>();
  if (wanted.length === 0) return covers;
  const { rows } = await sql<{ id: string; path: string | null; alt: string | null; meta_data: unknown }>`
    SELECT p.id, m.path, m.alt, m.meta_data
    FROM product p
    LEFT JOIN product parent ON parent.id = p.parent_id
    JOIN product_media cover ON cover.id = coalesce(p.cover_id, parent.cover_id)
    JOIN media m ON m.id = cover.media_id
    WHERE p.id = ANY(${wanted}::uuid[])`.execute(db);
  for (const row of rows) if (row.path) covers.set(row.id, mediaImage(row.path, row.meta_data, row.alt, mediaBaseUrl));
  return covers;
}

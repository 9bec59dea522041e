import { deterministicId } from '../ids.js';
import { mediaImage } from './media-image.js';

/** A `media` row as the Store API reads it (snake_case columns). */
export interface MediaRow {
  id: string;
  path: string | null;
  alt: string | null;
  title: string | null;
  file_name: string | null;
  file_extension: string | null;
  mime_type: string | null;
  file_size: number | string | null;
  meta_data: unknown;
  uploaded_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string | null;
}

/** The media columns storeMediaJson reads, qualified by `alias`, each under its own name. */
export function mediaColumns(alias: string): string[] {
  return ['id', 'path', 'alt', 'title', 'file_name', 'file_extension', 'mime_type', 'file_size', 'meta_data', 'uploaded_at', 'created_at', 'updated_at'].map(
    (column) => `${alias}.${column}`,
  );
}

// thumbnails are files, not rows: their ids are derived from the media id and size, stable across reads
const THUMBNAIL_NAMESPACE = '3c1f6a2e9b8d4e7fa0b1c2d3e4f50617';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/**
 * A media file as Shopware's Store API shows it (`media` entity): URLs on `base` (APP_URL), the
 * thumbnails with their sizes, never anything private (the platform's media are all public).
 */
export function storeMediaJson(row: MediaRow, base = '') {
  const image = row.path === null ? null : mediaImage(row.path, row.meta_data, row.alt, base);
  return {
    id: row.id,
    mimeType: row.mime_type,
    fileExtension: row.file_extension ?? '',
    fileName: row.file_name ?? '',
    fileSize: row.file_size === null ? null : Number(row.file_size),
    metaData: row.meta_data ?? null,
    uploadedAt: iso(row.uploaded_at),
    alt: row.alt,
    title: row.title,
    url: image?.url ?? '',
    path: row.path ?? '',
    hasFile: row.path !== null,
    private: false,
    thumbnails: (image?.thumbnails ?? []).map((thumbnail) => ({
      id: deterministicId(THUMBNAIL_NAMESPACE, `${row.id}:${thumbnail.width}x${thumbnail.height}`),
      mediaId: row.id,
      width: thumbnail.width,
      height: thumbnail.height,
      url: thumbnail.url,
      apiAlias: 'media_thumbnail' as const,
    })),
    customFields: {},
    translated: { alt: row.alt, title: row.title, customFields: {} },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    apiAlias: 'media' as const,
  };
}

export type StoreMediaJson = ReturnType<typeof storeMediaJson>;

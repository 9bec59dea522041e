import type Sharp from 'sharp';
import { lazyModule } from '../util/lazy-module.js';
import type { MediaFileStore } from './media-file-store.js';
import { THUMBNAIL_EXTENSION } from './media-file-types.js';

// the image codecs load with the first upload, not with the server
const sharp = lazyModule<typeof Sharp>('sharp');

/**
 * Widths of the thumbnails made of every uploaded image: a line item or suggestion (64 px at 2x), a
 * product card (≈300 px at 1x and 2x) and the product page (≈600 px at 1x). An image narrower than a
 * width gets no thumbnail of it: nothing is enlarged.
 */
export const THUMBNAIL_WIDTHS = [200, 400, 800] as const;

export { THUMBNAIL_EXTENSION } from './media-file-types.js';

export interface RenderedThumbnail {
  width: number;
  height: number;
  bytes: Buffer;
}

export interface RenderedImage {
  /** Pixel size of the original, after EXIF rotation. */
  width: number;
  height: number;
  thumbnails: RenderedThumbnail[];
}

/** What `media.metaData` records of an image and its thumbnails (paths relative to the media folder). */
export interface MediaImageMeta {
  width: number;
  height: number;
  thumbnails: Array<{ width: number; height: number; path: string }>;
}

/** Thrown when the bytes start like an image but cannot be decoded as one. */
export class UnreadableImageError extends Error {}

/**
 * Decodes an uploaded image and renders its thumbnails. Only the first frame of an animated GIF is
 * used. Bytes that do not decode throw UnreadableImageError, so a corrupt file is refused at upload
 * instead of showing as a broken image later.
 */
export async function renderThumbnails(bytes: Uint8Array): Promise<RenderedImage> {
  let width: number;
  let height: number;
  try {
    // rotate() applies the EXIF orientation, so width and height are what a browser shows
    const { info } = await sharp()(bytes, { failOn: 'error' }).rotate().toBuffer({ resolveWithObject: true });
    ({ width, height } = info);
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
  const thumbnails: RenderedThumbnail[] = [];
  for (const target of THUMBNAIL_WIDTHS) {
    if (target >= width) continue;
    const { data, info } = await sharp()(bytes)
      .rotate()
      .resize({ width: target, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    thumbnails.push({ width: info.width, height: info.height, bytes: data });
  }
  return { width, height, thumbnails };
}

/** `<folder of the original>/thumbnails/<name>_<w>x<h>.webp`: beside the original, removed with it. */
export function thumbnailPath(originalPath: string, width: number, height: number): string {
  const slash = originalPath.lastIndexOf('/');
  const folder = originalPath.slice(0, slash);
  const name = originalPath.slice(slash + 1).replace(/\.[^.]+$/, '');
  return `${folder}/thumbnails/${name}_${width}x${height}.${THUMBNAIL_EXTENSION}`;
}

/**
 * Writes the rendered thumbnails of the original at `originalPath` beside it and answers what the media
 * row records of them, for the upload and for media:generate-thumbnails alike.
 */
export async function storeThumbnails(store: MediaFileStore, originalPath: string, image: RenderedImage): Promise<MediaImageMeta> {
  const thumbnails = image.thumbnails.map(({ width, height, bytes }) => ({ width, height, bytes, path: thumbnailPath(originalPath, width, height) }));
  for (const thumbnail of thumbnails) await store.write(thumbnail.path, thumbnail.bytes);
  return { width: image.width, height: image.height, thumbnails: thumbnails.map(({ width, height, path }) => ({ width, height, path })) };
}

/** The thumbnails recorded in a media row's metaData (none for rows stored before thumbnails existed). */
export function thumbnailsOf(metaData: unknown): MediaImageMeta['thumbnails'] {
  const thumbnails = (metaData as Partial<MediaImageMeta> | null | undefined)?.thumbnails;
  if (!Array.isArray(thumbnails)) return [];
  return thumbnails.filter((t) => t && typeof t.path === 'string' && Number.isInteger(t.width) && Number.isInteger(t.height));
}

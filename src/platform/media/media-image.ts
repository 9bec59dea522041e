import { mediaUrl } from './media-url.js';
import { thumbnailsOf } from './media-thumbnails.js';

/** An image as pages and API answers show it: the original plus its thumbnails for `srcset`. */
export interface MediaImage {
  url: string;
  alt: string | null;
  /** Pixel size of the original; null for files stored before sizes were recorded. */
  width: number | null;
  height: number | null;
  thumbnails: Array<{ width: number; height: number; url: string }>;
  /** `<thumbnail url> 200w, …, <original url> <width>w`; empty when the original's width is unknown. */
  srcset: string;
}

/** The image of a stored media file from its row's `path` and `metaData`; `base` is APP_URL or ''. */
export function mediaImage(path: string, metaData: unknown, alt: string | null, base = ''): MediaImage {
  const meta = (metaData ?? {}) as { width?: unknown; height?: unknown };
  const width = Number.isInteger(meta.width) ? (meta.width as number) : null;
  const height = Number.isInteger(meta.height) ? (meta.height as number) : null;
  const url = mediaUrl(path, base);
  const thumbnails = thumbnailsOf(metaData)
    .map((t) => ({ width: t.width, height: t.height, url: mediaUrl(t.path, base) }))
    .sort((a, b) => a.width - b.width);
  const srcset = width === null ? '' : [...thumbnails.map((t) => `${t.url} ${t.width}w`), `${url} ${width}w`].join(', ');
  return { url, alt, width, height, thumbnails, srcset };
}

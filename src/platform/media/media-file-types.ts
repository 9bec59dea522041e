/**
 * The file types media uploads accept, by lower-case extension. Only raster images: they cannot carry
 * script. SVG is refused: an SVG opened from our origin runs its scripts with the shop's cookies, and
 * serving it safely would need a sandboxing Content-Security-Policy on every response; nothing in the
 * shop needs vector uploads today.
 */
export interface MediaFileType {
  mimeType: string;
  /** Whether `bytes` start like a file of this type (content must match the declared extension). */
  matches(bytes: Uint8Array): boolean;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const JPEG: MediaFileType = { mimeType: 'image/jpeg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) };

export const MEDIA_FILE_TYPES: Readonly<Record<string, MediaFileType>> = {
  jpg: JPEG,
  jpeg: JPEG,
  png: { mimeType: 'image/png', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  gif: { mimeType: 'image/gif', matches: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')) },
  webp: { mimeType: 'image/webp', matches: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8) },
};

export const MEDIA_EXTENSIONS = Object.keys(MEDIA_FILE_TYPES);

export function mediaFileType(extension: string): MediaFileType | undefined {
  return Object.hasOwn(MEDIA_FILE_TYPES, extension) ? MEDIA_FILE_TYPES[extension] : undefined;
}

/** Thumbnails are WebP: every browser the storefront supports shows it, at a fraction of PNG's size. */
export const THUMBNAIL_EXTENSION = 'webp';

/** Longest file name (without extension) kept from an upload. */
const MAX_NAME_LENGTH = 100;

/**
 * A file name safe as one path segment and in a URL: only the last segment of what the client sent
 * (no directories, so no traversal), accents folded to ASCII, anything but letters, digits, `.`, `_`
 * and `-` replaced by `-`, no leading or trailing dots or dashes, no `..`, at most 100 characters, and
 * without a trailing `.<extension>` (the stored extension is added separately). Empty → `fallback`.
 */
export function sanitizeMediaFileName(input: string | undefined, extension: string, fallback: string): string {
  const lastSegment = (input ?? '').split(/[\\/]/).pop() ?? '';
  const withoutExtension = lastSegment.toLowerCase().endsWith(`.${extension}`) ? lastSegment.slice(0, -(extension.length + 1)) : lastSegment;
  const cleaned = withoutExtension
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, MAX_NAME_LENGTH)
    .replace(/[.-]+$/, '');
  return cleaned === '' ? fallback : cleaned;
}

/**
 * The public URL of a stored media file: `<base>/media/<path>`, each path segment percent-encoded.
 * `base` is APP_URL for absolute URLs; without it the URL is origin-relative.
 */
export function mediaUrl(path: string, base = ''): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `${base.replace(/\/+$/, '')}/media/${encoded}`;
}

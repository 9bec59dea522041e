const PROBE_ORIGIN = 'http://local.invalid';
const MAX_LENGTH = 2048;

/**
 * `input` when it is a path on this shop, else `fallback`. Redirect targets from requests (`redirectTo`)
 * pass through here so the shop never becomes an open redirect: only paths with one leading `/` are
 * local. `//evil.com`, `/\evil.com` (browsers read `\` as `/`), absolute URLs and anything with control
 * characters (browsers drop tabs and newlines inside URLs) are refused.
 */
export function safeLocalPath(input: unknown, fallback = '/'): string {
  if (typeof input !== 'string' || input.length === 0 || input.length > MAX_LENGTH) return fallback;
  if (input[0] !== '/' || input[1] === '/' || input.includes('\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(input)) return fallback;
  let url: URL;
  try {
    // second line of defence: whatever the browser makes of it must stay on this origin
    url = new URL(input, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  // a Location header carries ASCII only (Node throws for characters beyond Latin-1: a 500 instead
  // of a redirect), so a path with anything else goes out percent-encoded, as a browser requests it;
  // the encoded form is checked again: resolving dot segments can turn `/€/..//evil.com` into `//evil.com`
  if (/[^\x21-\x7e]/.test(input)) return safeLocalPath(url.pathname + url.search + url.hash, fallback);
  return input;
}

import { AppError } from '../../errors/app-error.js';
import { safeLocalPath } from '../../storefront/http/safe-local-path.js';

const MAX_LENGTH = 2048;

/**
 * A finish or error URL of a payment: an absolute http(s) URL (headless clients return to their own
 * frontend, as in Shopware) or a path on this shop. Anything else (other schemes, `//host`, control
 * characters) is a 400, so a payment token never carries a script or a protocol-relative target.
 */
export function parseReturnUrl(value: unknown, field: 'finishUrl' | 'errorUrl'): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string' && value.length <= MAX_LENGTH) {
    // finalize answers with a Location header, which carries ASCII only: a character beyond it made
    // the redirect throw (a 500 after the payment was already finalized). Such a URL is kept the way a
    // browser requests it (percent-encoded path and query, punycode host); safeLocalPath does so for paths.
    if (value.startsWith('/')) {
      const local = safeLocalPath(value, '');
      if (local !== '') return local;
    } else if (isAbsoluteHttpUrl(value)) {
      return /[^\x21-\x7e]/.test(value) ? new URL(value).href : value;
    }
  }
  throw new AppError(400, 'FRAMEWORK__INVALID_REQUEST_PARAMETER', `The value of "${field}" must be an absolute http(s) URL or a path starting with "/".`, {
    pointer: `/${field}`,
    meta: { parameters: { field } },
  });
}

function isAbsoluteHttpUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s\\]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** `url` with `error-code=<code>` added to its query (`?` or `&`), before any fragment. */
export function withErrorCode(url: string, code: string): string {
  const hashAt = url.indexOf('#');
  const base = hashAt < 0 ? url : url.slice(0, hashAt);
  const fragment = hashAt < 0 ? '' : url.slice(hashAt);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}error-code=${encodeURIComponent(code)}${fragment}`;
}

/** RFC 9110 token: what a header name may consist of. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Headers the delivery sets itself (body framing, signature, idempotency, auth): a target's extra
 * headers and an api_key header name may not replace them.
 */
export const RESERVED_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'idempotency-key',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
  'authorization',
  'proxy-authorization',
  'cookie',
]);

export function isHeaderName(name: unknown): name is string {
  return typeof name === 'string' && name.length <= 256 && TOKEN.test(name);
}

/** Visible ASCII, spaces and tabs, no line breaks (which would inject headers), at most 8 KiB. */
export function isSafeHeaderValue(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 8192 && /^[\t\x20-\x7e\x80-\xff]*$/.test(value);
}

/** Request and response bodies are stored up to this many bytes per attempt. */
export const STORED_BODY_LIMIT = 64 * 1024;
export const REDACTED = '[redacted]';
const MIN_SECRET_LENGTH = 4;

// headers that carry credentials whatever the credential type
const ALWAYS_REDACTED = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

export interface RedactionRules {
  /** extra header names holding a secret (the api_key header) */
  secretHeaderNames?: readonly string[];
  /** secret values: a header containing one is redacted whatever its name */
  secrets?: readonly string[];
}

/** A copy of the headers safe to store: names lowercased, credentials replaced by "[redacted]". */
export function redactHeaders(headers: Record<string, string | string[] | undefined>, rules: RedactionRules = {}): Record<string, string> {
  const names = new Set([...ALWAYS_REDACTED, ...(rules.secretHeaderNames ?? []).map((name) => name.toLowerCase())]);
  // very short values would match ordinary header text; real secrets are longer
  const secrets = (rules.secrets ?? []).filter((secret) => secret.length >= MIN_SECRET_LENGTH);
  const safe: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    const lower = name.toLowerCase();
    safe[lower] = names.has(lower) || secrets.some((secret) => text.includes(secret)) ? REDACTED : text;
  }
  return safe;
}

/**
 * Text with every occurrence of a secret replaced by "[redacted]": a target may echo the API key or
 * token it got in its error body, and that body is stored with the attempt.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let safe = text;
  for (const secret of secrets) if (secret.length >= MIN_SECRET_LENGTH) safe = safe.split(secret).join(REDACTED);
  return safe;
}

export interface StoredBody {
  text: string;
  truncated: boolean;
  /** size of what was sent or received, in bytes (as far as it was read) */
  bytes: number;
}

/** A body cut to the storage limit at a UTF-8 character boundary. */
export function bodyForStorage(body: string | Buffer | undefined, limit = STORED_BODY_LIMIT): StoredBody {
  if (body === undefined) return { text: '', truncated: false, bytes: 0 };
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  if (bytes.length <= limit) return { text: bytes.toString('utf8'), truncated: false, bytes: bytes.length };
  let end = limit;
  // step back over continuation bytes (10xxxxxx) so no character is cut in half
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return { text: bytes.subarray(0, end).toString('utf8'), truncated: true, bytes: bytes.length };
}

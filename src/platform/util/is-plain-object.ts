/** A JSON object (not null, not an array): what request bodies, custom fields and config values are checked with. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

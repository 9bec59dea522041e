/**
 * A JSON-style object: not null, not an array, not a class instance (a Date, a Buffer): one created by
 * `{}`, `Object.create(null)` or JSON/YAML parsing. What request bodies, custom fields and config values
 * are checked with.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

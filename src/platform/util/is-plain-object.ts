/**
 * A JSON-style object: not null, not an array. What request bodies (JSON, or form posts whose parser
 * builds objects on its own prototype), custom fields and config values are checked with.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Stricter: an object made by `{}`, `Object.create(null)` or JSON/YAML parsing, not a class instance
 * (a Map, a Date): for code that must only ever see JSON data (mapping definitions, rendered payloads).
 */
export function isObjectLiteral(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

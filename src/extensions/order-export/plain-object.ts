// TODO(sdk): use the SDK's isPlainObject once src/platform/sdk exists; this extension may import nothing else.

/** A JSON-style object: not null, not an array, created by `{}`, `Object.create(null)` or JSON/YAML parsing. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

import { Type, type TInteger } from '@sinclair/typebox';

/**
 * Integers in query strings, path parameters and headers: text that ajv coerces to numbers. Two gaps
 * are closed here, once for every route, so no handler (and no SQL statement) sees a number it did not
 * declare:
 * - ajv coerces `1e400` and `Infinity` to Infinity and then skips `minimum`/`maximum`, which it checks on
 *   finite numbers only: a non-finite number after coercion is refused (`finiteNumbersOnly`);
 * - an integer declared without bounds is compiled with DEFAULT_QUERY_INTEGER_BOUNDS (`withIntegerBounds`),
 *   PostgreSQL's `integer` range on the non-negative side, so `?offset=-1` or `?page=2^63` is a 400
 *   rather than a database error. A route that needs more says so with its own bounds.
 */
export const DEFAULT_QUERY_INTEGER_BOUNDS = { minimum: 0, maximum: 2_147_483_647 } as const;

/** An integer query parameter; its bounds are required and appear in the OpenAPI document. */
export function QueryInteger(options: { minimum: number; maximum: number; description?: string }): TInteger {
  return Type.Integer(options);
}

type SchemaNode = Record<string, unknown>;

const isNode = (value: unknown): value is SchemaNode => typeof value === 'object' && value !== null && !Array.isArray(value);

function declaresInteger(node: SchemaNode): boolean {
  return node.type === 'integer' || (Array.isArray(node.type) && node.type.includes('integer'));
}

/**
 * `schema` with the default bounds on every integer that has none; the same object when nothing is
 * missing. Symbol keys (documentation markers) are left behind: ajv does not read them.
 */
export function withIntegerBounds<T>(schema: T): T {
  if (!isNode(schema)) return schema;
  // one copy per schema: ajv keeps compiled schemas by object, and a schema with an `$id` may be added once
  let copy = boundedCopies.get(schema);
  if (copy === undefined) boundedCopies.set(schema, (copy = bounded(schema) as SchemaNode));
  return copy as T;
}

const boundedCopies = new WeakMap<SchemaNode, SchemaNode>();

function bounded(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(bounded);
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  if (!isNode(value)) return value;
  let copy: SchemaNode | undefined;
  for (const [key, child] of Object.entries(value)) {
    // `properties`, `items`, `anyOf`, ...: anything that holds schemas; `enum`/`const` values hold no `type` keys that matter
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue;
    const next = bounded(child);
    if (next !== child) (copy ??= { ...value })[key] = next;
  }
  if (declaresInteger(value)) {
    if (value.minimum === undefined && value.exclusiveMinimum === undefined) (copy ??= { ...value }).minimum = DEFAULT_QUERY_INTEGER_BOUNDS.minimum;
    if (value.maximum === undefined && value.exclusiveMaximum === undefined) (copy ??= { ...value }).maximum = DEFAULT_QUERY_INTEGER_BOUNDS.maximum;
  }
  return copy ?? value;
}

/** The first non-finite number in coerced input, as an instance path (`/limit`), or undefined. */
function nonFiniteAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nonFiniteAt(value[i], `${path}/${i}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (isNode(value)) {
    for (const [key, child] of Object.entries(value)) {
      const found = nonFiniteAt(child, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

interface Validator {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown[] | null;
  schemaEnv?: unknown;
}

/**
 * Wraps a coercing validator: input it accepts but that holds a non-finite number afterwards is refused
 * like a wrong type, pointing at the value. Text parts are small (query strings, path parameters), so
 * walking them again costs nothing that matters.
 */
export function finiteNumbersOnly(validate: Validator): Validator {
  const checked: Validator = (data, context) => {
    const result = validate(data, context);
    if (result !== true) {
      checked.errors = validate.errors;
      return result;
    }
    const at = nonFiniteAt(data);
    if (at === undefined) {
      checked.errors = null;
      return true;
    }
    checked.errors = [{ instancePath: at, schemaPath: '#', keyword: 'type', params: { type: 'finite number' }, message: 'must be a finite number' }];
    return false;
  };
  // fastify passes the parent object only to validators that have it, which lets ajv coerce the root
  if (validate.schemaEnv !== undefined) checked.schemaEnv = validate.schemaEnv;
  return checked;
}

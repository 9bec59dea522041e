import { errors } from '../../errors/app-error.js';
import { inputProblem, MAX_INPUT_DEPTH } from '../../http/input-guard.js';
import type { EntityDefinition } from '../definition.js';
import type { EntityRegistry } from '../registry.js';
import { parseCriteria, type ParseOptions } from './parse.js';
import type { Criteria } from './types.js';

/** A parsed query string: a value per key, an array for a repeated key. */
type Query = Readonly<Record<string, unknown>>;

/**
 * Criteria from a GET query string, following Shopware's conventions (PHP-style brackets):
 *   limit=10&page=2&term=x&sort=name,-createdAt&ids=a|b&total-count-mode=exact
 *   filter[0][type]=equals&filter[0][field]=name&filter[0][value]=x   (bracket notation)
 *   filter=[{"type":"equals",...}]                                     (JSON-encoded)
 *   filter[name]=x                                                     (simple equals filters)
 *   associations[tax][limit]=5, associations={"tax":{}}, includes[tax]=id,name
 * The result is normalised into the JSON body shape and validated by parseCriteria.
 */
export function parseQueryCriteria(query: Query, definition: EntityDefinition, registry: EntityRegistry, options: ParseOptions = {}): Criteria {
  return parseCriteria(queryToCriteriaBody(query), definition, registry, options);
}

export function queryToCriteriaBody(query: Query): Record<string, unknown> {
  // Objects without a prototype: a key like `__proto__[x]` is an ordinary key here, never a way to
  // write into Object.prototype of the whole process (the Store API takes these from anyone).
  const tree: Record<string, unknown> = Object.create(null);
  for (const [key, raw] of Object.entries(query)) {
    // a repeated key counts with its last value, as in PHP
    const value: unknown = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (typeof value !== 'string') continue;
    setPath(tree, bracketPath(key), value);
  }
  const body: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(tree)) {
    const decoded = decodeJson(value, key);
    body[key] = key === 'filter' || key === 'post-filter' ? toFilterList(decoded) : listify(decoded);
  }
  return body;
}

/** `filter[0][type]` → ['filter', '0', 'type']. */
function bracketPath(key: string): string[] {
  const match = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(key);
  if (!match) return [key];
  const rest = [...match[2].matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]);
  return [match[1], ...rest];
}

function setPath(tree: Record<string, unknown>, path: string[], value: string): void {
  let node = tree;
  for (let i = 0; i < path.length - 1; i++) {
    const segment = path[i];
    const next = node[segment];
    if (typeof next !== 'object' || next === null) node[segment] = Object.create(null);
    node = node[segment] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = value;
}

/**
 * JSON-encoded values (`filter=[...]`, `associations={...}`) are decoded; other strings stay. The input
 * guard checks the query before it is decoded, so the decoded value gets the body's depth limit here
 * (the walks below recurse, and a parameter 5,000 levels deep overflowed the stack: a 500).
 */
function decodeJson(value: unknown, key: string): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!(trimmed.startsWith('[') || trimmed.startsWith('{'))) return value;
  let decoded: unknown;
  try {
    decoded = JSON.parse(trimmed);
  } catch {
    throw errors.badRequest('FRAMEWORK__INVALID_CRITERIA', `The query parameter "${key}" is not valid JSON.`, `/${key}`);
  }
  const problem = inputProblem(decoded, MAX_INPUT_DEPTH, { checkText: false });
  if (problem) throw errors.badRequest('FRAMEWORK__INVALID_CRITERIA', `The query parameter "${key}": ${problem.detail}`, `/${key}`);
  return decoded;
}

/** Objects with keys 0..n-1 (from bracket notation) become arrays, recursively. */
function listify(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(listify);
  const entries = Object.entries(value as Record<string, unknown>);
  const numeric = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  if (numeric) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => listify(v));
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, listify(decodeJson(v, k))]));
}

/** Non-numeric keys of `filter[...]` are Shopware's simple equals filters (`filter[name]=x`). */
function toFilterList(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return listify(value);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.every(([k]) => /^\d+$/.test(k))) return listify(value);
  return entries.map(([field, v]) => (/^\d+$/.test(field) ? listify(v) : { type: 'equals', field, value: v }));
}

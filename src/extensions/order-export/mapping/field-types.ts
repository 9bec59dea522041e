import { isObjectLiteral } from '../../../platform/sdk/sandboxed.js';
import type { FieldType } from './definition-types.js';

export type Coercion = { ok: true; value: unknown } | { ok: false; message: string };

// a JSON number written as text (no hex, no "Infinity", no blanks inside)
const NUMERIC_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * Brings a rendered value to the declared type or says why it cannot. Lossless conversions only:
 * numeric text to a number, a number or boolean to text, "true"/"false" to a boolean, and a single value
 * to a one-element array (a JSONata path over one line item yields the item, not a list of one).
 * `null` is kept for every type: it is an explicit "empty" that the target may accept.
 */
export function coerceToType(value: unknown, type: FieldType): Coercion {
  if (value === null) return { ok: true, value };
  switch (type) {
    case 'string':
      if (typeof value === 'string') return { ok: true, value };
      if (typeof value === 'number' || typeof value === 'boolean') return { ok: true, value: String(value) };
      return mismatch(value, 'a string');
    case 'number':
    case 'integer': {
      const number = typeof value === 'number' ? value : typeof value === 'string' && NUMERIC_TEXT.test(value.trim()) ? Number(value.trim()) : undefined;
      if (number === undefined || !Number.isFinite(number)) return mismatch(value, type === 'number' ? 'a finite number' : 'an integer');
      if (type === 'integer' && !Number.isSafeInteger(number)) return mismatch(value, 'an integer');
      return { ok: true, value: number };
    }
    case 'boolean':
      if (typeof value === 'boolean') return { ok: true, value };
      if (value === 'true' || value === 'false') return { ok: true, value: value === 'true' };
      return mismatch(value, 'a boolean');
    case 'object':
      return isObjectLiteral(value) ? { ok: true, value } : mismatch(value, 'an object');
    case 'array':
      return { ok: true, value: Array.isArray(value) ? value : [value] };
  }
}

/** "must be an integer, got 12.5": a short description of the offending value, never the whole object. */
function mismatch(value: unknown, expected: string): Coercion {
  return { ok: false, message: `must be ${expected}, got ${describeValue(value)}` };
}

export function describeValue(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (isObjectLiteral(value)) return 'an object';
  if (typeof value === 'string') return value.length > 40 ? `text "${value.slice(0, 40)}…"` : `text "${value}"`;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'function') return 'a function';
  return String(value);
}

export class NotJsonError extends Error {}

/**
 * A rendered value as plain JSON data: JSONata sequences become plain arrays, members whose value is
 * undefined are left out (as JSON.stringify does) and a copy is made, so the payload never shares objects
 * with the order document. Functions and non-finite numbers cannot be sent and are refused.
 */
export function toJsonValue(value: unknown): unknown {
  if (value === undefined || value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new NotJsonError(`${value} is not a JSON number`);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : toJsonValue(item)));
  if (isObjectLiteral(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      const json = toJsonValue(member);
      if (json === undefined) continue;
      // a "__proto__" member (JSON.parse makes it an own property) must stay data, not become the prototype
      if (key === '__proto__') Object.defineProperty(copy, key, { value: json, enumerable: true, writable: true, configurable: true });
      else copy[key] = json;
    }
    return copy;
  }
  if (typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return toJsonValue((value as { toJSON(): unknown }).toJSON());
  }
  throw new NotJsonError(`${describeValue(value)} is not JSON data`);
}

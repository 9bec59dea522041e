import { AppError } from '../errors/app-error.js';
import { isId } from '../ids.js';
import type { FieldDefinition } from './definition.js';

export const WRITE_VIOLATION = 'FRAMEWORK__WRITE_CONSTRAINT_VIOLATION';

/** One write problem: a 400 pointing at the offending value (`/0/name`, `/tax/taxRate`). */
export function violation(pointer: string, detail: string, parameters: Record<string, unknown> = {}): AppError {
  return new AppError(400, WRITE_VIOLATION, detail, { pointer: pointer || '/', meta: { parameters } });
}

/**
 * What a violation quotes of a bad value: small values as they are, long strings and structures as a short
 * excerpt (a hostile 10 MB or deeply nested value is never copied into an answer).
 */
export function excerptOf(value: unknown): unknown {
  const MAX = 100;
  if (typeof value === 'string') return value.length > MAX ? `${value.slice(0, MAX)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    return '[unserialisable]';
  }
  return text.length > MAX ? `${text.slice(0, MAX)}…` : value;
}

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

export type CheckResult = { ok: true; value: unknown } | { ok: false; problem: AppError };

/**
 * Checks a non-null value against its field type and returns the value in the form the column takes:
 * JSON is passed as text (pg would turn a JS array into a PostgreSQL array otherwise), dates as ISO
 * strings. Password hashing happens later (it is async and only worth doing for valid writes).
 */
export function checkFieldValue(name: string, field: FieldDefinition, value: unknown, pointer: string): CheckResult {
  const fail = (detail: string): CheckResult => ({ ok: false, problem: violation(pointer, detail, { field: name, value: excerptOf(value) }) });
  const problem = field.validate?.(value);
  if (problem) return fail(`The value of "${name}" ${problem}.`);
  switch (field.type) {
    case 'id':
      return typeof value === 'string' && isId(value.toLowerCase())
        ? { ok: true, value: value.toLowerCase() }
        : fail(`The value of "${name}" is not a valid id (32 hexadecimal characters).`);
    case 'string':
    case 'text':
    case 'password':
    case 'secret':
      if (typeof value !== 'string') return fail(`The value of "${name}" must be a string.`);
      if ((field.type === 'password' || field.type === 'secret') && value.length === 0) return fail(`The value of "${name}" must not be empty.`);
      if (field.maxLength !== undefined && [...value].length > field.maxLength) {
        return fail(`The value of "${name}" is too long: at most ${field.maxLength} characters are allowed.`);
      }
      return { ok: true, value };
    case 'int':
      if (typeof value !== 'number' || !Number.isInteger(value)) return fail(`The value of "${name}" must be an integer.`);
      if (value < INT_MIN || value > INT_MAX) return fail(`The value of "${name}" is out of range.`);
      return { ok: true, value };
    case 'float':
      return typeof value === 'number' && Number.isFinite(value) ? { ok: true, value } : fail(`The value of "${name}" must be a number.`);
    case 'bool':
      return typeof value === 'boolean' ? { ok: true, value } : fail(`The value of "${name}" must be a boolean.`);
    case 'datetime': {
      const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
      if (!date || Number.isNaN(date.getTime())) return fail(`The value of "${name}" must be a date (ISO 8601).`);
      return { ok: true, value: date.toISOString() };
    }
    case 'enum':
      return typeof value === 'string' && (field.values ?? []).includes(value)
        ? { ok: true, value }
        : fail(`The value of "${name}" must be one of: ${(field.values ?? []).join(', ')}.`);
    case 'json':
      return { ok: true, value: JSON.stringify(value) };
  }
}

/** Whether null is acceptable for the field. */
export function acceptsNull(field: FieldDefinition): boolean {
  return field.nullable ?? !field.required;
}


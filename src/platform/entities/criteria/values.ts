import { errors } from '../../errors/app-error.js';
import { isId } from '../../ids.js';
import type { ResolvedPath } from './field-path.js';
import type { ScalarValue } from './types.js';

const INVALID = 'FRAMEWORK__INVALID_FILTER_QUERY';

/**
 * Turns a filter value into what the column compares against, so that bad input is a 400 with a
 * pointer instead of a database cast error: ids must be 32-hex, numbers numeric, booleans boolean.
 * Query-string values arrive as strings, hence the lenient string forms.
 */
export function normalizeFilterValue(path: ResolvedPath, value: unknown, pointer: string): ScalarValue {
  if (value === null) return null;
  if (typeof value === 'object' || value === undefined) {
    throw errors.badRequest(INVALID, `Filter value for "${path.field}" must be a scalar.`, pointer);
  }
  if (path.jsonPath.length > 0 || path.fieldDefinition.type === 'json') return value as ScalarValue;
  switch (path.fieldDefinition.type) {
    case 'id':
      if (typeof value === 'string' && isId(value.toLowerCase())) return value.toLowerCase();
      throw errors.badRequest(INVALID, `Value "${String(value)}" for "${path.field}" is not a valid id (32 hexadecimal characters).`, pointer);
    case 'int':
    case 'float': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n) || (path.fieldDefinition.type === 'int' && !Number.isInteger(n))) {
        throw errors.badRequest(INVALID, `Value "${String(value)}" for "${path.field}" is not a number.`, pointer);
      }
      return n;
    }
    case 'bool':
      if (typeof value === 'boolean') return value;
      if (value === 1 || value === '1' || value === 'true') return true;
      if (value === 0 || value === '0' || value === 'false') return false;
      throw errors.badRequest(INVALID, `Value "${String(value)}" for "${path.field}" is not a boolean.`, pointer);
    case 'datetime':
      if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return value;
      throw errors.badRequest(INVALID, `Value "${String(value)}" for "${path.field}" is not a date.`, pointer);
    default:
      return String(value);
  }
}

/** Range bounds compare numbers for numeric fields and ISO strings for dates. */
export function normalizeRangeValue(path: ResolvedPath, value: unknown, pointer: string): string | number {
  const normalized = normalizeFilterValue(path, value, pointer);
  if (normalized === null || typeof normalized === 'boolean') {
    throw errors.badRequest(INVALID, `Range bound for "${path.field}" must be a number or a string.`, pointer);
  }
  return normalized;
}

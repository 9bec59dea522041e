import { AppError } from '../errors/app-error.js';
import { columnName, type EntityDefinition } from './definition.js';
import { violation } from './write-validation.js';

interface PgError {
  code?: string;
  detail?: string;
  column?: string;
  table?: string;
  constraint?: string;
}

/**
 * Turns a constraint error of PostgreSQL into a 400 a client can act on (the validation runs first,
 * but only the database knows about unique indexes and races). Returns undefined for other errors,
 * which stay 500s. `pointer` locates the record being written (`/0`, `/tax`).
 */
export function mapDatabaseError(error: unknown, def: EntityDefinition, pointer: string): AppError | undefined {
  if (typeof error !== 'object' || error === null || typeof (error as PgError).code !== 'string') return undefined;
  const e = error as PgError;
  const keyColumns = /^Key \(([^)]+)\)=\((.*)\)/.exec(e.detail ?? '');
  const column = e.column ?? keyColumns?.[1]?.split(',')[0]?.trim();
  const field = column ? fieldOfColumn(def, column) : undefined;
  const at = field ? `${pointer}/${field}` : pointer;
  const parameters = { entity: def.name, constraint: e.constraint ?? null, field: field ?? null };
  switch (e.code) {
    case '23505':
      return violation(at, `A ${def.name} with ${describeKey(def, keyColumns)} already exists.`, parameters);
    case '23503':
      if (/still referenced/.test(e.detail ?? '')) {
        const table = /from table "([^"]+)"/.exec(e.detail ?? '')?.[1] ?? 'another entity';
        return violation(pointer, `The ${def.name} cannot be deleted or changed: it is still referenced by ${table}.`, parameters);
      }
      return violation(at, `The referenced record for ${describeKey(def, keyColumns)} does not exist.`, parameters);
    case '23502':
      return violation(at, `The field "${field ?? column}" of ${def.name} must not be null.`, parameters);
    case '23514':
      return violation(pointer, `The ${def.name} violates the check "${e.constraint ?? 'unknown'}".`, parameters);
    case '22001':
    case '22003':
    case '22P02':
    case '22007':
    case '22008':
      return violation(pointer, `A value of the ${def.name} is invalid for its column.`, parameters);
    default:
      return undefined;
  }
}

function fieldOfColumn(def: EntityDefinition, column: string): string | undefined {
  return Object.entries(def.fields).find(([name, f]) => columnName(name, f) === column)?.[0];
}

function describeKey(def: EntityDefinition, key: RegExpExecArray | null): string {
  if (!key) return 'these values';
  const fields = key[1].split(',').map((c) => fieldOfColumn(def, c.trim()) ?? c.trim());
  return `${fields.join(', ')} = ${key[2]}`;
}

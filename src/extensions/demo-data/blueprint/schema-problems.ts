import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { BlueprintSchema, hintOf } from './schema.js';
import { pointerToPath, type BlueprintPath } from './problems.js';

export interface LocatedMessage {
  path: BlueprintPath;
  message: string;
}

/** What is wrong with the shape of a parsed blueprint, one message per place, in plain words. */
export function schemaProblems(value: unknown): LocatedMessage[] {
  const seen = new Set<string>();
  const problems: LocatedMessage[] = [];
  for (const error of Value.Errors(BlueprintSchema, value)) {
    // TypeBox may report a place twice (e.g. type and then pattern): the first says enough
    if (seen.has(error.path)) continue;
    seen.add(error.path);
    problems.push({ path: pointerToPath(error.path, value), message: messageOf(error) });
  }
  return problems;
}

function messageOf(error: ValueError): string {
  const schema = error.schema as TSchema & Record<string, unknown>;
  const hint = hintOf(schema);
  const got = ` (got ${shown(error.value)})`;
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return 'is missing';
    case ValueErrorType.ObjectAdditionalProperties:
      return 'is not a field of this entry (misspelt?)';
    case ValueErrorType.String:
      return `must be a text${got}`;
    case ValueErrorType.StringMinLength:
      return schema.minLength === 1 ? 'must not be empty' : `must be at least ${String(schema.minLength)} characters long`;
    case ValueErrorType.StringMaxLength:
      return `must be at most ${String(schema.maxLength)} characters long`;
    case ValueErrorType.StringPattern:
      return `${hint ?? `must match ${String(schema.pattern)}`}${got}`;
    case ValueErrorType.Number:
      return `must be a number${got}`;
    case ValueErrorType.Integer:
      return `must be a whole number${got}`;
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return `must be at least ${String(schema.minimum)}${got}`;
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.IntegerMaximum:
      return `must be at most ${String(schema.maximum)}${got}`;
    case ValueErrorType.Boolean:
      return `must be true or false${got}`;
    case ValueErrorType.Array:
      return `must be a list${got}`;
    case ValueErrorType.ArrayMinItems:
      return Number(schema.minItems) === 1 ? 'must not be empty' : `needs at least ${String(schema.minItems)} entries`;
    case ValueErrorType.ArrayMaxItems:
      return `may have at most ${String(schema.maxItems)} entries`;
    case ValueErrorType.Object:
      return `must be a mapping of fields${got}`;
    case ValueErrorType.Literal:
      return `must be ${JSON.stringify(schema.const)}${got}`;
    case ValueErrorType.Union:
      return `${hint ?? 'does not match any allowed form'}${got}`;
    default:
      return hint ?? error.message;
  }
}

function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

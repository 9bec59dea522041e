import { Type, type SchemaOptions, type TUnsafe } from '@sinclair/typebox';

/**
 * A string that is one of `values`, as `{"type":"string","enum":[...]}`: the form OpenAPI tools show
 * as a choice, and ajv reports with one message ("must be equal to one of the allowed values").
 */
export function StringEnum<const T extends readonly string[]>(values: T, options: SchemaOptions = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] });
}

import { isObjectLiteral } from '../../../platform/sdk/sandboxed.js';
import type { CompiledField } from './compiled-mapping.js';
import { DEFINITION_LIMITS, FIELD_TYPES, type FieldType } from './definition-types.js';
import { compileGuardedExpression, DEFAULT_EXPRESSION_LIMITS, ExpressionError, type ExpressionLimits } from './expression-guard.js';
import { findPolicyViolations } from './expression-policy.js';
import { coerceToType, NotJsonError, toJsonValue } from './field-types.js';

export interface MappingValidationResult {
  valid: boolean;
  /** one line per problem, each starting with the path of what it is about: "fields.total.expr must be a string" */
  problems: string[];
}

/**
 * Field names become JSON member names in the payload and segments of error paths ("customer.email"), so
 * they are identifier-like: a letter or "_" first, then letters, digits, "_" or "-", at most 64
 * characters. Dots would make paths ambiguous; "__proto__" and friends could reach object prototypes.
 */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);
const LEAF_KEYS = new Set(['type', 'required', 'default']);
const KINDS = ['expr', 'value', 'fields'] as const;

/** Checks a mapping definition without rendering anything; every problem is reported, not only the first. */
export function validateMappingDefinition(definition: unknown, limits: ExpressionLimits = DEFAULT_EXPRESSION_LIMITS): MappingValidationResult {
  const { problems } = checkDefinition(definition, limits);
  return { valid: problems.length === 0, problems };
}

/**
 * Validation and compilation in one walk, so each expression is parsed once: the compiled fields are
 * returned only when there is no problem.
 */
export function checkDefinition(definition: unknown, limits: ExpressionLimits): { problems: string[]; fields?: CompiledField[] } {
  const problems: string[] = [];
  if (!isObjectLiteral(definition)) return { problems: ['definition must be an object'] };
  for (const key of Object.keys(definition)) {
    if (key !== 'fields') problems.push(`${key}: unknown key (a definition has only "fields")`);
  }
  const walker = new DefinitionWalker(problems, limits);
  if (!('fields' in definition)) problems.push('fields is required');
  const fields = 'fields' in definition ? walker.fieldMap(definition.fields, 'fields', '', 1) : [];
  return problems.length === 0 ? { problems, fields } : { problems };
}

class DefinitionWalker {
  private fieldCount = 0;

  constructor(
    private readonly problems: string[],
    private readonly limits: ExpressionLimits,
  ) {}

  /** `at` is the location in the definition ("fields.customer.fields"), `dataPath` the one in the payload. */
  fieldMap(value: unknown, at: string, dataPath: string, nesting: number): CompiledField[] {
    if (!isObjectLiteral(value)) {
      this.problems.push(`${at} must be an object`);
      return [];
    }
    const names = Object.keys(value);
    if (names.length === 0) {
      this.problems.push(`${at} must not be empty`);
      return [];
    }
    if (nesting > DEFINITION_LIMITS.maxNesting) {
      this.problems.push(`${at}: fields are nested deeper than ${DEFINITION_LIMITS.maxNesting} levels`);
      return [];
    }
    const compiled: CompiledField[] = [];
    for (const name of names) {
      const path = FIELD_NAME.test(name) ? `${at}.${name}` : `${at}[${JSON.stringify(name)}]`;
      if (!FIELD_NAME.test(name) || name.length > DEFINITION_LIMITS.maxFieldNameLength || RESERVED_NAMES.has(name)) {
        this.problems.push(
          `${path}: a field name starts with a letter or "_", has only letters, digits, "_" and "-", at most ${DEFINITION_LIMITS.maxFieldNameLength} characters, and is not __proto__, constructor or prototype`,
        );
        continue;
      }
      if (++this.fieldCount > DEFINITION_LIMITS.maxFields) {
        if (this.fieldCount === DEFINITION_LIMITS.maxFields + 1) this.problems.push(`${path}: a definition has at most ${DEFINITION_LIMITS.maxFields} fields`);
        continue;
      }
      const field = this.field(value[name], path, dataPath === '' ? name : `${dataPath}.${name}`, name, nesting);
      if (field) compiled.push(field);
    }
    return compiled;
  }

  private field(value: unknown, path: string, dataPath: string, name: string, nesting: number): CompiledField | undefined {
    if (!isObjectLiteral(value)) {
      this.problems.push(`${path} must be an object`);
      return undefined;
    }
    const kinds = KINDS.filter((kind) => kind in value);
    if (kinds.length !== 1) {
      this.problems.push(`${path}: exactly one of expr, value or fields`);
      return undefined;
    }
    const kind = kinds[0]!;
    const before = this.problems.length;
    for (const key of Object.keys(value)) {
      if (key === kind) continue;
      if (kind === 'fields' && key !== 'type') this.problems.push(`${path}.${key}: not allowed on a nested field (it always renders an object)`);
      else if (kind !== 'fields' && !LEAF_KEYS.has(key)) this.problems.push(`${path}.${key}: unknown key (allowed: ${kind}, type, required, default)`);
    }

    if (kind === 'fields') {
      if ('type' in value && value.type !== 'object') this.problems.push(`${path}.type must be "object" for a nested field`);
      const fields = this.fieldMap(value.fields, `${path}.fields`, dataPath, nesting + 1);
      return this.problems.length === before ? { kind: 'nested', name, path: dataPath, fields } : undefined;
    }

    const type = this.type(value, path);
    if ('required' in value && typeof value.required !== 'boolean') this.problems.push(`${path}.required must be a boolean`);
    const fallback = 'default' in value ? this.literal(value.default, `${path}.default`, type) : undefined;

    if (kind === 'value') {
      const literal = this.literal(value.value, `${path}.value`, type);
      return this.problems.length === before ? { kind: 'value', name, path: dataPath, value: literal, type } : undefined;
    }

    const expression = this.expression(value.expr, `${path}.expr`);
    if (this.problems.length !== before || !expression) return undefined;
    return {
      kind: 'expr',
      name,
      path: dataPath,
      expression,
      type,
      required: value.required === true,
      ...('default' in value ? { default: fallback } : {}),
    };
  }

  private type(field: Record<string, unknown>, path: string): FieldType | undefined {
    if (!('type' in field)) return undefined;
    if (typeof field.type === 'string' && (FIELD_TYPES as readonly string[]).includes(field.type)) return field.type as FieldType;
    this.problems.push(`${path}.type must be one of ${FIELD_TYPES.join(', ')}`);
    return undefined;
  }

  /** A literal (value or default): JSON data that already has the declared type, stored coerced. */
  private literal(value: unknown, path: string, type: FieldType | undefined): unknown {
    let json: unknown;
    try {
      json = toJsonValue(value);
    } catch (error) {
      if (!(error instanceof NotJsonError)) throw error;
      this.problems.push(`${path}: ${error.message}`);
      return undefined;
    }
    if (json === undefined) {
      this.problems.push(`${path} must be JSON data`);
      return undefined;
    }
    if (!type) return json;
    const coerced = coerceToType(json, type);
    if (coerced.ok) return coerced.value;
    this.problems.push(`${path} ${coerced.message}`);
    return undefined;
  }

  private expression(text: unknown, path: string) {
    if (typeof text !== 'string') {
      this.problems.push(`${path} must be a string`);
      return undefined;
    }
    if (text.trim() === '') {
      this.problems.push(`${path} must not be empty`);
      return undefined;
    }
    if (text.length > DEFINITION_LIMITS.maxExpressionLength) {
      this.problems.push(`${path} is longer than ${DEFINITION_LIMITS.maxExpressionLength} characters`);
      return undefined;
    }
    try {
      const expression = compileGuardedExpression(text, this.limits);
      const violations = findPolicyViolations(expression.ast);
      for (const violation of violations) {
        const where = violation.position === undefined ? '' : ` at position ${violation.position}`;
        this.problems.push(`${path}:${where} ${violation.message}`);
      }
      return violations.length === 0 ? expression : undefined;
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      const where = error.position === undefined ? '' : ` at position ${error.position}`;
      this.problems.push(`${path}: syntax error${where}: ${error.message} (${error.code})`);
      return undefined;
    }
  }
}

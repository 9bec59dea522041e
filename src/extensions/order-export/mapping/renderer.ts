import type { CompiledField, CompiledMapping } from './compiled-mapping.js';
import { ExpressionError } from './expression-guard.js';
import { coerceToType, NotJsonError, toJsonValue } from './field-types.js';

type ExpressionField = Extract<CompiledField, { kind: 'expr' }>;

export interface RenderResult {
  /** the payload: every field that rendered (fields with errors are left out) */
  data: Record<string, unknown>;
  /** per-field messages keyed by payload path ("lines", "customer.email"); empty when the render succeeded */
  errors: Record<string, string>;
}

export interface RenderOptions {
  /**
   * Time for the whole render. Each expression has its own limit already; this bounds a mapping with
   * many slow fields, since an export is answered synchronously. Default 2000 ms.
   */
  budgetMs?: number;
}

/** A render with any field error is a failure: nothing may be sent. */
export function renderFailed(result: RenderResult): boolean {
  return Object.keys(result.errors).length > 0;
}

/**
 * Renders the order document (the order as the Admin API returns it, with its associations) through a
 * compiled mapping. Never throws for a problem of the mapping or the data: those are per-field errors.
 */
export async function renderMapping(mapping: CompiledMapping, order: unknown, options: RenderOptions = {}): Promise<RenderResult> {
  const errors: Record<string, string> = {};
  const deadline = performance.now() + (options.budgetMs ?? 2000);
  const data = await renderFields(mapping.fields, order, errors, deadline, options.budgetMs ?? 2000);
  return { data, errors };
}

async function renderFields(
  fields: readonly CompiledField[],
  order: unknown,
  errors: Record<string, string>,
  deadline: number,
  budgetMs: number,
): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.kind === 'nested') {
      data[field.name] = await renderFields(field.fields, order, errors, deadline, budgetMs);
      continue;
    }
    if (field.kind === 'value') {
      data[field.name] = toJsonValue(field.value);
      continue;
    }
    if (performance.now() > deadline) {
      errors[field.path] = `not evaluated: the render took longer than ${budgetMs} ms in total`;
      continue;
    }
    const pending = renderExpression(field, order);
    // compiled expressions answer synchronously; awaiting them too would cost a microtask per field
    const rendered = pending instanceof Promise ? await pending : pending;
    if ('error' in rendered) errors[field.path] = rendered.error;
    else if (rendered.value !== undefined) data[field.name] = rendered.value;
  }
  return data;
}

type Rendered = { value: unknown } | { error: string };

function renderExpression(field: ExpressionField, order: unknown): Rendered | Promise<Rendered> {
  const compiled = field.expression.evaluateSync?.(order);
  if (compiled !== undefined && compiled !== 'fallBack') return settle(field, () => compiled.value);
  return field.expression.evaluate(order).then(
    (value) => settle(field, () => value),
    (error: unknown) => settle(field, () => {
      throw error;
    }),
  );
}

/** The field's value from its expression's result: JSON only, the default for nothing, the declared type. */
function settle(field: ExpressionField, result: () => unknown): Rendered {
  let value: unknown;
  try {
    value = toJsonValue(result());
  } catch (error) {
    if (error instanceof ExpressionError) return { error: error.describe() };
    if (error instanceof NotJsonError) return { error: `the result cannot be sent: ${error.message}` };
    throw error;
  }
  if (value === undefined && 'default' in field) value = toJsonValue(field.default);
  if (value === undefined) return field.required ? { error: 'required, but the expression yielded nothing' } : { value };
  if (!field.type) return { value };
  const coerced = coerceToType(value, field.type);
  return coerced.ok ? { value: coerced.value } : { error: coerced.message };
}

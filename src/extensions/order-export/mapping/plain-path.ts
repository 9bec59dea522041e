import type jsonata from 'jsonata';

/** A plain path's answer: the value, or `fallBack` where only jsonata's sequence rules can say. */
export type PlainPathResult = { value: unknown } | 'fallBack';

interface Step {
  name: string;
  /** `name[n]` with a whole number n >= 0 */
  index?: number;
}

const NAME_KEYS = new Set(['type', 'value', 'position']);
const NAME_WITH_INDEX_KEYS = new Set(['type', 'value', 'position', 'stages']);
const PATH_KEYS = new Set(['type', 'steps', 'position']);

/**
 * Most mapping fields are plain paths (`orderNumber`, `currency.isoCode`,
 * `transactions[0].stateMachineState.technicalName`). jsonata evaluates every step asynchronously, which
 * makes such a field cost tens of microseconds; walking the objects costs well under one. This compiles
 * an expression's AST into such a walk when the AST is nothing but field names, each optionally with one
 * constant index `[n]` (n >= 0); anything else (predicates, functions, `[]`, grouping, variables, ...)
 * returns undefined and stays with jsonata.
 *
 * The walk answers only where jsonata's rules are those of plain objects: a missing field or a field of
 * a non-object is undefined, an index picks an array element (or, on a single value, `[0]` is the value),
 * the last value is returned as it is (arrays included). Where the walk would step into an array, or an
 * index picks an array, jsonata's sequence rules (mapping and flattening) apply: the walk answers
 * `fallBack` and the caller evaluates with jsonata. A differential test holds both to the same results.
 */
export function compilePlainPath(ast: jsonata.ExprNode): ((input: unknown) => PlainPathResult) | undefined {
  const steps = plainSteps(ast);
  if (!steps) return undefined;
  return (input) => walk(input, steps);
}

function plainSteps(ast: jsonata.ExprNode): Step[] | undefined {
  const node = ast as unknown as Record<string, unknown>;
  if (node.type !== 'path' || !Array.isArray(node.steps) || node.steps.length === 0 || !Object.keys(node).every((key) => PATH_KEYS.has(key))) return undefined;
  const steps: Step[] = [];
  for (const raw of node.steps as Array<Record<string, unknown>>) {
    if (raw.type !== 'name' || typeof raw.value !== 'string') return undefined;
    if (Object.keys(raw).every((key) => NAME_KEYS.has(key))) {
      steps.push({ name: raw.value });
      continue;
    }
    const index = constantIndex(raw);
    if (index === undefined) return undefined;
    steps.push({ name: raw.value, index });
  }
  return steps;
}

/** `name[n]`: exactly one filter stage whose expression is a whole number literal >= 0. */
function constantIndex(step: Record<string, unknown>): number | undefined {
  if (!Object.keys(step).every((key) => NAME_WITH_INDEX_KEYS.has(key)) || !Array.isArray(step.stages) || step.stages.length !== 1) return undefined;
  const stage = step.stages[0] as Record<string, unknown>;
  const expr = stage.expr as Record<string, unknown> | undefined;
  if (stage.type !== 'filter' || !expr || expr.type !== 'number' || Object.keys(expr).some((key) => key !== 'type' && key !== 'value' && key !== 'position')) return undefined;
  return Number.isInteger(expr.value) && (expr.value as number) >= 0 ? (expr.value as number) : undefined;
}

function walk(input: unknown, steps: readonly Step[]): PlainPathResult {
  let current = input;
  for (const step of steps) {
    if (Array.isArray(current) || typeof current === 'function') return 'fallBack';
    if (current === null || typeof current !== 'object') return { value: undefined };
    // own members only, as jsonata's lookup: never Object.prototype's
    current = Object.hasOwn(current, step.name) ? (current as Record<string, unknown>)[step.name] : undefined;
    if (current === undefined) return { value: undefined };
    if (step.index !== undefined) {
      if (Array.isArray(current)) current = current[step.index];
      else if (step.index !== 0) return { value: undefined };
      if (Array.isArray(current)) return 'fallBack';
      if (current === undefined) return { value: undefined };
    }
  }
  return { value: current };
}

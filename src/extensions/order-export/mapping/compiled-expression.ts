import type jsonata from 'jsonata';

/** A compiled expression's answer: the value, or `fallBack` where only jsonata itself can say. */
export type CompiledResult = { value: unknown } | 'fallBack';

/**
 * Most mapping fields use a small part of JSONata: paths (`orderNumber`, `transactions[0].stateMachineState
 * .technicalName`), filters (`lineItems[type = "product"]`), an object per item (`lineItems.{"sku": ...}`),
 * `&` joins of strings, `$sum`/`$count` of a path and a block binding variables. jsonata evaluates every
 * step asynchronously (a promise per AST node and per item), which puts a 20-line order's render near a
 * millisecond; the same work done synchronously costs microseconds.
 *
 * This compiles an AST made only of that part into plain functions that follow jsonata 2.x's rules
 * (sequences flattened one level per step, a step's single raw array kept as it is, a sequence of one
 * unwrapped, missing values dropped, own members only). Any other node makes the whole expression stay
 * with jsonata (compileExpression returns undefined). At run time the compiled code answers `fallBack`
 * wherever the data would need a rule it does not carry (nested arrays inside sequences, a non-string in
 * `&`, objects compared with `=`, non-numbers in `$sum`, ...), and the caller then evaluates with jsonata,
 * which gives the same value or the same error. A differential test holds both to the same results.
 */
export function compileExpression(ast: jsonata.ExprNode): ((input: unknown) => CompiledResult) | undefined {
  let compiled: Compiled;
  try {
    compiled = compileNode(ast as unknown as Node, new Scope());
  } catch (error) {
    if (error instanceof NotCompilable) return undefined;
    throw error;
  }
  return (input) => {
    // jsonata wraps an array input in a sequence of its own; the order document is always an object
    if (Array.isArray(input)) return 'fallBack';
    const value = compiled(input, []);
    return value === FALL_BACK ? 'fallBack' : { value };
  };
}

const FALL_BACK: unique symbol = Symbol('fallBack');
type Value = unknown;
/** Evaluates against a context value with the block variables bound so far (slots by compile-time index). */
type Compiled = (context: Value, vars: Value[]) => Value | typeof FALL_BACK;

interface Node {
  type: string;
  value?: unknown;
  steps?: Node[];
  stages?: Node[];
  expr?: Node;
  lhs?: Node | Node[][];
  rhs?: Node;
  expressions?: Node[];
  arguments?: Node[];
  procedure?: Node;
  name?: unknown;
}

class NotCompilable extends Error {}
const refuse = (): never => {
  throw new NotCompilable();
};

/** Block variables in scope at compile time: name -> slot. Anything not bound here is not compiled. */
class Scope {
  constructor(
    private readonly names: Map<string, number> = new Map(),
    readonly slots: { next: number } = { next: 0 },
  ) {}
  child(): Scope {
    return new Scope(new Map(this.names), this.slots);
  }
  bind(name: string): number {
    const slot = this.slots.next++;
    this.names.set(name, slot);
    return slot;
  }
  slotOf(name: string): number | undefined {
    return this.names.get(name);
  }
}

// the members each node type may carry; any other member (predicate, group, keepArray, focus, index,
// tuple, ...) is a feature this compiler does not follow
const ALLOWED_KEYS: Record<string, ReadonlySet<string>> = {
  path: new Set(['type', 'steps', 'position']),
  name: new Set(['type', 'value', 'position', 'stages']),
  filter: new Set(['type', 'expr', 'position']),
  string: new Set(['type', 'value', 'position']),
  number: new Set(['type', 'value', 'position']),
  value: new Set(['type', 'value', 'position']),
  binary: new Set(['type', 'value', 'position', 'lhs', 'rhs']),
  block: new Set(['type', 'expressions', 'position']),
  bind: new Set(['type', 'value', 'position', 'lhs', 'rhs']),
  variable: new Set(['type', 'value', 'position']),
  // the parser leaves `name` on function nodes, undefined for a plain call
  function: new Set(['type', 'name', 'value', 'position', 'arguments', 'procedure']),
  unary: new Set(['type', 'value', 'position', 'lhs']),
};

function checkKeys(node: Node): void {
  const allowed = ALLOWED_KEYS[node.type];
  if (!allowed || !Object.keys(node).every((key) => allowed.has(key))) refuse();
}

function compileNode(node: Node, scope: Scope): Compiled {
  checkKeys(node);
  switch (node.type) {
    case 'string':
    case 'number':
    case 'value': {
      const literal = node.value;
      return () => literal;
    }
    case 'path':
      return compilePath(node, scope);
    case 'binary':
      return compileBinary(node, scope);
    case 'block':
      return compileBlock(node, scope);
    case 'variable': {
      const slot = typeof node.value === 'string' ? scope.slotOf(node.value) : undefined;
      if (slot === undefined) return refuse();
      return (_context, vars) => vars[slot];
    }
    case 'function':
      return compileFunction(node, scope);
    default:
      return refuse();
  }
}

/** `( $a := x; ...; last )`: a new frame, expressions in order, the last one's value. */
function compileBlock(node: Node, scope: Scope): Compiled {
  const inner = scope.child();
  const parts = (node.expressions ?? []).map((expression): Compiled => {
    if (expression.type !== 'bind') return compileNode(expression, inner);
    checkKeys(expression);
    const target = expression.lhs as Node;
    if (target?.type !== 'variable' || typeof target.value !== 'string' || target.value === '') return refuse();
    const value = compileNode(expression.rhs as Node, inner);
    const slot = inner.bind(target.value);
    return (context, vars) => {
      const bound = value(context, vars);
      if (bound !== FALL_BACK) vars[slot] = bound;
      return bound;
    };
  });
  if (parts.length === 0) return refuse();
  return (context, vars) => {
    let result: Value | typeof FALL_BACK;
    for (const part of parts) {
      result = part(context, vars);
      if (result === FALL_BACK) return FALL_BACK;
    }
    return result;
  };
}

function compileBinary(node: Node, scope: Scope): Compiled {
  const lhs = compileNode(node.lhs as Node, scope);
  const rhs = compileNode(node.rhs as Node, scope);
  switch (node.value) {
    case '&':
      // jsonata's $string formats numbers, booleans and objects in ways of its own: strings only here
      return (context, vars) => {
        const left = lhs(context, vars);
        if (left === FALL_BACK) return FALL_BACK;
        const right = rhs(context, vars);
        if (right === FALL_BACK) return FALL_BACK;
        if ((left !== undefined && typeof left !== 'string') || (right !== undefined && typeof right !== 'string')) return FALL_BACK;
        return (left ?? '') + (right ?? '');
      };
    case '=':
    case '!=': {
      const equal = node.value === '=';
      // missing on either side is false for both operators; objects and arrays need jsonata's deep equality
      return (context, vars) => {
        const left = lhs(context, vars);
        if (left === FALL_BACK) return FALL_BACK;
        const right = rhs(context, vars);
        if (right === FALL_BACK) return FALL_BACK;
        if (left === undefined || right === undefined) return false;
        if ((typeof left === 'object' && left !== null) || (typeof right === 'object' && right !== null)) return FALL_BACK;
        return (left === right) === equal;
      };
    }
    default:
      return refuse();
  }
}

/** `$sum(x)` and `$count(x)` of one argument; any other function (or a shadowing variable) stays with jsonata. */
function compileFunction(node: Node, scope: Scope): Compiled {
  const procedure = node.procedure as Node;
  checkKeys(procedure);
  const name = procedure.type === 'variable' ? procedure.value : undefined;
  if (node.name !== undefined || (name !== 'sum' && name !== 'count') || scope.slotOf(name) !== undefined || node.arguments?.length !== 1) return refuse();
  const argument = compileNode(node.arguments[0]!, scope);
  if (name === 'count') {
    return (context, vars) => {
      const value = argument(context, vars);
      if (value === FALL_BACK) return FALL_BACK;
      return value === undefined ? 0 : Array.isArray(value) ? value.length : 1;
    };
  }
  return (context, vars) => {
    const value = argument(context, vars);
    if (value === FALL_BACK || value === undefined) return value;
    const numbers = Array.isArray(value) ? value : [value];
    let total = 0;
    for (const n of numbers) {
      // jsonata refuses anything but numbers with its own error: let it say so
      if (typeof n !== 'number') return FALL_BACK;
      total += n;
    }
    return total;
  };
}

type StepKind = { kind: 'name'; name: string; filters: Filter[] } | { kind: 'object'; pairs: Array<[key: string, value: Compiled]> };
type Filter = { kind: 'index'; index: number } | { kind: 'predicate'; test: Compiled };

function compilePath(node: Node, scope: Scope): Compiled {
  const steps = (node.steps ?? []).map((step, i, all): StepKind => {
    if (step.type === 'name') {
      checkKeys(step);
      if (typeof step.value !== 'string') return refuse();
      return { kind: 'name', name: step.value, filters: (step.stages ?? []).map((stage) => compileFilter(stage, scope)) };
    }
    // `.{ "key": value, ... }` as the last step: one object per item
    if (step.type === 'unary' && step.value === '{' && i === all.length - 1 && i > 0) {
      checkKeys(step);
      const pairs = (step.lhs as Node[][]).map(([key, value]): [string, Compiled] => {
        if (key?.type !== 'string' || typeof key.value !== 'string' || Object.keys(key).some((k) => !ALLOWED_KEYS.string!.has(k))) return refuse();
        if (key.value === '_jsonata_lambda' || key.value === '_jsonata_function') return refuse();
        return [key.value, compileNode(value as Node, scope)];
      });
      // the same key twice is jsonata's error D1009
      if (new Set(pairs.map(([key]) => key)).size !== pairs.length) return refuse();
      return { kind: 'object', pairs };
    }
    return refuse();
  });
  if (steps.length === 0 || steps[0]!.kind !== 'name') return refuse();
  return (context, vars) => evaluatePath(steps, context, vars);
}

function compileFilter(stage: Node, scope: Scope): Filter {
  checkKeys(stage);
  if (stage.type !== 'filter') return refuse();
  const expr = stage.expr as Node;
  if (expr.type === 'number') {
    checkKeys(expr);
    const index = expr.value;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) return refuse();
    return { kind: 'index', index };
  }
  // a predicate whose value is always a boolean: comparisons only (a number would select by position)
  if (expr.type !== 'binary' || (expr.value !== '=' && expr.value !== '!=')) return refuse();
  return { kind: 'predicate', test: compileNode(expr, scope) };
}

/** jsonata's evaluatePath/evaluateStep for name, filter and object steps, on a context that is no array. */
function evaluatePath(steps: readonly StepKind[], context: Value, vars: Value[]): Value | typeof FALL_BACK {
  let sequence: Value[] = [context];
  for (let s = 0; s < steps.length; s++) {
    const step = steps[s]!;
    const last = s === steps.length - 1;
    const results: Value[] = [];
    for (const item of sequence) {
      let found: Value | typeof FALL_BACK;
      if (step.kind === 'object') {
        found = buildObject(step.pairs, item, vars);
      } else {
        if (Array.isArray(item) || typeof item === 'function') return FALL_BACK;
        found = item !== null && typeof item === 'object' && Object.hasOwn(item, step.name) ? (item as Record<string, unknown>)[step.name] : undefined;
        if (typeof found === 'function') return FALL_BACK;
        if (step.filters.length > 0) found = applyFilters(step.filters, found, vars);
      }
      if (found === FALL_BACK) return FALL_BACK;
      if (found !== undefined) results.push(found);
    }
    // the last step's only value, an array as found in the data (no filter made it a sequence), is kept whole
    if (last && step.kind === 'name' && step.filters.length === 0 && results.length === 1 && Array.isArray(results[0])) return results[0];
    const next: Value[] = [];
    for (const result of results) {
      if (!Array.isArray(result)) next.push(result);
      else {
        // flattened one level; an array inside would be flattened again by jsonata's lookup
        for (const value of result) {
          if (Array.isArray(value)) return FALL_BACK;
          next.push(value);
        }
      }
    }
    if (next.length === 0) return undefined;
    sequence = next;
  }
  return sequence.length === 1 ? sequence[0] : sequence;
}

/** A name's value through its filter stages; the result is a sequence (an array). */
function applyFilters(filters: readonly Filter[], found: Value, vars: Value[]): Value[] | typeof FALL_BACK {
  let input: Value[] = Array.isArray(found) ? found : [found];
  for (const filter of filters) {
    const kept: Value[] = [];
    if (filter.kind === 'index') {
      const item = input[filter.index];
      // jsonata would take an array found at the index as the result itself
      if (Array.isArray(item)) return FALL_BACK;
      if (item !== undefined) kept.push(item);
    } else {
      for (const item of input) {
        const test = filter.test(item, vars);
        if (test === FALL_BACK) return FALL_BACK;
        if (test === true) kept.push(item);
      }
    }
    input = kept;
  }
  return input;
}

/** jsonata's object constructor on one item: keys in order, a value that yields nothing leaves its key out. */
function buildObject(pairs: ReadonlyArray<[string, Compiled]>, item: Value, vars: Value[]): Record<string, unknown> | typeof FALL_BACK {
  // on an array jsonata groups its elements into one object
  if (Array.isArray(item)) return FALL_BACK;
  const object: Record<string, unknown> = {};
  for (const [key, compiled] of pairs) {
    const value = compiled(item, vars);
    if (value === FALL_BACK) return FALL_BACK;
    if (value !== undefined) object[key] = value;
  }
  return object;
}

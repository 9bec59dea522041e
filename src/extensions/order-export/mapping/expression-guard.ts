import type jsonata from 'jsonata';
import { answerProblem, lazyModule } from '../../../platform/sdk/sandboxed.js';
import { compileExpression, type CompiledResult } from './compiled-expression.js';

/** Per-evaluation limits; a realistic order mapping evaluates in well under a millisecond. */
export interface ExpressionLimits {
  timeoutMs: number;
  maxDepth: number;
  /**
   * Longest sequence an evaluation may build (jsonata's `sequence` option). The time limit is checked
   * between steps, so one step that allocates a huge range (`[1..10000000]`, seconds and ~80 MB) must be
   * stopped by size instead.
   */
  maxSequence: number;
  /**
   * Longest text any step may make, and the most a `$pad`, `$join` or `$string` may write. A worker's
   * memory limit cannot stop one huge allocation (V8 may abort the whole process instead of the worker),
   * so texts are stopped by length before they are made flat: `$uppercase($pad("", 200000000))`.
   */
  maxTextLength: number;
}

// loaded with the first mapping compiled, not at start
const jsonataModule = lazyModule<typeof jsonata>('jsonata');

export const DEFAULT_EXPRESSION_LIMITS: ExpressionLimits = { timeoutMs: 200, maxDepth: 500, maxSequence: 100_000, maxTextLength: 1024 * 1024 };

/** A JSONata error (syntax or evaluation) as a real Error with jsonata's code and character position. */
export class ExpressionError extends Error {
  constructor(
    readonly code: string,
    readonly position: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'ExpressionError';
  }

  /** "Expected ")" (S0203 at position 12)": what a merchant's developer needs to find the spot. */
  describe(): string {
    const where = this.position === undefined ? '' : ` at position ${this.position}`;
    return `${this.message} (${this.code}${where})`;
  }
}

export interface GuardedExpression {
  readonly ast: jsonata.ExprNode;
  /** Evaluates against `input`; throws ExpressionError, including U1001 (too deep) and U1002 (too long). */
  evaluate(input: unknown): Promise<unknown>;
  /**
   * For expressions within the compiled subset (see compiled-expression.ts): the same result
   * synchronously, without jsonata, or `fallBack` when the data needs a rule only jsonata carries.
   * Absent for every other expression.
   */
  readonly evaluateSync?: (input: unknown) => CompiledResult;
}

// jsonata looks these symbols up in the expression's environment before and after every evaluation step
const ENTRY_HOOK = Symbol.for('jsonata.__evaluate_entry');
const EXIT_HOOK = Symbol.for('jsonata.__evaluate_exit');

/** Parses an expression; a syntax error is thrown as ExpressionError. */
export function parseExpression(text: string, limits?: ExpressionLimits): jsonata.Expression {
  try {
    return jsonataModule()(text, limits ? { sequence: limits.maxSequence } : undefined);
  } catch (error) {
    throw toExpressionError(error);
  }
}

/** Parses an expression and installs the time, depth and text length guards on it. */
export function compileGuardedExpression(text: string, limits: ExpressionLimits = DEFAULT_EXPRESSION_LIMITS): GuardedExpression {
  const expression = parseExpression(text, limits);
  installGuard(expression, limits);
  installTextGuard(expression, limits.maxTextLength);
  const ast = expression.ast();
  const evaluateSync = compileExpression(ast);
  return {
    ast,
    async evaluate(input) {
      const compiled = evaluateSync?.(input);
      if (compiled !== undefined && compiled !== 'fallBack') return compiled.value;
      try {
        return await expression.evaluate(input);
      } catch (error) {
        throw toExpressionError(error);
      }
    },
    ...(evaluateSync ? { evaluateSync } : {}),
  };
}

interface EvaluationState {
  startedAt: number;
  steps: number;
}

/** jsonata's root frame of one evaluate() call; it counts the nesting of the step being evaluated. */
interface RootFrame {
  depth: number;
}

/**
 * jsonata's timebox pattern, with two changes measured on a 20-line order mapping:
 * - The time and depth need only the entry hook. jsonata awaits every hook call, so the usual entry/exit
 *   pair made a render about 50 % slower; one hook costs about 20 % (the exit hook of installTextGuard
 *   is the price of keeping texts short). The depth is read from the counter jsonata keeps
 *   on the root frame itself (incremented before the entry hook, decremented after the step); a unit test
 *   trips the depth limit, so a jsonata upgrade that drops the counter fails there.
 * - State is per evaluation, not per compiled expression: a cached expression may be evaluated
 *   concurrently, so the start time lives in a WeakMap keyed by the root frame (`environment.base`) that
 *   jsonata creates anew for every evaluate() call. The clock is read every 16th step (cheap either way,
 *   but visible in profiles); a step that runs long alone (one big built-in call) is caught at the next.
 */
function installGuard(expression: jsonata.Expression, limits: ExpressionLimits): void {
  const states = new WeakMap<RootFrame, EvaluationState>();
  // the typings allow string names only; jsonata's environment takes symbols as well
  const hooks = expression as unknown as { assign(name: symbol, value: unknown): void };
  hooks.assign(ENTRY_HOOK, (_node: unknown, _input: unknown, environment: { base: RootFrame }) => {
    const root = environment.base;
    let state = states.get(root);
    if (!state) {
      state = { startedAt: performance.now(), steps: 0 };
      states.set(root, state);
    }
    if (root.depth > limits.maxDepth) {
      throw { code: 'U1001', message: `Evaluation nested deeper than ${limits.maxDepth} levels; check for non-terminating recursion` };
    }
    if ((++state.steps & 15) === 0 && performance.now() - state.startedAt > limits.timeoutMs) {
      throw { code: 'U1002', message: `Evaluation took longer than ${limits.timeoutMs} ms; check for an infinite loop` };
    }
  });
}

const tooLong = (maxTextLength: number) => ({ code: 'U1003', message: `Evaluation made a text longer than ${maxTextLength} characters` });

/**
 * Every step's result is checked by its length (a concatenation keeps its parts apart, so nothing is
 * copied for it), and the three functions that write long text from short arguments check before they
 * write. Only expressions that jsonata evaluates pay for the hook (about 1.5 times the time of such a
 * render); the compiled subset, where most mapping fields are, makes no text and pays nothing.
 */
function installTextGuard(expression: jsonata.Expression, maxTextLength: number): void {
  const hooks = expression as unknown as { assign(name: symbol, value: unknown): void };
  hooks.assign(EXIT_HOOK, (_node: unknown, _input: unknown, _environment: unknown, result: unknown) => {
    if (typeof result === 'string' && result.length > maxTextLength) throw tooLong(maxTextLength);
  });
  const guarded = (name: string, signature: string, fits: (args: unknown[]) => boolean) =>
    expression.registerFunction(
      name,
      async function (this: unknown, ...args: unknown[]) {
        if (!fits(args)) throw tooLong(maxTextLength);
        return (await builtins())[name]!.apply(this, args);
      },
      signature,
    );
  // the signatures are jsonata's own for these functions
  guarded('pad', '<s-ns?:s>', ([text, width]) => Math.abs(Math.trunc(width as number)) <= maxTextLength || (text as string).length >= Math.abs(width as number));
  guarded('join', '<a<s>s?:s>', ([items, separator]) => {
    const list = (Array.isArray(items) ? items : [items]) as string[];
    let length = Math.max(0, list.length - 1) * ((separator as string | undefined)?.length ?? 0);
    for (const item of list) length += item.length;
    return length <= maxTextLength;
  });
  guarded('string', '<x-b?:s>', ([value]) => typeof value === 'function' || answerProblem(value, maxTextLength, Number.MAX_SAFE_INTEGER) === undefined);
}

type Builtin = (this: unknown, ...args: unknown[]) => unknown;
let builtinFunctions: Promise<Record<string, Builtin>> | undefined;

/** jsonata's own $pad, $join and $string (an expression naming a function evaluates to it), for the guarded versions. */
function builtins(): Promise<Record<string, Builtin>> {
  builtinFunctions ??= (async () => {
    const found: Record<string, Builtin> = {};
    for (const name of ['pad', 'join', 'string']) found[name] = ((await jsonataModule()(`$${name}`).evaluate({})) as { implementation: Builtin }).implementation;
    return found;
  })();
  return builtinFunctions;
}

/** jsonata throws plain objects ({code, position, message}); anything else is an unexpected fault. */
function toExpressionError(error: unknown): ExpressionError {
  if (error instanceof ExpressionError) return error;
  if (typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string') {
    const { code, position, message } = error as { code: string; position?: unknown; message?: unknown };
    return new ExpressionError(code, typeof position === 'number' ? position : undefined, typeof message === 'string' ? message : code);
  }
  return new ExpressionError('U1000', undefined, error instanceof Error ? error.message : String(error));
}

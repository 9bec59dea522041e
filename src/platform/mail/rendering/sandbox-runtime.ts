import nunjucks from 'nunjucks';

/**
 * The nunjucks runtime mail templates run with. Stock nunjucks resolves `a.b` as `a[b]` and a bare name
 * through the prototype chain, so `{{ "".constructor.constructor("return process")() }}` reaches
 * `Function` and runs code in the server. Mail templates are written by shop staff and rendered in the
 * worker, so here a lookup sees own properties only: of the data (plain JSON), of template variables
 * and of the environment's globals. Nothing reaches a prototype, so nothing reaches `Function`.
 *
 * Each render also gets a budget of loop iterations: nested loops over `range(...)` would otherwise keep
 * the process busy for as long as a template author likes.
 */

/** Loop iterations one render may run, all loops together (an order of 20 lines needs a few dozen). */
export const LOOP_BUDGET = 100_000;

interface FrameLike {
  lookup(name: string): unknown;
}

interface ContextLike {
  ctx: Record<string, unknown>;
  env: { globals: Record<string, unknown> };
}

/** `obj.key` / `obj[key]`: an own property or undefined; a function comes bound to its object. */
function ownMemberLookup(obj: unknown, key: unknown): unknown {
  if (obj === undefined || obj === null) return undefined;
  if (typeof key !== 'string' && typeof key !== 'number') return undefined;
  const target = Object(obj) as Record<string | number, unknown>;
  if (!Object.hasOwn(target, key)) return undefined;
  const value = target[key];
  if (typeof value === 'function') return (...args: unknown[]) => (value as (...a: unknown[]) => unknown).apply(obj, args);
  return value;
}

/** A bare name: a template variable, then an own key of the render data, then a global. */
function ownContextLookup(context: ContextLike, frame: FrameLike, name: string): unknown {
  const value = frame.lookup(name);
  if (value !== undefined) return value;
  if (Object.hasOwn(context.ctx, name)) return context.ctx[name];
  if (Object.hasOwn(context.env.globals, name)) return context.env.globals[name];
  return undefined;
}

const stockFromIterator = (nunjucks.runtime as unknown as { fromIterator(value: unknown): unknown }).fromIterator;

/** The stock runtime with the lookups replaced and loops counted against a fresh budget. */
function renderRuntime(): unknown {
  let left = LOOP_BUDGET;
  return {
    ...nunjucks.runtime,
    memberLookup: ownMemberLookup,
    contextOrFrameLookup: ownContextLookup,
    // called once at the start of every loop with what it iterates
    fromIterator(value: unknown) {
      const iterable = stockFromIterator(value);
      const size = typeof iterable === 'string' || Array.isArray(iterable) ? iterable.length : typeof iterable === 'object' && iterable !== null ? Object.keys(iterable).length : 0;
      left -= size;
      if (left < 0) throw new Error(`the template loops more than ${LOOP_BUDGET} times`);
      return iterable;
    },
  };
}

type RootRenderFunc = (env: unknown, context: unknown, frame: unknown, runtime: unknown, cb: unknown) => unknown;

/**
 * Makes a compiled template render with the sandbox runtime. Blocks and macros get the runtime from
 * the root function's argument, so replacing it there covers them too.
 */
export function useSandboxRuntime(template: nunjucks.Template): void {
  const compiled = template as unknown as { rootRenderFunc: RootRenderFunc };
  const root = compiled.rootRenderFunc;
  if (typeof root !== 'function') throw new Error('useSandboxRuntime: the template is not compiled');
  compiled.rootRenderFunc = (env, context, frame, _runtime, cb) => root(env, context, frame, renderRuntime(), cb);
}

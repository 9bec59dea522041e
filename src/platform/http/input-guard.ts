import type { FastifyInstance } from 'fastify';
import { errors } from '../errors/app-error.js';

/** How deep a request's JSON, form or query may nest: far beyond any real payload, far below a stack overflow. */
export const MAX_INPUT_DEPTH = 32;

export interface InputProblem {
  /** JSON pointer into the checked value, e.g. `/filter/0/value`. */
  pointer: string;
  detail: string;
}

// a UTF-16 high surrogate not followed by a low one, or a low one not preceded by a high one
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): string | undefined {
  // PostgreSQL stores neither: letting them through turns bad input into a 500
  if (text.includes('\u0000')) return 'contains a NUL character';
  if (LONE_SURROGATE.test(text)) return 'contains an invalid character (a lone UTF-16 surrogate)';
  return undefined;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * The first thing wrong with request input anyone can send, decided once at the edge for every route
 * (JSON bodies, forms, query strings): nesting deeper than MAX_INPUT_DEPTH, a NUL character or a lone
 * surrogate in a string or a key, a number beyond ±(2^53 - 1). Walks with its own stack, so a hostile
 * nesting cannot overflow it. Undefined when the input is fine.
 */
export function inputProblem(value: unknown, maxDepth = MAX_INPUT_DEPTH, options: { checkText?: boolean } = {}): InputProblem | undefined {
  const checkText = options.checkText ?? true;
  const stack: Array<{ value: unknown; pointer: string; depth: number }> = [{ value, pointer: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, pointer, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = checkText ? textProblem(current) : undefined;
      if (problem) return { pointer: pointer || '/', detail: `The value ${problem}.` };
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current) || Math.abs(current) > Number.MAX_SAFE_INTEGER) return { pointer: pointer || '/', detail: 'The number is out of range.' };
    } else if (typeof current === 'object' && current !== null && !Buffer.isBuffer(current)) {
      if (depth >= maxDepth) return { pointer: pointer || '/', detail: `The input nests deeper than ${maxDepth} levels.` };
      for (const [key, child] of Object.entries(current)) {
        const problem = checkText ? textProblem(key) : undefined;
        if (problem) return { pointer: `${pointer}/${escapePointer(key)}`, detail: `A key ${problem}.` };
        stack.push({ value: child, pointer: `${pointer}/${escapePointer(key)}`, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/** Query keys nest through brackets (`filter[0][value]`): the same depth limit applies to them. */
function queryProblem(query: unknown): InputProblem | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  for (const key of Object.keys(query)) {
    if ((key.match(/\[/g) ?? []).length >= MAX_INPUT_DEPTH) return { pointer: `/querystring/${escapePointer(key.slice(0, 40))}`, detail: `The parameter nests deeper than ${MAX_INPUT_DEPTH} levels.` };
  }
  const problem = inputProblem(query);
  return problem && { pointer: `/querystring${problem.pointer === '/' ? '' : problem.pointer}`, detail: problem.detail };
}

/**
 * Route config of a route that answers bad characters in its body itself, nearer to the visitor (a login
 * answered like a wrong login, a form field marked on the form): the guard leaves the body's text to it
 * and still checks depth and numbers.
 */
export const CHECKS_TEXT_ITSELF = 'checksTextItself';

/**
 * Checks every request's query and parsed body before validation and handlers: one answer (400 in the
 * platform's error shape) for input no route can store, so no route has to remember it. Raw bodies
 * (webhooks, uploads) are bytes and left to their routes.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const checkText = (request.routeOptions.config as unknown as Record<string, unknown> | undefined)?.[CHECKS_TEXT_ITSELF] !== true;
    const problem = queryProblem(request.query) ?? (Buffer.isBuffer(request.body) ? undefined : inputProblem(request.body, MAX_INPUT_DEPTH, { checkText }));
    if (problem) throw errors.invalidRequest(problem.detail, problem.pointer);
  });
}

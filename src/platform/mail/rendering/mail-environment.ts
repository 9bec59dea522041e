import nunjucks from 'nunjucks';
import { currencyFilter, dateFilter } from './mail-filters.js';

/** Widths and counts a filter may be asked for (`center(1e9)` would allocate a gigabyte). */
const SIZE_LIMIT = 1_000;
/** Items `range(...)` may produce. */
const RANGE_LIMIT = 10_000;

export type TemplateKind = 'html' | 'text';

/**
 * The two nunjucks environments of mail templates: `html` autoescapes every printed value (data never
 * becomes markup; `| safe` marks trusted markup), `text` (subject, sender name, plain-text body)
 * prints values as they are. Neither has a loader: a template cannot read a file, and `include`,
 * `import` and `extends` are refused before it is compiled (template-compiler.ts).
 */
export const mailEnvironments: Readonly<Record<TemplateKind, nunjucks.Environment>> = {
  html: createEnvironment(true),
  text: createEnvironment(false),
};

function createEnvironment(autoescape: boolean): nunjucks.Environment {
  const environment = new nunjucks.Environment([], { autoescape, throwOnUndefined: false });
  environment.addFilter('currency', currencyFilter);
  environment.addFilter('date', dateFilter);
  // the second argument of these is a width or a count of items they build
  for (const name of ['center', 'indent', 'batch', 'slice']) {
    const stock = environment.getFilter(name) as (value: unknown, size: unknown, ...rest: unknown[]) => unknown;
    environment.addFilter(name, (value: unknown, size: unknown, ...rest: unknown[]) => stock(value, typeof size === 'number' ? Math.min(size, SIZE_LIMIT) : size, ...rest));
  }
  environment.addGlobal('range', cappedRange);
  return environment;
}

/** nunjucks' `range(stop)` / `range(start, stop, step)`, refusing more than RANGE_LIMIT items. */
function cappedRange(start: number, stop?: number, step?: number): number[] {
  const [from, to, by] = stop === undefined ? [0, start, 1] : [start, stop, step || 1];
  if (![from, to, by].every((n) => typeof n === 'number' && Number.isFinite(n))) throw new Error('range() takes numbers');
  const count = Math.max(0, Math.ceil((to - from) / by));
  if (count > RANGE_LIMIT) throw new Error(`range() may produce at most ${RANGE_LIMIT} items`);
  return Array.from({ length: count }, (_, index) => from + index * by);
}

/** Whether a filter of this name exists in mail templates (own keys only: `constructor` is no filter). */
export function isKnownFilter(name: string): boolean {
  return Object.hasOwn((mailEnvironments.html as unknown as { filters: object }).filters, name);
}

/** Whether an `is` test of this name exists. */
export function isKnownTest(name: string): boolean {
  return Object.hasOwn((mailEnvironments.html as unknown as { tests: object }).tests, name);
}

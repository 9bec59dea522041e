import nunjucks from 'nunjucks';
import { isKnownFilter, isKnownTest, mailEnvironments, type TemplateKind } from './mail-environment.js';
import { useSandboxRuntime } from './sandbox-runtime.js';

/** Why a template does not compile or render: a message and, when known, the line (1-based). */
export class TemplateProblem extends Error {
  constructor(
    readonly reason: string,
    readonly line?: number,
  ) {
    super(line === undefined ? reason : `line ${line}: ${reason}`);
    this.name = 'TemplateProblem';
  }
}

export interface CompiledMailTemplate {
  /** Renders with `data` (plain JSON values); a template that fails at run time throws a TemplateProblem. */
  render(data: Record<string, unknown>): string;
}

// nunjucks' parser and node classes are public (`nunjucks.parser`, `nunjucks.nodes`) but not typed
interface TemplateNode {
  lineno?: number;
  findAll(type: unknown, results?: TemplateNode[]): TemplateNode[];
  name?: { value?: string };
  value?: unknown;
  right?: TemplateNode;
  val?: TemplateNode;
}
interface TemplateError extends Error {
  lineno?: number;
}
const parser = (nunjucks as unknown as { parser: { parse(source: string, extensions: unknown[], options: object): TemplateNode } }).parser;
const nodes = (nunjucks as unknown as { nodes: Record<'Filter' | 'Is' | 'Include' | 'Import' | 'FromImport' | 'Extends' | 'LookupVal', unknown> }).nodes;

/** Names that lead to prototypes; the sandbox runtime never resolves them, and saying so at save is kinder. */
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(['constructor', 'prototype', '__proto__', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);

/** Compiled templates by kind and source; templates change rarely, renders happen per mail. */
const CACHE_SIZE = 500;
const cache = new Map<string, CompiledMailTemplate>();

/**
 * Compiles a mail template, refusing what it may not do: syntax errors, filters and tests that do not
 * exist (nunjucks itself notices them only when rendering), and `include`/`import`/`extends` (mail
 * templates have no files to read). Throws a TemplateProblem naming the line.
 */
export function compileMailTemplate(source: string, kind: TemplateKind): CompiledMailTemplate {
  const key = `${kind}\u0000${source}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const environment = mailEnvironments[kind];
  checkTemplate(source, environment);
  let template: nunjucks.Template;
  try {
    template = new nunjucks.Template(source, environment, undefined, true);
  } catch (error) {
    throw problemOf(error, source);
  }
  useSandboxRuntime(template);
  const compiled: CompiledMailTemplate = {
    render(data) {
      try {
        return template.render(data);
      } catch (error) {
        throw problemOf(error, source);
      }
    },
  };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, compiled);
  return compiled;
}

/** What is wrong with a template, or undefined when it compiles (for write validation). */
export function templateProblem(source: string, kind: TemplateKind): TemplateProblem | undefined {
  try {
    compileMailTemplate(source, kind);
    return undefined;
  } catch (error) {
    if (error instanceof TemplateProblem) return error;
    throw error;
  }
}

function checkTemplate(source: string, environment: nunjucks.Environment): void {
  let tree: TemplateNode;
  try {
    tree = parser.parse(source, [], (environment as unknown as { opts: object }).opts);
  } catch (error) {
    throw problemOf(error, source);
  }
  const line = (node: TemplateNode) => (node.lineno ?? 0) + 1;
  for (const type of [nodes.Include, nodes.Import, nodes.FromImport, nodes.Extends]) {
    const [found] = tree.findAll(type);
    if (found) throw new TemplateProblem('mail templates cannot include, import or extend other templates', line(found));
  }
  for (const filter of tree.findAll(nodes.Filter)) {
    const name = filter.name?.value ?? '';
    if (!isKnownFilter(name)) throw new TemplateProblem(`unknown filter "${name}"`, line(filter));
  }
  for (const lookup of tree.findAll(nodes.LookupVal)) {
    const key = lookup.val?.value;
    if (typeof key === 'string' && PROTOTYPE_NAMES.has(key)) throw new TemplateProblem(`"${key}" cannot be read in mail templates`, line(lookup));
  }
  for (const test of tree.findAll(nodes.Is)) {
    const right = test.right;
    const name = String(right?.name?.value ?? right?.value ?? '');
    if (!isKnownTest(name)) throw new TemplateProblem(`unknown test "${name}"`, line(test));
  }
}

/**
 * A nunjucks error as a TemplateProblem. Parse errors carry their line; render errors come prettified
 * ("(unknown path) [Line 2, Column 5]\n  Error: ..."), so the line is read from the text. An error at the
 * end of the input (an unclosed tag) has no line: it is the last one.
 */
function problemOf(error: unknown, source: string): TemplateProblem {
  if (error instanceof TemplateProblem) return error;
  const raw = error instanceof Error ? error.message : String(error);
  const located = /\[Line (\d+), Column \d+\]/.exec(raw);
  const lineno = (error as TemplateError).lineno;
  const line = located ? Number(located[1]) : typeof lineno === 'number' ? lineno : source.split('\n').length;
  const reason = raw
    .replace(/\(unknown path\)(\s*\[Line \d+, Column \d+\])?/g, '')
    .replace(/Template render error:/g, '')
    .replace(/^\s*(Error|TypeError|RangeError):\s*/gm, '')
    .split('\n')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(': ');
  return new TemplateProblem(reason || 'the template cannot be rendered', line);
}

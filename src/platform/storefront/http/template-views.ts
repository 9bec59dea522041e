import path from 'node:path';
import nunjucks from 'nunjucks';

/** Text that templates print as-is (already rendered HTML); everything else is escaped. */
export type SafeHtml = nunjucks.runtime.SafeString;

/** A synchronous template filter: the value left of `|`, then the filter's arguments. Its result is escaped like any data. */
export type TemplateFilter = (value: never, ...args: never[]) => unknown;

export function safeHtml(html: string): SafeHtml {
  return new nunjucks.runtime.SafeString(html);
}

/**
 * The storefront's nunjucks templates (Twig-like syntax). Autoescaping is on: data never becomes markup
 * unless it is a SafeHtml. The core folder is searched first, then the folders extensions add, so an
 * extension cannot shadow a core template by accident; extensions keep their templates under a folder
 * named after themselves (e.g. `pay-b/bank-form.njk`). Compiled templates are cached for the process.
 */
export class TemplateViews {
  readonly #folders: string[];
  readonly #globals: Record<string, unknown>;
  readonly #filters = new Map<string, TemplateFilter>();
  #environment: nunjucks.Environment;

  constructor(coreFolder: string, globals: Record<string, unknown> = {}) {
    this.#folders = [path.resolve(coreFolder)];
    this.#globals = globals;
    this.#environment = this.#createEnvironment();
  }

  /** Adds a folder searched after the ones already known. Folders are added at start-up, before the first render. */
  addFolder(folder: string): void {
    const resolved = path.resolve(folder);
    if (this.#folders.includes(resolved)) return;
    this.#folders.push(resolved);
    // the loader's search path is fixed at construction; a new environment also starts with an empty cache
    this.#environment = this.#createEnvironment();
  }

  /** Adds a filter (`{{ value | name(arg) }}`); like folders, filters are added at start-up. */
  addFilter(name: string, filter: TemplateFilter): void {
    if (this.#filters.has(name)) throw new Error(`A template filter "${name}" is already registered`);
    this.#filters.set(name, filter);
    this.#environment.addFilter(name, filter);
  }

  render(template: string, context: Record<string, unknown>): Promise<string> {
    return new Promise((resolve, reject) => {
      this.#environment.render(template, context, (error, html) => (error ? reject(error) : resolve(html ?? '')));
    });
  }

  #createEnvironment(): nunjucks.Environment {
    const loader = new nunjucks.FileSystemLoader(this.#folders, { noCache: false, watch: false });
    const environment = new nunjucks.Environment(loader, { autoescape: true, throwOnUndefined: false });
    for (const [name, value] of Object.entries(this.#globals)) environment.addGlobal(name, value);
    for (const [name, filter] of this.#filters) environment.addFilter(name, filter);
    return environment;
  }
}

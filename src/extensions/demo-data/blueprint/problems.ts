/** Where in the blueprint something is: property names and list indexes from the top. */
export type BlueprintPath = Array<string | number>;

export interface BlueprintProblem {
  /** Readable location, e.g. `channels[fresh].tree[bakery].products.price.min`. */
  path: string;
  message: string;
  /** 1-based position in the file, when the location exists there. */
  line?: number;
  column?: number;
}

/** A blueprint that cannot be used; `problems` lists everything found, in file order. */
export class BlueprintError extends Error {
  constructor(
    readonly source: string,
    readonly problems: BlueprintProblem[],
  ) {
    super(formatProblems(source, problems));
    this.name = 'BlueprintError';
  }
}

const SHOWN = 25;

export function formatProblems(source: string, problems: BlueprintProblem[]): string {
  const lines = problems.slice(0, SHOWN).map((p) => {
    const where = p.line !== undefined ? `${source}:${p.line}:${p.column ?? 1}` : source;
    return `  ${where} ${p.path === '' ? '(top level)' : p.path}: ${p.message}`;
  });
  if (problems.length > SHOWN) lines.push(`  … and ${problems.length - SHOWN} more`);
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  return `The blueprint ${source} has ${count}:\n${lines.join('\n')}`;
}

/**
 * Renders a path against the data it points into: list entries that have a `key` are shown by it
 * (`tree[bakery]`), others by index (`states[2]`).
 */
export function describePath(root: unknown, path: BlueprintPath): string {
  let out = '';
  let node: unknown = root;
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === 'number') {
      const entry: unknown = node[segment];
      const key = entry !== null && typeof entry === 'object' ? (entry as { key?: unknown }).key : undefined;
      out += typeof key === 'string' && key !== '' ? `[${key}]` : `[${segment}]`;
      node = entry;
    } else {
      out += out === '' ? String(segment) : `.${String(segment)}`;
      node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[String(segment)] : undefined;
    }
  }
  return out;
}

/** `/channels/0/tree` (a JSON pointer, as TypeBox reports paths) -> ['channels', 0, 'tree']. */
export function pointerToPath(pointer: string, root: unknown): BlueprintPath {
  if (pointer === '') return [];
  const path: BlueprintPath = [];
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const asIndex = Array.isArray(node) && /^\d+$/.test(segment) ? Number(segment) : undefined;
    path.push(asIndex ?? segment);
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined;
  }
  return path;
}

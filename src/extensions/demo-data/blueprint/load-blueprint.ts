import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type * as Yaml from 'yaml';
import type { Document, LineCounter } from 'yaml';
import { lazyModule } from '../../../platform/sdk/index.js';
import { BlueprintError, describePath, type BlueprintPath, type BlueprintProblem } from './problems.js';
import type { Blueprint } from './schema.js';
import { schemaProblems, type LocatedMessage } from './schema-problems.js';
import { semanticProblems } from './semantic-checks.js';

// loaded with the first seed run, not at start
const yaml = lazyModule<typeof Yaml>('yaml');

/** The blueprint shipped with the extension. */
export const DEFAULT_BLUEPRINT_FILE = fileURLToPath(new URL('./default.yaml', import.meta.url));

/** Reads and checks a blueprint file; throws BlueprintError listing every problem with its line. */
export async function loadBlueprint(file: string = DEFAULT_BLUEPRINT_FILE): Promise<Blueprint> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message;
    throw new BlueprintError(file, [{ path: '', message: `cannot be read: ${reason}` }]);
  }
  return parseBlueprint(text, file);
}

/** Parses and checks blueprint text (YAML 1.2; JSON is YAML too). `source` names it in messages. */
export function parseBlueprint(text: string, source = 'blueprint'): Blueprint {
  const lineCounter = new (yaml().LineCounter)();
  const doc = yaml().parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new BlueprintError(
      source,
      doc.errors.map((e) => {
        const { line, col } = lineCounter.linePos(e.pos[0]);
        return { path: '', message: e.message.split('\n')[0]!, line, column: col };
      }),
    );
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 10_000 });
  } catch (error) {
    throw new BlueprintError(source, [{ path: '', message: (error as Error).message }]);
  }
  // references are checked only on a valid shape: on a broken one they would repeat the same finding
  const shape = schemaProblems(value);
  const located = shape.length > 0 ? shape : semanticProblems(value as Blueprint);
  if (located.length > 0) {
    throw new BlueprintError(source, sortByPosition(located.map((p) => locate(doc, lineCounter, value, p))));
  }
  return value as Blueprint;
}

function locate(doc: Document, lines: LineCounter, value: unknown, problem: LocatedMessage): BlueprintProblem {
  const path = describePath(value, problem.path);
  // a missing field has no node of its own: point at the nearest enclosing one
  for (let depth = problem.path.length; depth >= 0; depth--) {
    const node = doc.getIn(problem.path.slice(0, depth) as BlueprintPath, true);
    if (yaml().isNode(node) && node.range) {
      const { line, col } = lines.linePos(node.range[0]);
      return { path, message: problem.message, line, column: col };
    }
  }
  return { path, message: problem.message };
}

function sortByPosition(problems: BlueprintProblem[]): BlueprintProblem[] {
  return [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

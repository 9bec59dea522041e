import jsonc from 'jsonc-parser';
import type * as Yaml from 'yaml';
import { isObjectLiteral, lazyModule, MAX_INPUT_DEPTH } from '../../../platform/sdk/sandboxed.js';

// loaded with the first YAML mapping, not at start
const yaml = lazyModule<typeof Yaml>('yaml');

export const MAPPING_TEXT_FORMATS = ['json', 'yaml'] as const;
export type MappingTextFormat = (typeof MAPPING_TEXT_FORMATS)[number];

/** What an import may cost: text size (refused before parsing) and YAML aliases (counted before composing). */
export interface MappingTextLimits {
  maxTextBytes: number;
  maxYamlAliases: number;
}

/** A real mapping is a few kilobytes; the sandbox's SANDBOX_MAX_TEXT_BYTES and SANDBOX_MAX_YAML_ALIASES replace these there. */
export const DEFAULT_MAPPING_TEXT_LIMITS: MappingTextLimits = { maxTextBytes: 1024 * 1024, maxYamlAliases: 100 };

/** A definition travels one level down in a request body (`{"definition": ...}`), whose depth is limited. */
const MAX_DEFINITION_DEPTH = MAX_INPUT_DEPTH - 1;

export type MappingImportResult = { valid: true; definition: Record<string, unknown> } | { valid: false; error: string };

export function isMappingTextFormat(value: unknown): value is MappingTextFormat {
  return typeof value === 'string' && (MAPPING_TEXT_FORMATS as readonly string[]).includes(value);
}

/** The definition as text a developer can keep in version control; JSON indented by two spaces. */
export function exportMappingText(definition: unknown, format: MappingTextFormat): { content: string; format: MappingTextFormat } {
  const content = format === 'json' ? `${JSON.stringify(definition, null, 2)}\n` : yaml().stringify(definition, { lineWidth: 0 });
  return { content, format };
}

/**
 * Parses mapping text; does not validate the definition (the caller validates and saves it). Errors say
 * where (line and column, 1-based) and what, without stack traces or echoes of the text. The result nests
 * no deeper than a request body may hold it (MAX_INPUT_DEPTH), so it can be sent back to validate and save.
 */
export function importMappingText(content: string, format: MappingTextFormat, limits: MappingTextLimits = DEFAULT_MAPPING_TEXT_LIMITS): MappingImportResult {
  // length first: no byte count of a string that is far too long anyway
  if (content.length > limits.maxTextBytes || Buffer.byteLength(content, 'utf8') > limits.maxTextBytes) {
    return { valid: false, error: `content is larger than ${limits.maxTextBytes} bytes` };
  }
  const parsed = format === 'json' ? parseJson(content) : parseYaml(content, limits.maxYamlAliases);
  if ('error' in parsed) return { valid: false, error: parsed.error };
  if (!isObjectLiteral(parsed.value)) return { valid: false, error: 'content must be an object (a mapping definition with "fields")' };
  if (nestsDeeperThan(parsed.value, MAX_DEFINITION_DEPTH)) return { valid: false, error: `content nests deeper than ${MAX_DEFINITION_DEPTH} levels` };
  return { valid: true, definition: parsed.value };
}

function parseJson(content: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(content) };
  } catch (error) {
    // JSON.parse's messages differ between Node versions and may quote the text without a position;
    // a second, tolerant parser only to locate the first problem
    const problems: jsonc.ParseError[] = [];
    jsonc.parse(content, problems, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = problems[0];
    if (!first) return { error: `JSON syntax error: ${(error as Error).message.split(',')[0]}` };
    const { line, column } = lineAndColumn(content, first.offset);
    return { error: `JSON syntax error at line ${line}, column ${column}: ${describeJsonProblem(first.error)}` };
  }
}

/**
 * The core schema only: no custom tags, no timestamps. Aliases are counted on the tokens before the
 * document is composed, and the library caps what they expand to. Duplicate keys are found with one set
 * per map: the library's own check compares every key with every other one, which took seconds for a
 * map of some ten thousand keys.
 */
function parseYaml(content: string, maxAliases: number): { value: unknown } | { error: string } {
  const { Lexer, LineCounter, parseDocument } = yaml();
  let aliases = 0;
  for (const token of new Lexer().lex(content)) {
    if (token[0] === '*' && ++aliases > maxAliases) return { error: `YAML error: more than ${maxAliases} aliases` };
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(content, { schema: 'core', prettyErrors: true, uniqueKeys: false, lineCounter });
  const first = document.errors[0];
  if (first) {
    if (first.message.includes('Maximum call stack size exceeded')) return { error: 'YAML error: content nests too deeply' };
    const where = first.linePos ? ` at line ${first.linePos[0].line}, column ${first.linePos[0].col}` : '';
    // prettyErrors adds the position and a snippet of the text to the message: keep only what went wrong
    const message = first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    return { error: `YAML syntax error${where}: ${message}` };
  }
  const duplicate = firstDuplicateKey(document);
  if (duplicate !== undefined) {
    const { line, col } = lineCounter.linePos(duplicate);
    return { error: `YAML syntax error at line ${line}, column ${col}: Map keys must be unique` };
  }
  try {
    return { value: document.toJS({ maxAliasCount: maxAliases }) };
  } catch (error) {
    return { error: `YAML error: ${(error as Error).message.split('\n')[0]}` };
  }
}

/** The offset of the first key that repeats one of its map (keys compared as the text they become). */
function firstDuplicateKey(document: Yaml.Document): number | undefined {
  const { isScalar, visit } = yaml();
  let found: number | undefined;
  visit(document, {
    Map(_, map) {
      const keys = new Set<string>();
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : JSON.stringify(pair.key);
        if (keys.has(key)) {
          found = (pair.key as { range?: [number, number, number] } | null)?.range?.[0] ?? 0;
          return visit.BREAK;
        }
        keys.add(key);
      }
      return undefined;
    },
  });
  return found;
}

/** With its own stack: a value parsed from hostile text may nest far deeper than recursion goes. */
function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (typeof current.value !== 'object' || current.value === null) continue;
    if (current.depth >= maxDepth) return true;
    for (const child of Object.values(current.value)) stack.push({ value: child, depth: current.depth + 1 });
  }
  return false;
}

/** "CloseBraceExpected" -> "close brace expected" */
function describeJsonProblem(code: jsonc.ParseErrorCode): string {
  return jsonc
    .printParseErrorCode(code)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset && index < text.length; index++) {
    if (text[index] === '\n') {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

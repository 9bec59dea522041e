import jsonc from 'jsonc-parser';
import type * as Yaml from 'yaml';
import { isObjectLiteral, lazyModule } from '../../../platform/sdk/index.js';

// loaded with the first YAML mapping, not at start
const yaml = lazyModule<typeof Yaml>('yaml');

export const MAPPING_TEXT_FORMATS = ['json', 'yaml'] as const;
export type MappingTextFormat = (typeof MAPPING_TEXT_FORMATS)[number];

/** Text larger than this is refused before parsing; a real mapping is a few kilobytes. */
export const MAX_MAPPING_TEXT_LENGTH = 1024 * 1024;

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
 * where (line and column, 1-based) and what, without stack traces or echoes of the text.
 */
export function importMappingText(content: string, format: MappingTextFormat): MappingImportResult {
  if (content.length > MAX_MAPPING_TEXT_LENGTH) return { valid: false, error: `content is longer than ${MAX_MAPPING_TEXT_LENGTH} characters` };
  const parsed = format === 'json' ? parseJson(content) : parseYaml(content);
  if ('error' in parsed) return { valid: false, error: parsed.error };
  if (!isObjectLiteral(parsed.value)) return { valid: false, error: 'content must be an object (a mapping definition with "fields")' };
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

function parseYaml(content: string): { value: unknown } | { error: string } {
  // the core schema only: no custom tags, no timestamps; aliases are capped by the library
  const document = yaml().parseDocument(content, { schema: 'core', prettyErrors: true, uniqueKeys: true });
  const first = document.errors[0];
  if (first) {
    const where = first.linePos ? ` at line ${first.linePos[0].line}, column ${first.linePos[0].col}` : '';
    // prettyErrors adds the position and a snippet of the text to the message: keep only what went wrong
    const message = first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    return { error: `YAML syntax error${where}: ${message}` };
  }
  try {
    return { value: document.toJS({ maxAliasCount: 100 }) };
  } catch (error) {
    return { error: `YAML error: ${(error as Error).message.split('\n')[0]}` };
  }
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

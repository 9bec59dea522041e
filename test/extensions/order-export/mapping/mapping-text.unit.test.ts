import { describe, expect, it } from 'vitest';
import { exportMappingText, importMappingText } from '../../../../src/extensions/order-export/mapping/mapping-text.js';
import { sampleMapping } from '../fixtures/order-document.js';

describe('mapping text', () => {
  it.each(['json', 'yaml'] as const)('exports and imports %s without loss', (format) => {
    const { content, format: written } = exportMappingText(sampleMapping, format);
    expect(written).toBe(format);
    expect(importMappingText(content, format)).toEqual({ valid: true, definition: sampleMapping });
  });

  it('writes readable text', () => {
    const definition = { fields: { name: { expr: 'orderCustomer.firstName & " " & orderCustomer.lastName', required: true } } };
    expect(exportMappingText(definition, 'json').content).toBe(`${JSON.stringify(definition, null, 2)}\n`);
    expect(exportMappingText(definition, 'yaml').content).toBe(
      'fields:\n  name:\n    expr: orderCustomer.firstName & " " & orderCustomer.lastName\n    required: true\n',
    );
  });

  it('says where JSON text is broken, without echoing it', () => {
    expect(importMappingText('{\n  "fields": {\n    "a": { "expr": "x", }\n  }\n}', 'json')).toEqual({
      valid: false,
      error: 'JSON syntax error at line 3, column 25: property name expected',
    });
    expect(importMappingText('', 'json')).toEqual({ valid: false, error: 'JSON syntax error at line 1, column 1: value expected' });
    const { error } = importMappingText('{"fields": {"secretish": tru}}', 'json') as { error: string };
    expect(error).toBe('JSON syntax error at line 1, column 26: invalid symbol');
  });

  it('says where YAML text is broken', () => {
    expect(importMappingText('fields:\n  a: {expr: x\n  b: 1', 'yaml')).toEqual({
      valid: false,
      error: 'YAML syntax error at line 3, column 3: Flow map in block collection must be sufficiently indented and end with a }',
    });
    expect(importMappingText('fields:\n  a: 1\n  a: 2\n', 'yaml')).toEqual({ valid: false, error: 'YAML syntax error at line 3, column 3: Map keys must be unique' });
  });

  it('needs an object at the top', () => {
    for (const [content, format] of [['[1]', 'json'], ['"x"', 'json'], ['- a', 'yaml'], ['plain', 'yaml'], ['', 'yaml']] as const) {
      expect(importMappingText(content, format)).toEqual({ valid: false, error: 'content must be an object (a mapping definition with "fields")' });
    }
  });

  it('parses only: an invalid definition in valid text is still imported', () => {
    expect(importMappingText('{"fields": {"a": {"expr": 1}}}', 'json')).toEqual({ valid: true, definition: { fields: { a: { expr: 1 } } } });
  });

  it('keeps YAML to plain data: no custom tags, no alias bombs, no oversized text', () => {
    // an unknown tag is not resolved into anything executable: the value stays text
    expect(importMappingText('fields: !!js/function "function() {}"', 'yaml')).toEqual({ valid: true, definition: { fields: 'function() {}' } });
    const aliases = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let level = 0; level < 8; level++) aliases.push(`${String.fromCharCode(98 + level)}: &${String.fromCharCode(98 + level)} [${Array(10).fill(`*${String.fromCharCode(97 + level)}`).join(', ')}]`);
    const bomb = importMappingText(aliases.join('\n'), 'yaml');
    expect(bomb).toEqual({ valid: false, error: 'YAML error: Excessive alias count indicates a resource exhaustion attack' });
    expect(importMappingText(' '.repeat(1024 * 1024 + 1), 'json')).toEqual({ valid: false, error: 'content is larger than 1048576 bytes' });
    // counted in bytes: 600,000 three-byte characters are 1.8 MB
    expect(importMappingText(`{"fields": "${'€'.repeat(600_000)}"}`, 'json')).toEqual({ valid: false, error: 'content is larger than 1048576 bytes' });
    expect(importMappingText('{"fields": {}}', 'json', { maxTextBytes: 10, maxYamlAliases: 100 })).toEqual({ valid: false, error: 'content is larger than 10 bytes' });
  });

  it('counts YAML aliases before composing: 50,000 aliases to one anchor (639 KB) are refused at once', () => {
    const aliases = `a: &x v\nb:\n${Array.from({ length: 50_000 }, (_, i) => `  k${i}: *x`).join('\n')}\n`;
    expect(aliases.length).toBeGreaterThan(600_000);
    expect(importMappingText(aliases, 'yaml')).toEqual({ valid: false, error: 'YAML error: more than 100 aliases' });
    expect(importMappingText('a: &x v\nb: [*x, *x, *x]\n', 'yaml', { maxTextBytes: 1000, maxYamlAliases: 2 })).toEqual({ valid: false, error: 'YAML error: more than 2 aliases' });
    // an asterisk inside text is no alias
    expect(importMappingText('fields: {a: {expr: "a * b"}, b: {expr: \'*x\'}}\n', 'yaml', { maxTextBytes: 1000, maxYamlAliases: 0 })).toEqual({
      valid: true,
      definition: { fields: { a: { expr: 'a * b' }, b: { expr: '*x' } } },
    });
  });

  it('finds a duplicate key in a map of 30,000 keys without comparing every key with every other', () => {
    const keys = Array.from({ length: 30_000 }, (_, i) => `  k${i}: ${i}`);
    expect(importMappingText(`fields:\n${keys.join('\n')}\n`, 'yaml')).toMatchObject({ valid: true });
    keys.push('  k17: again');
    expect(importMappingText(`fields:\n${keys.join('\n')}\n`, 'yaml')).toEqual({ valid: false, error: 'YAML syntax error at line 30002, column 3: Map keys must be unique' });
    // keys compare as the text they become: 1 and "1" would be one member
    expect(importMappingText('fields:\n  1: a\n  "1": b\n', 'yaml')).toEqual({ valid: false, error: 'YAML syntax error at line 3, column 3: Map keys must be unique' });
  });

  it('refuses text nested deeper than a request body may carry the definition: JSON 10,000 deep is an answer, not a crash', () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    expect(importMappingText(deep, 'json')).toEqual({ valid: false, error: 'content nests deeper than 31 levels' });
    expect(importMappingText(`${'['.repeat(10_000)}${']'.repeat(10_000)}`, 'yaml')).toMatchObject({ valid: false });
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    expect(importMappingText(nested(31), 'json')).toMatchObject({ valid: true });
    expect(importMappingText(nested(32), 'json')).toEqual({ valid: false, error: 'content nests deeper than 31 levels' });
  });

  it('keeps a "__proto__" key as data', () => {
    const result = importMappingText('fields:\n  __proto__:\n    value: 1\n', 'yaml');
    expect(result.valid).toBe(true);
    if (!result.valid) throw new Error(result.error);
    const definition = result.definition as { fields: object };
    expect(Object.keys(definition.fields)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).value).toBeUndefined();
  });
});

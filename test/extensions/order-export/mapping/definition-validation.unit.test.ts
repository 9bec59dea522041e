import { describe, expect, it } from 'vitest';
import { validateMappingDefinition } from '../../../../src/extensions/order-export/mapping/definition-validation.js';
import { sampleMapping } from '../fixtures/order-document.js';

const problemsOf = (definition: unknown) => validateMappingDefinition(definition).problems;

describe('mapping definition validation', () => {
  it('accepts the sample mapping', () => {
    expect(validateMappingDefinition(sampleMapping)).toEqual({ valid: true, problems: [] });
  });

  it('refuses a definition that is not an object', () => {
    for (const definition of [null, [], 'fields', 42, undefined]) {
      expect(validateMappingDefinition(definition)).toEqual({ valid: false, problems: ['definition must be an object'] });
    }
  });

  it('needs a non-empty fields object and nothing beside it', () => {
    expect(problemsOf({})).toEqual(['fields is required']);
    expect(problemsOf({ fields: [] })).toEqual(['fields must be an object']);
    expect(problemsOf({ fields: {} })).toEqual(['fields must not be empty']);
    expect(problemsOf({ fields: { a: { value: 1 } }, version: 2 })).toEqual(['version: unknown key (a definition has only "fields")']);
  });

  it('names the path of a non-string expression', () => {
    expect(problemsOf({ fields: { total: { expr: 42 } } })).toEqual(['fields.total.expr must be a string']);
    expect(problemsOf({ fields: { total: { expr: '  ' } } })).toEqual(['fields.total.expr must not be empty']);
  });

  it('reports a syntax error with its position and jsonata code', () => {
    const [problem] = problemsOf({ fields: { lines: { expr: 'lineItems.{"sku": }' } } });
    expect(problem).toMatch(/^fields\.lines\.expr: syntax error at position \d+: .+ \(S0\d{3}\)$/);
  });

  it('needs exactly one of expr, value or fields', () => {
    expect(problemsOf({ fields: { x: { expr: 'a', value: 1 } } })).toEqual(['fields.x: exactly one of expr, value or fields']);
    expect(problemsOf({ fields: { x: { type: 'string' } } })).toEqual(['fields.x: exactly one of expr, value or fields']);
    expect(problemsOf({ fields: { x: 'orderNumber' } })).toEqual(['fields.x must be an object']);
  });

  it('refuses unknown keys, bad types and a non-boolean required', () => {
    expect(problemsOf({ fields: { x: { expr: 'a', format: 'upper' } } })).toEqual(['fields.x.format: unknown key (allowed: expr, type, required, default)']);
    expect(problemsOf({ fields: { x: { expr: 'a', type: 'float' } } })).toEqual([
      'fields.x.type must be one of string, number, integer, boolean, object, array',
    ]);
    expect(problemsOf({ fields: { x: { expr: 'a', required: 'yes' } } })).toEqual(['fields.x.required must be a boolean']);
  });

  it('checks literal values and defaults against the declared type', () => {
    expect(problemsOf({ fields: { x: { value: 1.5, type: 'integer' } } })).toEqual(['fields.x.value must be an integer, got 1.5']);
    expect(problemsOf({ fields: { x: { expr: 'a', type: 'boolean', default: 'maybe' } } })).toEqual([
      'fields.x.default must be a boolean, got text "maybe"',
    ]);
    expect(validateMappingDefinition({ fields: { x: { expr: 'a', type: 'integer', default: '5' }, y: { value: null, type: 'string' } } }).valid).toBe(true);
  });

  it('checks nested fields with their full path', () => {
    expect(problemsOf({ fields: { customer: { fields: { email: { expr: 1 } } } } })).toEqual(['fields.customer.fields.email.expr must be a string']);
    expect(problemsOf({ fields: { customer: { fields: {} } } })).toEqual(['fields.customer.fields must not be empty']);
    expect(problemsOf({ fields: { customer: { fields: { a: { value: 1 } }, type: 'array' } } })).toEqual([
      'fields.customer.type must be "object" for a nested field',
    ]);
    expect(problemsOf({ fields: { customer: { fields: { a: { value: 1 } }, required: true } } })).toEqual([
      'fields.customer.required: not allowed on a nested field (it always renders an object)',
    ]);
  });

  it('refuses field names that are not identifier-like', () => {
    const names = ['bad name', 'a.b', '1st', 'x'.repeat(65), 'constructor', ''];
    const problems = problemsOf({ fields: Object.fromEntries(names.map((name) => [name, { value: 1 }])) });
    expect(problems).toHaveLength(names.length);
    expect(problems[0]).toMatch(/^fields\["bad name"\]: a field name starts with a letter/);
    expect(problems[1]).toMatch(/^fields\["a\.b"\]: /);
    // JSON.parse makes "__proto__" an ordinary member, which must not slip through
    expect(problemsOf(JSON.parse('{"fields":{"__proto__":{"value":1}}}'))[0]).toMatch(/^fields\.__proto__: a field name/);
    expect(validateMappingDefinition({ fields: { order_number: { value: 1 }, 'x-ref': { value: 2 }, _id: { value: 3 } } }).valid).toBe(true);
  });

  it.each([
    ['$now()', 'now'],
    ['$millis()', 'millis'],
    ['$random()', 'random'],
    ['$eval("orderNumber")', 'eval'],
    ['($f := $now; $f())', 'now'],
    ['lineItems.{"at": $string($millis())}', 'millis'],
    ['$map(lineItems, function($l) { $eval($l.label) })', 'eval'],
  ])('refuses %s, which breaks deduplication or hides code', (expr, name) => {
    const problems = problemsOf({ fields: { x: { expr } } });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^fields\\.x\\.expr: at position \\d+ \\$${name} is not allowed: it `));
  });

  it('allows variables whose names only start like a forbidden function', () => {
    expect(validateMappingDefinition({ fields: { x: { expr: '($nowhere := 1; $randomness := 2; $nowhere + $randomness)' } } }).valid).toBe(true);
  });

  it('reports every problem, not only the first', () => {
    const problems = problemsOf({ fields: { a: { expr: 1 }, b: { value: 1, type: 'x' }, c: { fields: { d: {} } } }, extra: true });
    expect(problems).toEqual([
      'extra: unknown key (a definition has only "fields")',
      'fields.a.expr must be a string',
      'fields.b.type must be one of string, number, integer, boolean, object, array',
      'fields.c.fields.d: exactly one of expr, value or fields',
    ]);
  });

  it('limits expression length, field count and nesting', () => {
    expect(problemsOf({ fields: { x: { expr: `"${'a'.repeat(10_000)}"` } } })).toEqual(['fields.x.expr is longer than 10000 characters']);
    const many = Object.fromEntries(Array.from({ length: 501 }, (_, index) => [`f${index}`, { value: index }]));
    expect(problemsOf({ fields: many })).toEqual(['fields.f500: a definition has at most 500 fields']);
    let nested: Record<string, unknown> = { leaf: { value: 1 } };
    for (let level = 0; level < 8; level++) nested = { n: { fields: nested } };
    expect(problemsOf({ fields: nested })).toEqual([`fields${'.n.fields'.repeat(8)}: fields are nested deeper than 8 levels`]);
  });
});

import { describe, expect, it } from 'vitest';
import { stringifyDeep } from '../../../../src/platform/http/schemas/deep-json.js';
import { responseSerializerFactory } from '../../../../src/platform/http/schemas/response-serializer.js';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('response serializer', () => {
  // what fastify does for a route whose answer schema is documentation only
  const serialize = responseSerializerFactory()({}, {})({ schema: {}, method: 'POST', url: '/x', httpStatus: '200' } as never) as (value: unknown) => string;

  it('writes an answer nested 10,000 levels deep (JSON.stringify alone overflows the stack: a 500)', () => {
    const text = serialize({ valid: true, definition: nested(10_000) });
    expect(text).toBe(`{"valid":true,"definition":${'[{"a":'.repeat(5_000)}1${'}]'.repeat(5_000)}}`);
  });

  it('writes what JSON.stringify writes', () => {
    const date = new Date('2026-03-14T09:26:53.000Z');
    const values: unknown[] = [
      { a: 1, b: 'two', c: [true, null, undefined, () => 1, Symbol('s')], d: undefined, e: () => 1, f: NaN, g: -0, h: Infinity },
      [undefined, { toJSON: (key: string) => `key ${key}` }, date, { date }],
      { '"quoted"\n': '\u2028 \u0000 é 😀', nested: { empty: {}, list: [] }, boxed: [Object(1), Object('s'), Object(false)] },
      'text',
      12.5,
      null,
      [],
    ];
    for (const value of values) expect(stringifyDeep(value)).toBe(JSON.stringify(value));
    expect(stringifyDeep(undefined)).toBeUndefined();
    expect(stringifyDeep(() => 1)).toBeUndefined();
  });

  it('refuses what JSON.stringify refuses: a cycle, a BigInt', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = { back: cycle };
    expect(() => stringifyDeep(cycle)).toThrow(TypeError);
    expect(() => stringifyDeep({ n: 1n })).toThrow(TypeError);
    // the same object twice side by side is no cycle
    const shared = { x: 1 };
    expect(stringifyDeep([shared, shared])).toBe('[{"x":1},{"x":1}]');
  });
});

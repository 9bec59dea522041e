import { describe, expect, it } from 'vitest';
import { coerceToType, NotJsonError, toJsonValue } from '../../../../src/extensions/order-export/mapping/field-types.js';

describe('field types', () => {
  it.each([
    ['string', 'abc', 'abc'],
    ['string', 12.5, '12.5'],
    ['string', false, 'false'],
    ['number', 12.5, 12.5],
    ['number', ' 12.50 ', 12.5],
    ['number', '-1e3', -1000],
    ['integer', 7, 7],
    ['integer', '42', 42],
    ['integer', 1e3, 1000],
    ['boolean', true, true],
    ['boolean', 'false', false],
    ['object', { a: 1 }, { a: 1 }],
    ['array', [1], [1]],
    ['array', { sku: 'A' }, [{ sku: 'A' }]],
    ['integer', null, null],
    ['string', null, null],
  ] as const)('coerces %s from %j', (type, value, expected) => {
    expect(coerceToType(value, type)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['string', { a: 1 }, 'must be a string, got an object'],
    ['string', [1, 2], 'must be a string, got an array of 2'],
    ['number', '12,5', 'must be a finite number, got text "12,5"'],
    ['number', '0x10', 'must be a finite number, got text "0x10"'],
    ['number', 'Infinity', 'must be a finite number, got text "Infinity"'],
    ['integer', 12.5, 'must be an integer, got 12.5'],
    ['integer', 2 ** 53, 'must be an integer, got 9007199254740992'],
    ['boolean', 1, 'must be a boolean, got 1'],
    ['boolean', 'yes', 'must be a boolean, got text "yes"'],
    ['object', [1], 'must be an object, got an array of 1'],
    ['object', 'x'.repeat(60), `must be an object, got text "${'x'.repeat(40)}…"`],
  ] as const)('refuses %s from %j', (type, value, message) => {
    expect(coerceToType(value, type)).toEqual({ ok: false, message });
  });

  it('copies values to plain JSON', () => {
    const sequence = Object.assign([1, 2], { sequence: true });
    const input = { a: sequence, b: undefined, c: { d: [undefined, 'x'] } };
    const json = toJsonValue(input) as Record<string, unknown>;
    expect(json).toEqual({ a: [1, 2], c: { d: [null, 'x'] } });
    expect(Object.keys(json)).toEqual(['a', 'c']);
    expect(json.a).not.toBe(sequence);
    expect(Object.keys(json.a as object)).toEqual(['0', '1']);
  });

  it('keeps a "__proto__" member as data', () => {
    const json = toJsonValue(JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(json)).toBe(Object.prototype);
    expect(Object.keys(json)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses what cannot be sent as JSON', () => {
    expect(() => toJsonValue(() => 1)).toThrow(NotJsonError);
    expect(() => toJsonValue({ a: Number.NaN })).toThrow('NaN is not a JSON number');
    expect(() => toJsonValue(new Map())).toThrow(NotJsonError);
    expect(toJsonValue({ at: new Date('2026-01-02T03:04:05Z') })).toEqual({ at: '2026-01-02T03:04:05.000Z' });
  });
});

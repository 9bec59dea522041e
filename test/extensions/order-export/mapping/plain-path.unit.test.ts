import jsonata from 'jsonata';
import { describe, expect, it } from 'vitest';
import { compilePlainPath } from '../../../../src/extensions/order-export/mapping/plain-path.js';

const plainOf = (expression: string) => compilePlainPath(jsonata(expression).ast());

/** A small seeded generator (mulberry32), so a failing case can be reproduced. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function document(next: () => number, depth: number): unknown {
  const roll = next();
  if (depth === 0 || roll < 0.25) return [1, 'text', null, true, 0, ''][Math.floor(next() * 6)];
  if (roll < 0.45) return Array.from({ length: Math.floor(next() * 4) }, () => document(next, depth - 1));
  const object: Record<string, unknown> = {};
  for (const key of ['a', 'b', 'c', 'constructor']) if (next() < (key === 'constructor' ? 0.1 : 0.7)) object[key] = document(next, depth - 1);
  return object;
}

const EXPRESSIONS = ['a', 'a.b', 'a.b.c', 'a[0]', 'a[1]', 'a[0].b', 'a.b[0]', 'a[2].b[1].c', 'b.a.b', 'constructor', 'a.constructor', 'toString', 'a.hasOwnProperty'];

describe('plain paths without jsonata', () => {
  it('compiles names and constant indexes only; everything else stays with jsonata', () => {
    for (const expression of ['orderNumber', 'currency.isoCode', 'transactions[0].stateMachineState.technicalName', '`order number`.x', 'a[3]']) {
      expect(plainOf(expression), expression).toBeTypeOf('function');
    }
    for (const expression of ['a[-1]', 'a[0.5]', 'a[b]', 'a[type = "x"]', 'a.b[]', '$.a', '$$.a', 'a.(b)', 'a.b{"x": c}', 'a#$i.b', 'a@$x.b', '"x"', 'a & b', '$sum(a)', 'a.*', '**.a', 'a^(b)', 'a[0][1]', 'a.%.b']) {
      expect(plainOf(expression), expression).toBeUndefined();
    }
  });

  it('answers like jsonata wherever it answers, over 3000 random documents; steps into arrays fall back', async () => {
    const next = random(20260314);
    let answered = 0;
    let fellBack = 0;
    const documents = [
      { a: { b: { c: 1 } } },
      { a: [{ b: 1 }, { b: 2 }] },
      { a: [{ b: [1, 2] }] },
      { a: [[1], [2]] },
      { a: null },
      { a: [] },
      { a: 'text' },
      { a: { constructor: 5 } },
      ...Array.from({ length: 3000 }, () => document(next, 4)),
    ];
    for (const expression of EXPRESSIONS) {
      const reference = jsonata(expression);
      const plain = plainOf(expression)!;
      for (const input of documents) {
        const result = plain(input);
        if (result === 'fallBack') {
          fellBack++;
          continue;
        }
        answered++;
        expect(result.value, `${expression} on ${JSON.stringify(input)}`).toEqual(await reference.evaluate(input));
      }
    }
    // the walk is only worth having if it answers most real cases itself
    expect(answered).toBeGreaterThan(fellBack * 2);
  });

  it('returns the order document\'s own values, arrays as they are', () => {
    const order = { orderNumber: '10042', lineItems: [{ label: 'A' }], transactions: [{ stateMachineState: { technicalName: 'paid' } }], currency: null };
    expect(plainOf('orderNumber')!(order)).toEqual({ value: '10042' });
    expect(plainOf('lineItems')!(order)).toEqual({ value: order.lineItems });
    expect(plainOf('transactions[0].stateMachineState.technicalName')!(order)).toEqual({ value: 'paid' });
    expect(plainOf('transactions[1].stateMachineState')!(order)).toEqual({ value: undefined });
    expect(plainOf('currency.isoCode')!(order)).toEqual({ value: undefined });
    expect(plainOf('lineItems.label')!(order)).toBe('fallBack');
  });
});

import jsonata from 'jsonata';
import { describe, expect, it } from 'vitest';
import { compileExpression } from '../../../../src/extensions/order-export/mapping/compiled-expression.js';

const compiledOf = (expression: string) => compileExpression(jsonata(expression).ast());

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

/** Random JSON over a few keys, with the values predicates compare against. */
function document(next: () => number, depth: number): unknown {
  const roll = next();
  if (depth === 0 || roll < 0.25) return [1, 2, 'text', 'x', null, true, 0, ''][Math.floor(next() * 8)];
  if (roll < 0.45) return Array.from({ length: Math.floor(next() * 4) }, () => document(next, depth - 1));
  const object: Record<string, unknown> = {};
  for (const key of ['a', 'b', 'c', 'constructor']) if (next() < (key === 'constructor' ? 0.1 : 0.7)) object[key] = document(next, depth - 1);
  return object;
}

/** Order-shaped documents: lists of lines and addresses with the fields real mappings filter on. */
function orderDocument(next: () => number): unknown {
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
  const line = () => {
    const row: Record<string, unknown> = { type: pick(['product', 'product', 'promotion', 'custom', undefined]), quantity: pick([1, 2, 3, 0.5, '2', undefined]), label: pick(['Mug', 'Cup', '', null]) };
    if (next() < 0.7) row.payload = next() < 0.9 ? { productNumber: pick(['SW-1', 'SW-2', null]) } : [{ productNumber: 'SW-x' }];
    if (next() < 0.05) return pick([null, 'text', [row], 7]);
    return row;
  };
  const order: Record<string, unknown> = {
    orderNumber: pick(['1001', '1002', 1003, undefined]),
    orderCustomer: next() < 0.9 ? { firstName: pick(['Ada', '', null, 7, undefined]), lastName: pick(['Lovelace', undefined]) } : pick([null, []]),
    billingAddressId: pick(['a1', 'a2', 'zz', undefined]),
  };
  if (next() < 0.9) order.lineItems = next() < 0.9 ? Array.from({ length: Math.floor(next() * 5) }, line) : line();
  if (next() < 0.9) order.addresses = Array.from({ length: Math.floor(next() * 3) }, (_, i) => ({ id: pick([`a${i + 1}`, 'a1']), street: pick(['Main 1', undefined]), city: 'Berlin' }));
  return order;
}

const PLAIN = ['a', 'a.b', 'a.b.c', 'a[0]', 'a[1]', 'a[0].b', 'a.b[0]', 'a[2].b[1].c', 'b.a.b', 'constructor', 'a.constructor', 'toString', 'a.hasOwnProperty'];
const RICH = [
  'a[b = "x"]',
  'a[b = 1].c',
  'a[b != "x"][0]',
  'a.{"k": b, "l": c}',
  'a[b = 2].{"k": b.c, "m": "lit"}',
  'a & "-" & b',
  '$sum(a.b)',
  '$count(a.b)',
  '($v := a; b[c = $v])',
  '($v := "x"; b[a = $v].{"c": c})',
  'a.b.{"x": $sum(c)}',
];
const ORDER_EXPRESSIONS = [
  'orderCustomer.firstName & " " & orderCustomer.lastName',
  '($id := billingAddressId; addresses[id = $id].{"street": street, "city": city})',
  'lineItems[type = "product"].{"sku": payload.productNumber, "name": label, "qty": quantity}',
  '$sum(lineItems.quantity)',
  '$count(lineItems[type = "product"])',
  'lineItems[type = "product"][0].label',
  'lineItems.payload.productNumber',
];

async function differential(expressions: string[], documents: unknown[]): Promise<{ answered: number; fellBack: number }> {
  let answered = 0;
  let fellBack = 0;
  for (const expression of expressions) {
    const reference = jsonata(expression);
    const compiled = compiledOf(expression)!;
    expect(compiled, expression).toBeTypeOf('function');
    for (const input of documents) {
      const result = compiled(input);
      if (result === 'fallBack') {
        fellBack++;
        continue;
      }
      answered++;
      const where = `${expression} on ${JSON.stringify(input)}`;
      let expected: unknown;
      try {
        expected = await reference.evaluate(input);
      } catch (error) {
        throw new Error(`${where}: compiled answered ${JSON.stringify(result.value)}, jsonata threw ${(error as { code?: string }).code}`);
      }
      // the same value and the same member order (the payload's bytes follow it); jsonata's arrays carry
      // a `sequence` flag that JSON leaves out, as the renderer does
      expect(JSON.stringify(result.value), where).toBe(JSON.stringify(expected));
      expect(result.value === undefined, where).toBe(expected === undefined);
    }
  }
  return { answered, fellBack };
}

describe('expressions compiled without jsonata', () => {
  it('compiles paths, filters, object steps, &, =, !=, $sum, $count and blocks; everything else stays with jsonata', () => {
    for (const expression of [...PLAIN, ...RICH, ...ORDER_EXPRESSIONS, 'orderNumber', '`order number`.x', '"x"', 'true', '42']) {
      expect(compiledOf(expression), expression).toBeTypeOf('function');
    }
    for (const expression of [
      'a[-1]', 'a[0.5]', 'a[b]', 'a[b > 1]', 'a.b[]', '$.a', '$$.a', 'a.(b)', 'a.b{"x": c}', 'a#$i.b', 'a@$x.b', 'a.*', '**.a', 'a^(b)', 'a.%.b',
      '$string(a)', '$sum(a, b)', '($sum := 1; $sum(a))', '$undefinedVariable', 'a.{"k": b, "k": c}', 'a.{b: c}', 'a + 1', 'a ? b : c', '{"x": a}', '[a, b]', 'a.{"_jsonata_lambda": b}',
    ]) {
      expect(compiledOf(expression), expression).toBeUndefined();
    }
  });

  it('answers like jsonata wherever it answers, over 3,000 random documents', async () => {
    const next = random(20260314);
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
    const { answered, fellBack } = await differential([...PLAIN, ...RICH], documents);
    // compiling is only worth it if it answers most cases itself
    expect(answered).toBeGreaterThan(fellBack * 2);
  });

  it('answers like jsonata for the expressions real mappings use, over 2,000 order-shaped documents, and mostly without it', async () => {
    const next = random(42);
    const documents = Array.from({ length: 2000 }, () => orderDocument(next));
    const { answered, fellBack } = await differential(ORDER_EXPRESSIONS, documents);
    expect(answered).toBeGreaterThan(fellBack * 4);
  });

  it("returns the order document's own values, arrays as they are, objects in the constructor's member order", () => {
    const order = {
      orderNumber: '10042',
      lineItems: [
        { label: 'A', type: 'product', quantity: 2, payload: { productNumber: 'SW-1' } },
        { label: 'B', type: 'promotion', quantity: 1 },
      ],
      transactions: [{ stateMachineState: { technicalName: 'paid' } }],
      currency: null,
    };
    expect(compiledOf('orderNumber')!(order)).toEqual({ value: '10042' });
    expect(compiledOf('lineItems')!(order)).toEqual({ value: order.lineItems });
    expect(compiledOf('transactions[0].stateMachineState.technicalName')!(order)).toEqual({ value: 'paid' });
    expect(compiledOf('transactions[1].stateMachineState')!(order)).toEqual({ value: undefined });
    expect(compiledOf('currency.isoCode')!(order)).toEqual({ value: undefined });
    expect(compiledOf('lineItems.label')!(order)).toEqual({ value: ['A', 'B'] });
    // one match is the object itself, as jsonata unwraps a sequence of one
    expect(compiledOf('lineItems[type = "product"].{"sku": payload.productNumber, "qty": quantity, "none": missing}')!(order)).toEqual({ value: { sku: 'SW-1', qty: 2 } });
    expect(compiledOf('$sum(lineItems.quantity)')!(order)).toEqual({ value: 3 });
    // a number in & is formatted by jsonata's own $string: left to jsonata
    expect(compiledOf('"Qty " & lineItems[0].quantity')!(order)).toBe('fallBack');
    expect(compiledOf('orderNumber')!([order])).toBe('fallBack');
  });
});

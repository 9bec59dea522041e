import { describe, expect, it } from 'vitest';
import { diffPayloads } from '../../../../src/extensions/order-export/view/payload-diff.js';

describe('diffPayloads: what changed between two revisions', () => {
  it('names changed, added and removed fields by path, with old and new values', () => {
    const before = { orderNumber: '10001', total: 25, customer: { email: 'a@example.com', city: 'Berlin' }, lines: [{ sku: 'A', qty: 1 }], 'odd key': 1 };
    const after = { orderNumber: '10001', total: 37.5, customer: { email: 'a@example.com' }, lines: [{ sku: 'A', qty: 2 }, { sku: 'B', qty: 1 }], note: 'ring twice', 'odd key': 2 };
    expect(diffPayloads(before, after)).toEqual([
      { path: '$.total', change: 'changed', old: 25, new: 37.5 },
      { path: '$.customer.city', change: 'removed', old: 'Berlin' },
      { path: '$.lines[0].qty', change: 'changed', old: 1, new: 2 },
      { path: '$.lines[1]', change: 'added', new: { sku: 'B', qty: 1 } },
      { path: '$["odd key"]', change: 'changed', old: 1, new: 2 },
      { path: '$.note', change: 'added', new: 'ring twice' },
    ]);
  });

  it('finds nothing between equal payloads, and compares a type change as a change', () => {
    expect(diffPayloads({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toEqual([]);
    expect(diffPayloads({ a: [1] }, { a: { 0: 1 } })).toEqual([{ path: '$.a', change: 'changed', old: [1], new: { 0: 1 } }]);
    expect(diffPayloads({ a: null }, { a: 0 })).toEqual([{ path: '$.a', change: 'changed', old: null, new: 0 }]);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, payloadHash } from '../../../src/extensions/order-export/payload-hash.js';

describe('payload hash', () => {
  it('writes canonical JSON as RFC 8785 does (its own example)', () => {
    const input = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    );
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts members at every level and leaves array order alone', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: null } })).toBe('{"a":{"c":null,"d":[3,1]},"b":1}');
  });

  it('hashes the canonical text with SHA-256, whatever the member order', () => {
    const expected = createHash('sha256').update('{"a":1,"b":[true,null]}').digest('hex');
    expect(payloadHash({ b: [true, null], a: 1 })).toBe(expected);
    expect(payloadHash({ a: 1, b: [true, null] })).toBe(expected);
    expect(payloadHash({ a: 1, b: [null, true] })).not.toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses what is not JSON data', () => {
    expect(() => canonicalJson(undefined)).toThrow('canonical JSON needs JSON data');
    expect(() => canonicalJson({ a: Number.POSITIVE_INFINITY })).toThrow();
  });
});

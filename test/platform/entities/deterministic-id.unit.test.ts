import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deterministicId } from '../../../src/platform/ids.js';

/** UUID v5 the long way (a Hash object over namespace bytes and the name), as RFC 9562 describes it. */
function referenceV5(namespace: string, name: string): string {
  const bytes = createHash('sha1').update(Buffer.from(namespace, 'hex')).update(name, 'utf8').digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return bytes.toString('hex', 0, 16);
}

describe('deterministicId (UUID v5)', () => {
  it("gives the RFC's own example: the DNS namespace and www.example.com", () => {
    expect(deterministicId('6ba7b8109dad11d180b400c04fd430c8', 'www.example.com')).toBe('2ed6657de927568b95e12665a8aea6a2');
  });

  it('matches the long way for short, multi-byte and very long names, however calls interleave', () => {
    const namespace = '5781f87893e9480c81e1f81064258f5d';
    const names = ['a', 'product:flagship/küche/messer#3', '€'.repeat(400), 'x'.repeat(5000), '', 'category:b'];
    for (const name of [...names, ...names.reverse()]) expect(deterministicId(namespace, name)).toBe(referenceV5(namespace, name));
  });

  it('refuses a namespace that is not an id', () => {
    expect(() => deterministicId('not-an-id', 'x')).toThrow(/namespace must be an id/);
  });
});

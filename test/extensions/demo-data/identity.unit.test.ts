import { describe, expect, it } from 'vitest';
import { DEMO_DATA_NAMESPACE, idFor, identityKey, identityOf } from '../../../src/extensions/demo-data/identity.js';

describe('demo-data identity', () => {
  it('is pinned: a released id never changes, or re-runs would create a second catalogue', () => {
    expect(DEMO_DATA_NAMESPACE).toBe('5781f87893e9480c81e1f81064258f5d');
    expect(idFor('category', 'flagship/kitchen/knives')).toBe(PINNED_KNIVES_CATEGORY);
    expect(idFor('product', 'flagship/kitchen/knives#3')).toBe(PINNED_KNIFE_3);
  });

  it('gives UUID v5 ids as 32 lowercase hex characters', () => {
    const id = idFor('product', 'fresh/bakery/bread#1');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(id[12]).toBe('5');
    expect(['8', '9', 'a', 'b']).toContain(id[16]);
  });

  it('keys are `<entity type>:<blueprint path>`', () => {
    expect(identityKey('category', 'flagship/kitchen/knives')).toBe('category:flagship/kitchen/knives');
    expect(identityOf('tag', 'best-seller')).toEqual({ key: 'tag:best-seller', id: idFor('tag', 'best-seller') });
  });

  it('the same name under two channels, or the same path of two types, gives different ids', () => {
    expect(idFor('category', 'flagship/kitchen')).not.toBe(idFor('category', 'outlet/kitchen'));
    expect(idFor('category', 'flagship')).not.toBe(idFor('sales_channel', 'flagship'));
  });

  it('is stable across calls and across Unicode normal forms of the same path', () => {
    expect(idFor('product_manufacturer', 'müller')).toBe(idFor('product_manufacturer', 'müller'));
    expect(idFor('product_manufacturer', 'mu\u0308ller')).toBe(idFor('product_manufacturer', 'm\u00fcller'));
  });

  it('refuses paths that are not blueprint paths', () => {
    for (const bad of ['', '/flagship', 'flagship/', 'flagship//kitchen']) {
      expect(() => idFor('category', bad)).toThrow(/not a blueprint path/);
    }
  });
});

// computed once when the identity scheme was fixed (UUID v5, namespace above)
const PINNED_KNIVES_CATEGORY = '412ba3d8402b5e84a11c69fd351affcf';
const PINNED_KNIFE_3 = '40f6e769726057748648c06500dc0436';

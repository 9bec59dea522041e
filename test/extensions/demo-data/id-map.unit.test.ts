import { describe, expect, it } from 'vitest';
import { IdMap } from '../../../src/extensions/demo-data/plan/id-map.js';

describe('IdMap', () => {
  it('maps adopted plan ids to the existing rows and leaves the others as they are', () => {
    const ids = new IdMap();
    ids.adopt('a'.repeat(32), 'b'.repeat(32));
    ids.adopt('c'.repeat(32), 'c'.repeat(32));
    expect(ids.resolve('a'.repeat(32))).toBe('b'.repeat(32));
    expect(ids.resolve('c'.repeat(32))).toBe('c'.repeat(32));
    expect(ids.resolve(null)).toBeNull();
    expect(ids.resolveAll(['a'.repeat(32), 'd'.repeat(32)])).toEqual(['b'.repeat(32), 'd'.repeat(32)]);
    expect(ids.isAdopted('a'.repeat(32))).toBe(true);
    expect(ids.isAdopted('c'.repeat(32))).toBe(false);
  });

  it('refuses to map one plan id to two rows', () => {
    const ids = new IdMap();
    ids.adopt('a'.repeat(32), 'b'.repeat(32));
    ids.adopt('a'.repeat(32), 'b'.repeat(32));
    expect(() => ids.adopt('a'.repeat(32), 'e'.repeat(32))).toThrow(/already mapped/);
  });
});

import { describe, expect, it } from 'vitest';
import { InvalidMappingError } from '../../../../src/extensions/order-export/mapping/compiled-mapping.js';
import { CompiledMappingCache } from '../../../../src/extensions/order-export/mapping/compiled-mapping-cache.js';
import { compileMapping, definitionHash } from '../../../../src/extensions/order-export/mapping/compile-mapping.js';

describe('compiled mapping cache', () => {
  it('compiles a definition once and keys it by its hash, member order included', () => {
    const cache = new CompiledMappingCache();
    const first = cache.forDefinition({ fields: { a: { expr: 'x' }, b: { value: 1 } } });
    expect(cache.forDefinition({ fields: { a: { expr: 'x' }, b: { value: 1 } } })).toBe(first);
    expect(first.key).toBe(`hash:${definitionHash({ fields: { a: { expr: 'x' }, b: { value: 1 } } })}`);
    // same content, other member order: the payload's members come in the other order, so another entry
    const reordered = cache.forDefinition({ fields: { b: { value: 1 }, a: { expr: 'x' } } });
    expect(reordered).not.toBe(first);
    expect(reordered.fields.map((field) => field.name)).toEqual(['b', 'a']);
    expect(cache.forDefinition({ fields: { a: { expr: 'y' } } })).not.toBe(first);
    expect(cache.size).toBe(3);
  });

  it('keys saved mapping versions by their id', () => {
    const cache = new CompiledMappingCache();
    const compiled = cache.forVersion('v1', { fields: { a: { expr: 'x' } } });
    expect(compiled.key).toBe('version:v1');
    expect(cache.forVersion('v1', { fields: { a: { expr: 'x' } } })).toBe(compiled);
  });

  it('drops the least recently used entry beyond its size', () => {
    const cache = new CompiledMappingCache({ maxEntries: 2 });
    const a = cache.forVersion('a', { fields: { a: { value: 1 } } });
    cache.forVersion('b', { fields: { b: { value: 1 } } });
    expect(cache.forVersion('a', { fields: { a: { value: 1 } } })).toBe(a);
    cache.forVersion('c', { fields: { c: { value: 1 } } });
    expect(cache.size).toBe(2);
    expect(cache.forVersion('a', { fields: { a: { value: 1 } } })).toBe(a);
    // "b" was the least recently used: it is compiled anew
    expect(cache.forVersion('b', { fields: { b: { value: 1 } } }).fields[0]!.name).toBe('b');
  });

  it('throws the validation problems for an invalid definition and caches nothing', () => {
    const cache = new CompiledMappingCache();
    expect(() => cache.forDefinition({ fields: { a: { expr: 1 } } })).toThrow(InvalidMappingError);
    try {
      compileMapping({ fields: { a: { expr: '$now()' } } });
    } catch (error) {
      expect((error as InvalidMappingError).problems).toEqual(['fields.a.expr: at position 4 $now is not allowed: it is not deterministic and would defeat deduplication']);
    }
    expect(cache.size).toBe(0);
  });
});

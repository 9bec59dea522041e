import { describe, expect, it } from 'vitest';
import { ChangeCache } from '../../../src/platform/database/change-cache.js';
import { TableChanges } from '../../../src/platform/database/table-changes.js';

describe('ChangeCache', () => {
  const counting = () => {
    let loads = 0;
    return { load: async () => ++loads, get loads() { return loads; } };
  };

  it('keeps a value until one of its tables changes; changes of other tables leave it', async () => {
    const changes = new TableChanges();
    changes.listenerOpened();
    const cache = new ChangeCache<string, number>(changes, ['user', 'acl_role']);
    const source = counting();
    expect(await cache.get('a', source.load)).toBe(1);
    expect(await cache.get('a', source.load)).toBe(1);
    changes.changed('system_config');
    expect(await cache.get('a', source.load)).toBe(1);
    changes.changed('acl_role');
    expect(await cache.get('a', source.load)).toBe(2);
  });

  it('keeps nothing while no connection listens, and drops everything when the last one closes', async () => {
    const changes = new TableChanges();
    const cache = new ChangeCache<string, number>(changes, ['user']);
    const source = counting();
    await cache.get('a', source.load);
    await cache.get('a', source.load);
    expect(source.loads).toBe(2);
    changes.listenerOpened();
    changes.listenerOpened();
    await cache.get('a', source.load);
    changes.listenerClosed();
    expect(await cache.get('a', source.load)).toBe(3);
    changes.listenerClosed();
    expect(changes.watching).toBe(false);
    expect(await cache.get('a', source.load)).toBe(4);
  });

  it('returns a read that overlapped a change but does not keep it', async () => {
    const changes = new TableChanges();
    changes.listenerOpened();
    const cache = new ChangeCache<string, string>(changes, ['user']);
    const overlapping = await cache.get('a', async () => {
      changes.changed('user');
      return 'read before the change committed';
    });
    expect(overlapping).toBe('read before the change committed');
    expect(await cache.get('a', async () => 'fresh')).toBe('fresh');
    expect(await cache.get('a', async () => 'not read')).toBe('fresh');
  });

  it('reads again after the maximum age and holds at most maxEntries keys, the least recently used going first', async () => {
    const changes = new TableChanges();
    changes.listenerOpened();
    const aged = new ChangeCache<string, number>(changes, ['user'], { maxAgeMs: 0 });
    const source = counting();
    await aged.get('a', source.load);
    expect(await aged.get('a', source.load)).toBe(2);

    // the least recently used key goes first: 1 was read again after 2 was kept, so 2 makes room for 3
    const small = new ChangeCache<number, number>(changes, ['user'], { maxEntries: 2 });
    for (const key of [1, 2, 1, 3]) await small.get(key, async () => key);
    expect(await small.get(2, async () => -2)).toBe(-2);
    expect(await small.get(3, async () => -3)).toBe(3);
    expect(await small.get(1, async () => -1)).toBe(-1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { newId } from '../../../src/platform/ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';

describe('system config', () => {
  let t: TestPlatform;
  const channel = DEFAULT_SALES_CHANNEL_ID;
  beforeAll(async () => {
    t = await createTestPlatform();
    t.platform.systemConfig.registerSecretKeys(['Test.config.apiSecret']);
  });
  afterAll(() => t.close());

  const read = async (query: string) => {
    const response = await t.api('GET', `/api/_action/system-config${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('writes global values and reads them back by domain', async () => {
    const write = await t.api('POST', '/api/_action/system-config', { body: { 'Test.config.title': 'Shop', 'Test.config.enabled': true, 'Other.config.x': 1 } });
    expect(write.statusCode).toBe(204);
    expect(await read('?domain=Test.config')).toEqual({ 'Test.config.title': 'Shop', 'Test.config.enabled': true });
    expect(await t.platform.systemConfig.getString('Test.config.title')).toBe('Shop');
  });

  it('a sales channel value overrides unless it is empty; booleans always override', async () => {
    await t.api('POST', '/api/_action/system-config', { body: { 'Test.config.limit': 10, 'Test.config.name': 'global', 'Test.config.enabled': true } });
    await t.api('POST', `/api/_action/system-config?salesChannelId=${channel}`, {
      body: { 'Test.config.limit': 0, 'Test.config.name': 'channel', 'Test.config.enabled': false },
    });
    const config = t.platform.systemConfig;
    expect(await config.get('Test.config.limit', channel)).toBe(10); // 0 is "empty": inherits
    expect(await config.get('Test.config.name', channel)).toBe('channel');
    expect(await config.get('Test.config.enabled', channel)).toBe(false); // booleans override
    expect(await config.get('Test.config.name')).toBe('global');

    expect(await read(`?domain=Test.config&salesChannelId=${channel}`)).toEqual({
      'Test.config.limit': 0,
      'Test.config.name': 'channel',
      'Test.config.enabled': false,
    });
    const inherited = await read(`?domain=Test.config&salesChannelId=${channel}&inherit=true`);
    expect(inherited['Test.config.limit']).toBe(10);
    expect(inherited['Test.config.name']).toBe('channel');
    expect(inherited['Test.config.title']).toBe('Shop');
  });

  it('writing null deletes the key', async () => {
    await t.api('POST', '/api/_action/system-config', { body: { 'Test.config.gone': 'x' } });
    await t.api('POST', '/api/_action/system-config', { body: { 'Test.config.gone': null } });
    expect(await read('?domain=Test.config')).not.toHaveProperty(['Test.config.gone']);
    const rows = await t.platform.db.selectFrom('system_config').select('id').where('configuration_key', '=', 'Test.config.gone').execute();
    expect(rows).toHaveLength(0);
  });

  it('batch writes several scopes at once', async () => {
    const other = channel;
    const response = await t.api('POST', '/api/_action/system-config/batch', {
      body: { null: { 'Batch.config.a': 'g' }, [other]: { 'Batch.config.a': 'c' } },
    });
    expect(response.statusCode).toBe(204);
    expect(await t.platform.systemConfig.get('Batch.config.a')).toBe('g');
    expect(await t.platform.systemConfig.get('Batch.config.a', other)).toBe('c');
  });

  it('a batch whose body does not match its schema is a 400 pointing at the scope, and nothing is written', async () => {
    const response = await t.api('POST', '/api/_action/system-config/batch', {
      body: { null: { 'Typed.config.kept': 'no' }, [channel]: ['not', 'an', 'object'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [
        {
          status: '400',
          code: 'FRAMEWORK__INVALID_REQUEST_PARAMETER',
          title: 'Bad Request',
          detail: `body/${channel} must be object`,
          meta: { parameters: {} },
          source: { pointer: `/${channel}` },
        },
      ],
    });
    expect(await t.platform.systemConfig.get('Typed.config.kept')).toBeNull();
  });

  it('a bad batch changes nothing (all or nothing)', async () => {
    const response = await t.api('POST', '/api/_action/system-config/batch', {
      body: { null: { 'Batch.config.b': 'kept?' }, 'not-an-id': { 'Batch.config.b': 'x' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe('FRAMEWORK__INVALID_UUID');
    expect(await t.platform.systemConfig.get('Batch.config.b')).toBeNull();
  });

  it('secrets are encrypted at rest, never returned, and round-trip safely', async () => {
    await t.api('POST', '/api/_action/system-config', { body: { 'Test.config.apiSecret': 'sk_live_123' } });
    const body = await read('?domain=Test.config');
    expect(body['Test.config.apiSecret']).toEqual({ secretSet: true });
    expect(JSON.stringify(body)).not.toContain('sk_live_123');

    const row = await t.platform.db.selectFrom('system_config').select('configuration_value').where('configuration_key', '=', 'Test.config.apiSecret').executeTakeFirstOrThrow();
    expect(JSON.stringify(row.configuration_value)).not.toContain('sk_live_123');
    expect(await t.platform.systemConfig.get('Test.config.apiSecret')).toBe('sk_live_123');

    // posting back what was read keeps the secret
    await t.api('POST', '/api/_action/system-config', { body: body });
    expect(await t.platform.systemConfig.get('Test.config.apiSecret')).toBe('sk_live_123');

    // an empty string clears it
    await t.api('POST', '/api/_action/system-config', { body: { 'Test.config.apiSecret': '' } });
    expect(await t.platform.systemConfig.get('Test.config.apiSecret')).toBeNull();

    const notString = await t.api('POST', '/api/_action/system-config', { body: { 'Test.config.apiSecret': 42 } });
    expect(notString.statusCode).toBe(400);
    expect(notString.json().errors[0].code).toBe('SYSTEM__INVALID_CONFIG_VALUE');
  });

  it('getDomain reads a whole group for code: channel overrides as get(), secrets decrypted, other domains left out', async () => {
    const config = t.platform.systemConfig;
    await config.set(t.platform.db, 'Group.config.mode', 'live');
    await config.set(t.platform.db, 'Group.config.limit', 5);
    await config.set(t.platform.db, 'Group.config.limit', 0, channel);
    await config.set(t.platform.db, 'Group.config.mode', 'sandbox', channel);
    await config.set(t.platform.db, 'Groupie.config.other', 'x');
    t.platform.systemConfig.registerSecretKeys(['Group.config.key']);
    await config.set(t.platform.db, 'Group.config.key', 'sk_group');

    expect(await config.getDomain('Group.config')).toEqual({ 'Group.config.mode': 'live', 'Group.config.limit': 5, 'Group.config.key': 'sk_group' });
    const forChannel = await config.getDomain('Group.config', channel);
    expect(forChannel).toEqual({ 'Group.config.mode': 'sandbox', 'Group.config.limit': 5, 'Group.config.key': 'sk_group' });
    for (const key of Object.keys(forChannel)) expect(forChannel[key]).toEqual(await config.get(key, channel));
  });

  it('getDomainScopes reads every scope in one statement and resolves each channel as getDomainLayers does', async () => {
    const other = newId();
    await t.platform.db.insertInto('sales_channel').values({ ...(await t.platform.db.selectFrom('sales_channel').selectAll().where('id', '=', channel).executeTakeFirstOrThrow()), id: other, access_key: `SWSC${other.slice(0, 20).toUpperCase()}`, name: 'Second' } as never).execute();
    const config = t.platform.systemConfig;
    await config.set(t.platform.db, 'Scoped.config.name', 'global');
    await config.set(t.platform.db, 'Scoped.config.limit', 10);
    config.registerSecretKeys(['Scoped.config.apiSecret']);
    await config.set(t.platform.db, 'Scoped.config.apiSecret', 'global-secret');
    await config.set(t.platform.db, 'Scoped.config.name', 'first', channel);
    await config.set(t.platform.db, 'Scoped.config.limit', 0, channel);
    await config.set(t.platform.db, 'Scoped.config.apiSecret', 'second-secret', other);

    const { result: scopes, count } = await t.platform.database.statements.measure(() => config.getDomainScopes('Scoped.config'));
    expect(count).toBe(1);
    expect(scopes.channelIds.sort()).toEqual([channel, other].sort());
    for (const salesChannelId of [null, channel, other, newId()]) {
      expect(scopes.layersFor(salesChannelId), String(salesChannelId)).toEqual(await config.getDomainLayers('Scoped.config', salesChannelId));
    }
    expect(scopes.layersFor(other).effective['Scoped.config.apiSecret']).toBe('second-secret');
    expect(scopes.layersFor(channel).effective).toMatchObject({ 'Scoped.config.name': 'first', 'Scoped.config.limit': 10 });
  });

  it('reads come from a per-process copy until the table changes, by any path; a transaction reads its own writes', async () => {
    const config = t.platform.systemConfig;
    const statements = t.platform.database.statements;
    await config.set(t.platform.db, 'Kept.config.mode', 'first');
    expect((await statements.measure(() => config.get('Kept.config.mode'))).count).toBeLessThanOrEqual(1);
    const again = await statements.measure(async () => [await config.get('Kept.config.mode'), await config.getDomainLayers('Kept.config', channel), await config.readForApi('Kept.config', null, true)]);
    expect(again.count).toBe(0);
    expect(again.result[0]).toBe('first');

    // through the service, through the Admin API, with plain SQL: the next read sees each
    await config.set(t.platform.db, 'Kept.config.mode', 'second');
    expect(await config.get('Kept.config.mode')).toBe('second');
    expect((await t.api('POST', '/api/_action/system-config', { body: { 'Kept.config.mode': 'third' } })).statusCode).toBe(204);
    expect((await config.getDomain('Kept.config'))['Kept.config.mode']).toBe('third');
    await t.platform.db.updateTable('system_config').set({ configuration_value: JSON.stringify({ _value: 'fourth' }) }).where('configuration_key', '=', 'Kept.config.mode').execute();
    expect(await config.get('Kept.config.mode')).toBe('fourth');

    // a caller changing what it read changes nothing kept
    await config.set(t.platform.db, 'Kept.config.list', ['a']);
    ((await config.get('Kept.config.list')) as string[]).push('b');
    expect(await config.get('Kept.config.list')).toEqual(['a']);

    // inside a transaction: the uncommitted value there, the committed one outside until the commit
    await t.platform.db.transaction().execute(async (trx) => {
      await config.set(trx, 'Kept.config.mode', 'fifth');
      expect(await config.get('Kept.config.mode', null, trx)).toBe('fifth');
      expect((await config.getDomainScopes('Kept.config', trx)).layersFor(null).global['Kept.config.mode']).toBe('fifth');
    });
    expect(await config.get('Kept.config.mode')).toBe('fifth');
  });

  it('bad input: invalid key, non-object body, invalid sales channel id', async () => {
    const badKey = await t.api('POST', '/api/_action/system-config', { body: { 'bad key!': 1 } });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().errors[0].code).toBe('SYSTEM__INVALID_CONFIG_KEY');

    // prototype keys are stored by nothing and never reachable: refused like any malformed key
    for (const key of ['__proto__', 'constructor', 'Core.config.__proto__', 'Core.constructor.x', 'Core.config', 'a.b.prototype']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/_action/system-config',
        headers: { authorization: `Bearer ${await t.adminToken()}`, 'content-type': 'application/json', accept: 'application/json' },
        payload: `{${JSON.stringify(key)}: 1}`,
      });
      expect(refused.statusCode, key).toBe(400);
      expect(refused.json().errors[0].code).toBe('SYSTEM__INVALID_CONFIG_KEY');
    }
    expect(await t.platform.db.selectFrom('system_config').select('id').where('configuration_key', 'in', ['__proto__', 'constructor']).execute()).toEqual([]);

    const array = await t.api('POST', '/api/_action/system-config', { body: [1, 2] });
    expect(array.statusCode).toBe(400);

    const badChannel = await t.api('GET', '/api/_action/system-config?salesChannelId=xyz');
    expect(badChannel.statusCode).toBe(400);
    expect(badChannel.json().errors[0]).toMatchObject({ code: 'FRAMEWORK__INVALID_UUID', source: { pointer: '/salesChannelId' } });

    // a well-formed id of a sales channel that does not exist: 404, nothing written
    const unknown = newId();
    const write = await t.api('POST', `/api/_action/system-config?salesChannelId=${unknown}`, { body: { 'Test.config.orphan': 1 } });
    expect(write.statusCode).toBe(404);
    expect(write.json().errors[0].code).toBe('FRAMEWORK__RESOURCE_NOT_FOUND');
    const batch = await t.api('POST', '/api/_action/system-config/batch', { body: { null: { 'Test.config.orphan': 1 }, [unknown]: { 'Test.config.orphan': 2 } } });
    expect(batch.statusCode).toBe(404);
    expect(await t.platform.systemConfig.get('Test.config.orphan')).toBeNull();
    expect((await t.api('GET', `/api/_action/system-config?salesChannelId=${unknown}`)).statusCode).toBe(404);
  });

  it('reads need system_config:read; writes need update, create and delete', async () => {
    const none = await t.tokenWithPrivileges([]);
    const read = await t.api('GET', '/api/_action/system-config', { token: none });
    expect(read.statusCode).toBe(403);
    expect(JSON.parse(read.json().errors[0].detail).missingPrivileges).toEqual(['system_config:read']);

    const writer = await t.tokenWithPrivileges(['system_config:update', 'system_config:create', 'system_config:delete']);
    expect((await t.api('POST', '/api/_action/system-config/batch', { token: writer, body: { null: { 'Acl.config.x': 1 } } })).statusCode).toBe(204);
  });
});

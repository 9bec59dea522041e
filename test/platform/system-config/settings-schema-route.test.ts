import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineConfig, setting } from '../../../src/platform/system-config/define-config.js';
import type { Extension } from '../../../src/platform/extensions.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

const config = defineConfig('ExtSchemaTest', {
  cards: { api: 'API' },
  fields: {
    secretKey: setting.secret({ card: 'api', label: 'Secret key' }),
    sandbox: setting.boolean({ card: 'api', label: 'Sandbox', default: true }),
  },
});
const extension: Extension = { name: 'ExtSchemaTest', version: '1.0.0', config };

describe('GET /api/_action/system-config/schema', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform({ extensions: [extension] });
  });
  afterAll(() => t.close());

  it('answers the cards of a declared domain; install wrote its defaults and the secret is write-only', async () => {
    const response = await t.api('GET', '/api/_action/system-config/schema?domain=ExtSchemaTest.config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        name: 'api',
        title: { 'en-GB': 'API' },
        elements: [
          { name: 'ExtSchemaTest.config.secretKey', type: 'password', secret: true, scope: 'channel', config: { label: { 'en-GB': 'Secret key' } }, schema: { type: 'string' } },
          { name: 'ExtSchemaTest.config.sandbox', type: 'bool', secret: false, scope: 'channel', config: { label: { 'en-GB': 'Sandbox' }, defaultValue: true }, schema: { type: 'boolean' } },
        ],
      },
    ]);
    expect((await t.api('POST', '/api/_action/system-config', { body: { 'ExtSchemaTest.config.secretKey': 'sk_live_123456' } })).statusCode).toBe(204);
    const values = (await t.api('GET', '/api/_action/system-config?domain=ExtSchemaTest.config')).json();
    expect(values).toEqual({ 'ExtSchemaTest.config.sandbox': true, 'ExtSchemaTest.config.secretKey': { secretSet: true } });
  });

  it('404 for an undeclared domain or one whose extension is inactive; 403 without system_config:read', async () => {
    const unknown = await t.api('GET', '/api/_action/system-config/schema?domain=Nope.config');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0]).toMatchObject({ code: 'SYSTEM__CONFIG_DOMAIN_NOT_FOUND' });

    const token = await t.tokenWithPrivileges(['product:read']);
    const forbidden = await t.api('GET', '/api/_action/system-config/schema?domain=ExtSchemaTest.config', { token });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().errors[0].code).toBe('FRAMEWORK__MISSING_PRIVILEGE_ERROR');

    await t.platform.extensions.deactivate('ExtSchemaTest');
    expect((await t.api('GET', '/api/_action/system-config/schema?domain=ExtSchemaTest.config')).statusCode).toBe(404);
    await t.platform.extensions.activate('ExtSchemaTest');
  });
});

import { describe, expect, it } from 'vitest';
import { useTestPlatformWithExtension } from '../../../helpers/test-platform.js';

describe('authentication cannot be skipped with a percent-encoded path', () => {
  const state = useTestPlatformWithExtension();

  it('/%61pi/… reaches the same routes and needs the same token', async () => {
    const { t } = state;
    const core = await t.app.inject({ method: 'GET', url: '/%61pi/_action/system-config', headers: { accept: 'application/json' } });
    expect(core.statusCode).toBe(401);
    const extension = await t.app.inject({ method: 'POST', url: '/%61pi/_action/ext-test/note', payload: { title: 'pwned' } });
    expect(extension.statusCode).toBe(401);
    const rows = await t.platform.db.selectFrom('ext_test_note').select('id').where('title', '=', 'pwned').execute();
    expect(rows).toHaveLength(0);

    const withToken = await t.app.inject({
      method: 'GET',
      url: '/%61pi/_action/system-config',
      headers: { accept: 'application/json', authorization: `Bearer ${await t.adminToken()}` },
    });
    expect(withToken.statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createIntegration, createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { expectMissingPrivileges } from '../../helpers/expectations.js';
import { hashPassword } from '../../../src/platform/security/password.js';
import { newId } from '../../../src/platform/ids.js';

describe('POST /api/oauth/token', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  const token = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/oauth/token', payload, headers });

  it('password grant returns an access and a refresh token with no-store headers', async () => {
    const response = await token({ grant_type: 'password', client_id: 'administration', username: 'admin', password: 'shopware', scopes: 'write' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.pragma).toBe('no-cache');
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 600 });
    expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(typeof body.refresh_token).toBe('string');
  });

  it('accepts a form-encoded body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: 'grant_type=password&client_id=administration&username=admin&password=shopware',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('wrong password is 400 with code 6 and no token', async () => {
    const response = await token({ grant_type: 'password', client_id: 'administration', username: 'admin', password: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [{ code: '6', status: '400', title: 'The user credentials were incorrect.', detail: 'The user credentials were incorrect.' }],
    });
  });

  it('unknown user is the same 400 as a wrong password', async () => {
    const response = await token({ grant_type: 'password', client_id: 'administration', username: 'ghost', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe('6');
  });

  it('unsupported grant is code 2, missing parameter code 3 naming it, wrong client code 4', async () => {
    const unsupported = await token({ grant_type: 'implicit' });
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().errors[0].code).toBe('2');

    const missing = await token({ grant_type: 'password', client_id: 'administration', username: 'admin' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ code: '3', detail: 'Check the `password` parameter' });

    const noGrant = await token({});
    expect(noGrant.json().errors[0]).toMatchObject({ code: '3', detail: 'Check the `grant_type` parameter' });

    const wrongClient = await token({ grant_type: 'password', client_id: 'storefront', username: 'admin', password: 'shopware' });
    expect(wrongClient.statusCode).toBe(401);
    expect(wrongClient.json().errors[0].code).toBe('4');
  });

  it('malformed JSON body is a 400 in the error shape', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/oauth/token', payload: '{"grant_type":', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ status: '400', code: 'FRAMEWORK__INVALID_JSON' });
  });

  it('refresh token is single-use and rotated', async () => {
    const first = (await token({ grant_type: 'password', client_id: 'administration', username: 'admin', password: 'shopware' })).json();
    const refreshed = await token({ grant_type: 'refresh_token', client_id: 'administration', refresh_token: first.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refresh_token).not.toBe(first.refresh_token);

    const reused = await token({ grant_type: 'refresh_token', client_id: 'administration', refresh_token: first.refresh_token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors[0].code).toBe('8');

    const rows = await t.platform.db.selectFrom('refresh_token').selectAll().execute();
    expect(rows.every((r) => r.token_hash !== first.refresh_token)).toBe(true);
  });

  it('client_credentials grant works for integrations and rejects a wrong secret', async () => {
    const { accessKey, secret } = await createIntegration(t.platform, ['tax:read']);
    const ok = await token({ grant_type: 'client_credentials', client_id: accessKey, client_secret: secret });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().refresh_token).toBeUndefined();

    const wrong = await token({ grant_type: 'client_credentials', client_id: accessKey, client_secret: 'x' + secret });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors[0].code).toBe('4');

    const unknown = await token({ grant_type: 'client_credentials', client_id: 'SWIAUNKNOWN', client_secret: secret });
    expect(unknown.statusCode).toBe(401);
  });

  it('throttles repeated failed logins per username and address with 429', async () => {
    const username = `victim-${newId()}`;
    for (let i = 0; i < 10; i++) {
      const r = await token({ grant_type: 'password', client_id: 'administration', username, password: 'guess' });
      expect(r.statusCode).toBe(400);
    }
    const throttled = await token({ grant_type: 'password', client_id: 'administration', username, password: 'guess' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().errors[0].code).toBe('FRAMEWORK__AUTH_THROTTLED');
  });
});

describe('bearer authentication on /api', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  const unauthorized = { status: '401', code: '9', title: 'The resource owner or authorization server denied the request.' };

  it('401 without a token, with a malformed token, and with a token signed by another key', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/_action/system-config' });
    expect(none.statusCode).toBe(401);
    expect(none.json().errors[0]).toMatchObject({ ...unauthorized, detail: 'Missing "Authorization" header' });

    const garbage = await t.app.inject({ method: 'GET', url: '/api/_action/system-config', headers: { authorization: 'Bearer abc' } });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().errors[0]).toMatchObject(unauthorized);

    const forged = await new SignJWT({ sub: newId(), scopes: ['write', 'admin'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-key-another-key-another-key'));
    const response = await t.app.inject({ method: 'GET', url: '/api/_action/system-config', headers: { authorization: `Bearer ${forged}` } });
    expect(response.statusCode).toBe(401);
  });

  it('an unknown /api route answers 401 without a token and 404 with one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing-here' })).statusCode).toBe(401);
    const response = await t.api('GET', '/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].status).toBe('404');
  });

  it('tokens issued before a password change are rejected; deactivated users are rejected', async () => {
    const id = newId();
    await t.platform.db
      .insertInto('user')
      .values({ id, username: `u-${id}`, password: await hashPassword('first-password'), admin: true, active: true })
      .execute();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'password', client_id: 'administration', username: `u-${id}`, password: 'first-password' },
    });
    const accessToken = login.json().access_token;
    expect((await t.api('GET', '/api/_action/system-config', { token: accessToken })).statusCode).toBe(200);

    await t.platform.db.updateTable('user').set({ password: await hashPassword('second-password') }).where('id', '=', id).execute();
    const revoked = await t.api('GET', '/api/_action/system-config', { token: accessToken });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().errors[0].detail).toBe('Access token is revoked.');

    await t.platform.db.updateTable('user').set({ active: false }).where('id', '=', id).execute();
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'password', client_id: 'administration', username: `u-${id}`, password: 'second-password' },
    });
    expect(relogin.statusCode).toBe(400);
  });

  it('refresh tokens issued before a password change (through the Admin API) or a deactivation are refused', async () => {
    const username = `refresh-${newId()}`;
    const created = await t.api('POST', '/api/user?_response=1', { body: { username, password: 'first-password-1', admin: true } });
    expect(created.statusCode).toBe(200);
    const userId = created.json().data.id as string;
    const login = async (password: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/oauth/token',
          payload: { grant_type: 'password', client_id: 'administration', username, password },
        })
      ).json().refresh_token as string;
    const refresh = (refreshToken: string) =>
      t.app.inject({ method: 'POST', url: '/api/oauth/token', payload: { grant_type: 'refresh_token', client_id: 'administration', refresh_token: refreshToken } });

    const beforeChange = [await login('first-password-1'), await login('first-password-1')];
    expect((await t.api('PATCH', `/api/user/${userId}`, { body: { password: 'second-password-2' } })).statusCode).toBe(204);
    for (const token of beforeChange) {
      const refused = await refresh(token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].detail).toBe('The refresh token is invalid.');
    }
    // a token issued after the change works, and is refused once the user is deactivated
    const afterChange = await login('second-password-2');
    const second = await login('second-password-2');
    expect((await refresh(afterChange)).statusCode).toBe(200);
    expect((await t.api('PATCH', `/api/user/${userId}`, { body: { active: false } })).statusCode).toBe(204);
    expect((await refresh(second)).statusCode).toBe(400);
  });

  it('access tokens of a deleted integration are refused', async () => {
    const { accessKey, secret } = await createIntegration(t.platform, ['system_config:read']);
    const token = (
      await t.app.inject({ method: 'POST', url: '/api/oauth/token', payload: { grant_type: 'client_credentials', client_id: accessKey, client_secret: secret } })
    ).json().access_token as string;
    expect((await t.api('GET', '/api/_action/system-config', { token })).statusCode).toBe(200);
    const integration = await t.platform.db.selectFrom('integration').select('id').where('access_key', '=', accessKey).executeTakeFirstOrThrow();
    expect((await t.api('DELETE', `/api/integration/${integration.id}`)).statusCode).toBe(204);
    expect((await t.api('GET', '/api/_action/system-config', { token })).statusCode).toBe(401);
  });

  it('privileges come from roles at request time, matched exactly', async () => {
    const token = await t.tokenWithPrivileges(['system_config:read']);
    expect((await t.api('GET', '/api/_action/system-config', { token })).statusCode).toBe(200);
    const write = await t.api('POST', '/api/_action/system-config', { token, body: { 'Core.config.x': 1 } });
    expectMissingPrivileges(write, ['system_config:update', 'system_config:create', 'system_config:delete']);
  });

  it('admin integrations bypass privilege checks', async () => {
    const { accessKey, secret } = await createIntegration(t.platform, [], true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: accessKey, client_secret: secret },
    });
    const response = await t.api('POST', '/api/_action/system-config', { token: login.json().access_token, body: { 'Core.config.flag': true } });
    expect(response.statusCode).toBe(204);
  });
});

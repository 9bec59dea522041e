import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/platform/acl/context.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { newId } from '../../../src/platform/ids.js';
import { MediaFileStore } from '../../../src/platform/media/media-file-store.js';
import { uploadMediaFile } from '../../../src/platform/media/media-upload.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { securityHeaderProblems } from '../../helpers/page-checks.js';

/** A 1x1 transparent PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const headersOf = (response: { headers: Record<string, unknown> }) => response.headers as Record<string, string>;

/**
 * The security headers on every kind of answer the platform gives (the browser tests check them on every
 * page a shopper and an administrator open; here: JSON answers, refusals, assets, media, and what an
 * https APP_URL adds).
 */
describe('security headers', () => {
  describe('a shop on plain http', () => {
    let t: TestPlatform;
    beforeAll(async () => {
      t = await createTestPlatform({ env: { appUrl: 'http://localhost:8000' } });
    });
    afterAll(() => t?.close());

    it('on storefront pages, Admin API and Store API answers, refusals, assets and unknown paths', async () => {
      const token = await t.adminToken();
      const answers = {
        'storefront page': await t.app.inject({ method: 'GET', url: '/' }),
        'account page': await t.app.inject({ method: 'GET', url: '/account/login' }),
        'a redirect to the login': await t.app.inject({ method: 'GET', url: '/account' }),
        'Admin API answer': await t.api('GET', '/api/_info/queue.json', { token }),
        'Admin API refusal (401)': await t.app.inject({ method: 'GET', url: '/api/product', headers: { accept: 'application/json' } }),
        'Admin API login refusal (400)': await t.app.inject({ method: 'POST', url: '/api/oauth/token', payload: { grant_type: 'password' } }),
        'Store API refusal': await t.app.inject({ method: 'GET', url: '/store-api/context' }),
        'storefront asset': await t.app.inject({ method: 'GET', url: '/assets/storefront/storefront.css' }),
        'unknown path (404)': await t.app.inject({ method: 'GET', url: '/no/such/page' }),
        Administration: await t.app.inject({ method: 'GET', url: '/admin' }),
      };
      expect(answers['storefront page'].statusCode).toBe(200);
      expect(answers['a redirect to the login'].statusCode).toBe(302);
      expect(answers['Admin API answer'].statusCode).toBe(200);
      expect(answers['Admin API refusal (401)'].statusCode).toBe(401);
      expect(answers['unknown path (404)'].statusCode).toBe(404);
      const problems = Object.entries(answers).flatMap(([name, response]) => securityHeaderProblems(headersOf(response)).map((problem) => `${name}: ${problem}`));
      expect(problems).toEqual([]);

      // the storefront's policy: no form-action (the order form's answer redirects to the gateway), no https upgrade
      const csp = headersOf(answers['storefront page'])['content-security-policy']!;
      expect(csp).not.toContain('form-action');
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(csp).toContain("img-src 'self' data: http://localhost:8000");
      expect(answers['storefront page'].headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(answers['storefront page'].headers['strict-transport-security']).toBeUndefined();
    });

    it('media files may be shown by other sites (a gateway page shows the shop logo)', async () => {
      const mediaId = newId();
      await transaction(t.platform.db, (uow) => t.platform.repositories.get('media').create({ id: mediaId, title: 'Shop logo' }, systemContext, uow));
      const stored = await uploadMediaFile(t.platform.db, new MediaFileStore(t.platform.env.varDir), { mediaId, bytes: TINY_PNG, extension: 'png', fileName: `logo-${mediaId}` });
      const response = await t.app.inject({ method: 'GET', url: `/media/${stored.path}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(securityHeaderProblems(headersOf(response))).toEqual([]);
    });

    it('the session cookie is not Secure over plain http (the browser would drop it)', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/' });
      const cookies = [response.headers['set-cookie']].flat().filter((c): c is string => typeof c === 'string');
      expect(cookies.some((cookie) => cookie.startsWith('sw-context-token='))).toBe(true);
      for (const cookie of cookies) expect(cookie).not.toMatch(/;\s*Secure/i);
    });
  });

  describe('a shop whose APP_URL is https', () => {
    let t: TestPlatform;
    beforeAll(async () => {
      t = await createTestPlatform({ env: { appUrl: 'https://shop.example' } });
    });
    afterAll(() => t?.close());

    it('sends Strict-Transport-Security, upgrades insecure requests and marks cookies Secure', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(securityHeaderProblems(headersOf(response))).toEqual([]);
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      const cookies = [response.headers['set-cookie']].flat().filter((c): c is string => typeof c === 'string');
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);

      const api = await t.api('GET', '/api/_info/queue.json', { token: await t.adminToken() });
      expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
    });
  });
});

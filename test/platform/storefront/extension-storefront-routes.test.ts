import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import type { Extension } from '../../../src/platform/extensions.js';
import { redirectWithFlash } from '../../../src/platform/storefront/http/index.js';
import { defineStorefrontRoute, profileSlot, templateFolder } from '../../../src/platform/sdk/routes.js';
import { Browser } from './browser.js';
import { registerThroughForm, submitForm, textOf } from './pages/shop-fixtures.js';

/**
 * An extension with its own storefront routes under its own path, for logged-in customers only: a form
 * post that stores a nickname in the customer's custom fields, an XHR JSON route, and a form on the
 * profile page (a profile slot).
 */
const extension: Extension = {
  name: 'ExtStorefrontTest',
  version: '1.0.0',
  routes: (host) => [
    templateFolder(new URL('../../fixtures/views/', import.meta.url)),
    defineStorefrontRoute({
      method: 'POST',
      url: '/ext-storefront-test/nickname',
      responds: 'html',
      options: { requireCustomer: true },
      handler: async (request, reply) => {
        const nickname = String((request.body as Record<string, unknown>).nickname ?? '').slice(0, 40);
        await host.db
          .updateTable('customer')
          .set({ custom_fields: JSON.stringify({ ext_nickname: nickname }) })
          .where('id', '=', request.storefront.customer.id)
          .execute();
        return redirectWithFlash(reply, '/account', 'success', 'Nickname saved.');
      },
    }),
    defineStorefrontRoute({
      method: 'POST',
      url: '/ext-storefront-test/whoami',
      responds: 'json',
      options: { requireCustomer: true },
      handler: async (request) => ({ email: request.storefront.customer.email }),
    }),
    profileSlot({
      id: 'ext-nickname',
      // no owner: a declared slot belongs to its extension (gone while it is inactive)
      template: 'ext-storefront-test/nickname-slot.njk',
      data: async (request) => {
        const row = await host.db.selectFrom('customer').select('custom_fields').where('id', '=', request.storefront.customer!.id).executeTakeFirst();
        return { nickname: (row?.custom_fields as { ext_nickname?: string } | null)?.ext_nickname ?? '' };
      },
    }),
  ],
};

describe('storefront routes and profile forms of an extension', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform({ extensions: [extension] });
  });
  afterAll(() => t.close());

  it('a guest is sent to the login (form) or gets 401 (JSON)', async () => {
    const browser = new Browser(t.app);
    const page = await browser.get('/');
    const csrf = Browser.csrfTokenOf(page);
    const form = await browser.request('POST', '/ext-storefront-test/nickname', { form: { _csrf_token: csrf, nickname: 'x' } });
    expect(form.statusCode).toBe(302);
    expect(String(form.headers.location)).toContain('/account/login');
    const json = await browser.request('POST', '/ext-storefront-test/whoami', { json: {}, headers: { accept: 'application/json', 'x-csrf-token': csrf } });
    expect(json.statusCode).toBe(401);
    expect(json.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
  });

  it('a logged-in customer uses the profile form and the XHR route; a post without CSRF token is refused', async () => {
    const browser = new Browser(t.app);
    const customer = await registerThroughForm(browser);
    const profile = await browser.get('/account');
    expect(profile.statusCode).toBe(200);
    expect(textOf(profile.body)).toContain('Current nickname: none');

    const refused = await browser.request('POST', '/ext-storefront-test/nickname', { form: { nickname: 'no token' } });
    expect(refused.statusCode).toBe(403);

    const saved = await submitForm(browser, '/account', '/ext-storefront-test/nickname', { nickname: '<b>Ada</b>' });
    expect(saved.statusCode).toBe(302);
    const after = await browser.get('/account');
    expect(after.body).toContain('Nickname saved.');
    expect(after.body).toContain('&lt;b&gt;Ada&lt;/b&gt;'); // escaped in the slot
    expect(after.body).not.toContain('<b>Ada</b>');

    const csrf = Browser.csrfTokenOf(after);
    const whoami = await browser.request('POST', '/ext-storefront-test/whoami', { json: {}, headers: { accept: 'application/json', 'x-csrf-token': csrf } });
    expect(whoami.statusCode).toBe(200);
    expect(whoami.json()).toEqual({ email: customer.email });
  });

  it('while the extension is inactive its routes answer 404 and its profile form is gone', async () => {
    const browser = new Browser(t.app);
    await registerThroughForm(browser);
    await t.platform.extensions.deactivate('ExtStorefrontTest');
    try {
      const profile = await browser.get('/account');
      expect(profile.statusCode).toBe(200);
      expect(profile.body).not.toContain('ext-nickname');
      const csrf = Browser.csrfTokenOf(profile);
      const form = await browser.request('POST', '/ext-storefront-test/nickname', { form: { _csrf_token: csrf, nickname: 'x' } });
      expect(form.statusCode).toBe(404);
    } finally {
      await t.platform.extensions.activate('ExtStorefrontTest');
    }
  });
});

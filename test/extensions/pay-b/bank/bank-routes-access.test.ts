import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_DEFAULT, LANGUAGE_SYSTEM } from '../../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../../src/platform/ids.js';
import { insertSalesChannel } from '../../../platform/catalog/catalog-fixtures.js';
import { HOME_CATEGORY_ID } from '../../../platform/storefront/pages/shop-fixtures.js';
import { Browser } from '../../../platform/storefront/browser.js';
import { ACCESS_BANK, FORREST_GREEN, csrfOf, listBanks, loggedInCustomer, startBankTest, verifyAccount, type BankTest } from './bank-test-setup.js';

/**
 * Who may reach the bank routes: they exist only while bank data collection is on for the request's
 * sales channel (404 like any unknown path otherwise, before login and CSRF checks), only for logged-in
 * customers, and their posts need the session's CSRF token.
 */
describe('ExtPayB bank routes: existence, login and CSRF', () => {
  let bank: BankTest;
  beforeAll(async () => {
    bank = await startBankTest({ collectBankData: false });
  });
  afterAll(() => bank.close());

  it('answer 404 for customers and guests while collection is off, and the profile page has no bank form', async () => {
    const { browser } = await loggedInCustomer(bank.t);
    const csrf = await csrfOf(browser);
    const unknownRoute = await browser.request('GET', '/pay-b/bank/nothing-here', { headers: { accept: 'application/json' } });
    expect(unknownRoute.statusCode).toBe(404);

    const list = await listBanks(browser);
    expect(list.statusCode).toBe(404);
    expect(list.json()).toEqual({ errors: [{ ...unknownRoute.json().errors[0], detail: 'No route found for "GET /pay-b/bank/list".' }] });
    const verify = await verifyAccount(browser, csrf, { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber });
    expect(verify.statusCode).toBe(404);
    expect(verify.json().errors[0].code).toBe('FRAMEWORK__ROUTE_NOT_FOUND');
    // not even the CSRF check runs: the route does not exist
    expect((await verifyAccount(browser, undefined, {})).statusCode).toBe(404);
    const save = await browser.request('POST', '/pay-b/bank/save', { form: { _csrf_token: csrf, bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber } });
    expect(save.statusCode).toBe(404);
    expect(save.body).toContain('The page you requested could not be found.');

    const profile = await browser.get('/account');
    expect(profile.statusCode).toBe(200);
    expect(profile.body).not.toContain('/pay-b/bank/save');
    expect(profile.body).not.toContain('Bank account');
    expect(bank.sim.requests).toHaveLength(0);

    const guest = new Browser(bank.t.app);
    const guestCsrf = await csrfOf(guest, '/');
    expect((await listBanks(guest)).statusCode).toBe(404);
    expect((await verifyAccount(guest, guestCsrf, {})).statusCode).toBe(404);
    expect((await guest.request('POST', '/pay-b/bank/save', { form: { _csrf_token: guestCsrf } })).statusCode).toBe(404);
  });

  it('follow the setting of the request sales channel: on for the channel while off globally, and off for it while on globally', async () => {
    const { browser } = await loggedInCustomer(bank.t);
    await bank.setConfig('collectBankData', true, DEFAULT_SALES_CHANNEL_ID);
    try {
      expect((await listBanks(browser)).statusCode).toBe(200);
      expect((await browser.get('/account')).body).toContain('action="/pay-b/bank/save"');
      await bank.setConfig('collectBankData', true);
      await bank.setConfig('collectBankData', false, DEFAULT_SALES_CHANNEL_ID);
      expect((await listBanks(browser)).statusCode).toBe(404);
      expect((await browser.get('/account')).body).not.toContain('action="/pay-b/bank/save"');
    } finally {
      await bank.setConfig('collectBankData', false);
      await bank.setConfig('collectBankData', null, DEFAULT_SALES_CHANNEL_ID);
    }
  });

  it('follow the setting of the channel the request is for: a second storefront channel on its own domain', async () => {
    const { id: otherChannelId } = await insertSalesChannel(bank.t.platform.db, HOME_CATEGORY_ID);
    await bank.t.platform.db
      .insertInto('sales_channel_domain')
      .values({ id: newId(), sales_channel_id: otherChannelId, url: 'http://shop-b.example', language_id: LANGUAGE_SYSTEM, currency_id: CURRENCY_DEFAULT })
      .execute();
    const listOn = (host: string) =>
      bank.t.app.inject({ method: 'GET', url: '/pay-b/bank/list', headers: { host, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' } });
    await bank.setConfig('collectBankData', true, otherChannelId);
    try {
      // the route exists on the other channel's domain (only the login is missing), not on the default channel's
      const onOther = await listOn('shop-b.example');
      expect(onOther.statusCode).toBe(401);
      expect(onOther.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
      expect((await listOn('localhost:8000')).statusCode).toBe(404);
    } finally {
      await bank.setConfig('collectBankData', null, otherChannelId);
    }
    expect((await listOn('shop-b.example')).statusCode).toBe(404);
  });

  describe('with collection on', () => {
    beforeAll(() => bank.setConfig('collectBankData', true));
    afterAll(() => bank.setConfig('collectBankData', false));

    it('guests get 401 from the XHR routes and are sent to the login page by the form post', async () => {
      const guest = new Browser(bank.t.app);
      const csrf = await csrfOf(guest, '/');
      const list = await listBanks(guest);
      expect(list.statusCode).toBe(401);
      expect(list.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
      const verify = await verifyAccount(guest, csrf, { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber });
      expect(verify.statusCode).toBe(401);
      const save = await guest.request('POST', '/pay-b/bank/save', {
        form: { _csrf_token: csrf, bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber },
        headers: { referer: 'http://localhost/account' },
      });
      expect(save.statusCode).toBe(302);
      expect(String(save.headers.location)).toBe('/account/login?redirectTo=%2Faccount');
      expect(bank.sim.requests.filter((r) => r.path.startsWith('/v3/accounts'))).toHaveLength(0);
    });

    it('the profile form loads its script from its own file, by a content-hashed URL cached for a day', async () => {
      const { browser } = await loggedInCustomer(bank.t);
      const profile = await browser.get('/account');
      const scriptUrl = /<script src="(\/pay-b\/assets\/bank-account\.js\?v=[0-9a-f]{12})" defer><\/script>/.exec(profile.body)?.[1];
      expect(scriptUrl).toBeDefined();
      const script = await bank.t.app.inject({ method: 'GET', url: scriptUrl! });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(script.headers['cache-control']).toBe('public, max-age=86400');
      expect(script.body).toContain('XMLHttpRequest');
    });

    it('refuses verify and save without the session CSRF token (403) and resolves nothing', async () => {
      const { browser } = await loggedInCustomer(bank.t);
      const other = await loggedInCustomer(bank.t);
      const foreignCsrf = await csrfOf(other.browser);
      const missing = await verifyAccount(browser, undefined, { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber });
      expect(missing.statusCode).toBe(403);
      expect(missing.json().errors[0].code).toBe('FRAMEWORK__INVALID_CSRF_TOKEN');
      expect((await verifyAccount(browser, foreignCsrf, { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber })).statusCode).toBe(403);
      const save = await browser.request('POST', '/pay-b/bank/save', { form: { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber } });
      expect(save.statusCode).toBe(403);
      expect(bank.sim.requests.filter((r) => r.path.startsWith('/v3/accounts'))).toHaveLength(0);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { CURRENCY_DEFAULT, LANGUAGE_SYSTEM, defaultShopCurrencyId, defaultShopId } from '../../../../src/platform/first-start/default-ids.js';
import { newId } from '../../../../src/platform/ids.js';
import { insertSalesChannel } from '../../catalog/catalog-fixtures.js';
import { Browser } from '../browser.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { HOME_CATEGORY_ID, createCategory, createShopProduct, registerThroughForm, submitForm, textOf } from './shop-fixtures.js';

/**
 * Each sales channel is its own shop: its name (setting, else the channel's name), logo, brand colour
 * and footer links; the currency choice in the header switches the visitor's prices, the language choice
 * the names of products and categories.
 */
let t: TestPlatform;
let channelB: string;
let channelBName: string;
let productId: string;
const HOST_B = 'shop-b.example';
const USD = defaultShopCurrencyId('USD');
const logoId = newId();
const pages: Record<'imprint' | 'privacy' | 'tos' | 'about' | 'hidden', string> = { imprint: newId(), privacy: newId(), tos: newId(), about: newId(), hidden: newId() };

const setConfig = (key: string, value: unknown, salesChannelId: string | null) => t.platform.systemConfig.set(t.platform.db, key, value, salesChannelId);

/** A visitor of channel B: every request on its domain. */
const onB = (browser: Browser, method: 'GET' | 'POST', url: string, form?: Record<string, string>) =>
  browser.request(method, url, { headers: { host: HOST_B }, ...(form ? { form } : {}) });

const titleOf = (page: LightMyRequestResponse) => /<title>([^<]*)<\/title>/.exec(page.body)?.[1];
const mainOf = (page: LightMyRequestResponse) => /<main[\s\S]*<\/main>/.exec(page.body)?.[0] ?? '';
const footerOf = (page: LightMyRequestResponse) => /<footer[\s\S]*<\/footer>/.exec(page.body)?.[0] ?? '';

async function addLandingPage(id: string, name: string, active: boolean, salesChannelId: string): Promise<void> {
  await t.platform.db.insertInto('landing_page').values({ id, name, active }).execute();
  await t.platform.db.insertInto('landing_page_sales_channel').values({ landing_page_id: id, sales_channel_id: salesChannelId }).execute();
}

beforeAll(async () => {
  t = await createTestPlatform();
  ({ id: channelB } = await insertSalesChannel(t.platform.db, HOME_CATEGORY_ID));
  channelBName = (await t.platform.db.selectFrom('sales_channel').select('name').where('id', '=', channelB).executeTakeFirstOrThrow()).name as string;
  await t.platform.db
    .insertInto('sales_channel_domain')
    .values({ id: newId(), sales_channel_id: channelB, url: `http://${HOST_B}`, language_id: LANGUAGE_SYSTEM, currency_id: CURRENCY_DEFAULT })
    .execute();
  // channel B sells in EUR only
  await t.platform.db.insertInto('sales_channel_currency').values({ sales_channel_id: channelB, currency_id: CURRENCY_DEFAULT }).execute();
  await t.platform.db.insertInto('media').values({ id: logoId, path: 'brand/logo-b.png', mime_type: 'image/png', file_extension: 'png' }).execute();
  await setConfig('core.basicInformation.logo', logoId, channelB);
  await setConfig('core.basicInformation.primaryColor', '#FFCC00', channelB);
  await addLandingPage(pages.imprint, 'Imprint B', true, channelB);
  await addLandingPage(pages.privacy, 'Privacy B', false, channelB);
  await addLandingPage(pages.about, 'About B', true, channelB);
  await addLandingPage(pages.hidden, 'Draft B', false, channelB);
  // the terms page belongs to the default channel only
  await addLandingPage(pages.tos, 'Terms of the other shop', true, (await t.platform.db.selectFrom('sales_channel').select('id').where('id', '!=', channelB).executeTakeFirstOrThrow()).id as string);
  await setConfig('core.basicInformation.imprintPage', pages.imprint, channelB);
  await setConfig('core.basicInformation.privacyPage', pages.privacy, channelB);
  await setConfig('core.basicInformation.tosPage', pages.tos, channelB);
  productId = await createShopProduct(t.platform, { name: 'Brand mug', gross: 10 });
});

afterAll(async () => {
  await t?.close();
});

describe("a channel's own brand", () => {
  it("shows channel B's name (its channel name: no shop name set) in title and footer, its logo and its colour stylesheet", async () => {
    const page = await onB(new Browser(t.app), 'GET', '/');
    expect(page.statusCode).toBe(200);
    expect(titleOf(page)).toContain(channelBName);
    expect(page.body).toContain(`<a class="brand" href="/"><img class="brand-logo" src="/media/brand/logo-b.png" alt="${channelBName}" width="160" height="40" decoding="async"></a>`);
    expect(footerOf(page)).toContain(`<p class="footer-copy">&copy; ${channelBName}</p>`);
    expect(page.body).not.toContain('Demo Shop');

    const link = /<link rel="stylesheet" href="(\/assets\/storefront\/brand\.css\?v=[0-9a-f]{12})">/.exec(page.body)?.[1];
    expect(link).toBeDefined();
    const css = await t.app.inject({ method: 'GET', url: link!, headers: { host: HOST_B } });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // yellow: black text contrasts more than white
    expect(css.body).toBe(':root{--brand:#ffcc00;--brand-text:#000;--brand-hover:#ffd940}\n');
  });

  it("shows the channel's shop name setting over its channel name, the same in the mails' variables; the default shop stays Demo Shop", async () => {
    await setConfig('core.basicInformation.shopName', 'Bakery Bee', channelB);
    try {
      const page = await onB(new Browser(t.app), 'GET', '/');
      expect(titleOf(page)).toContain('Bakery Bee');
      expect(page.body).toContain('alt="Bakery Bee"');
      expect(footerOf(page)).toContain('<p class="footer-copy">&copy; Bakery Bee</p>');
      const { commonVariables } = await import('../../../../src/platform/mail/mail-settings.js');
      expect((await commonVariables(t.platform, channelB)).shopName).toBe('Bakery Bee');
    } finally {
      await setConfig('core.basicInformation.shopName', null, channelB);
    }
    const home = await new Browser(t.app).get('/');
    expect(titleOf(home)).toContain('Demo Shop');
    // no logo and no colour set: the name as text, no brand stylesheet
    expect(home.body).toContain('<a class="brand" href="/">Demo Shop</a>');
    expect(home.body).not.toContain('brand.css');
  });

  it('ignores a colour that is not #rrggbb', async () => {
    for (const invalid of ['red', '#fc0', '#ffcc00; }', 'url(x)']) {
      await setConfig('core.basicInformation.primaryColor', invalid, channelB);
      const page = await onB(new Browser(t.app), 'GET', '/');
      expect(page.body, invalid).not.toContain('brand.css');
      const css = await t.app.inject({ method: 'GET', url: '/assets/storefront/brand.css', headers: { host: HOST_B } });
      expect(css.body, invalid).toBe(':root{}\n');
    }
    await setConfig('core.basicInformation.primaryColor', '#1a237e', channelB);
    const css = await t.app.inject({ method: 'GET', url: '/assets/storefront/brand.css', headers: { host: HOST_B } });
    expect(css.body).toContain('--brand:#1a237e;--brand-text:#fff;');
    // an old version of the URL is revalidated, not kept for good
    expect(css.headers['cache-control']).toBe('public, no-cache');
  });
});

describe('the footer', () => {
  it("links the channel's set, active service pages first, then its other active landing pages, then the contact page", async () => {
    const footer = footerOf(await onB(new Browser(t.app), 'GET', '/'));
    const links = [...footer.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => [match[1], match[2]]);
    expect(links).toEqual([
      [`/landingPage/${pages.imprint}`, 'Imprint B'],
      [`/landingPage/${pages.about}`, 'About B'],
      ['/contact', 'Contact'],
    ]);
  });
});

describe('the currency switch', () => {
  it('shows prices on the product page and in the cart in the chosen currency', async () => {
    const browser = new Browser(t.app);
    const before = await browser.get(`/detail/${productId}`);
    expect(before.body).toContain('€10.00');
    expect(before.body).toContain('<select id="context-currency" name="currencyId">');

    const switched = await submitForm(browser, `/detail/${productId}`, '/context/currency', { currencyId: USD, redirectTo: `/detail/${productId}` });
    expect(switched.statusCode).toBe(302);
    expect(switched.headers.location).toBe(`/detail/${productId}`);
    const after = await browser.get(`/detail/${productId}`);
    expect(after.body).toContain('Prices are now shown in USD.');
    // 10.00 EUR at the factor 1.08, rounded to cents
    expect(mainOf(after)).toContain('$10.80');
    expect(mainOf(after)).not.toContain('€');
    expect(after.body).toContain(`<option value="${USD}" selected>USD ($)</option>`);
    // the switch sends the visitor back to the page with its query
    expect((await browser.get('/search?search=Brand')).body).toContain('<input type="hidden" name="redirectTo" value="/search?search=Brand">');
    const listing = mainOf(await browser.get('/'));
    expect(listing).toContain('$10.80');
    expect(listing).not.toContain('€');

    await submitForm(browser, `/detail/${productId}`, '/checkout/line-item/add', { productId, quantity: '2' });
    // the cart recalculates in the context's currency (the header's currency list aside)
    const cart = textOf(mainOf(await browser.get('/checkout/cart')));
    expect(cart).toContain('Brand mug');
    expect(cart).toContain('Subtotal $21.60');
    expect(cart).not.toContain('€');
  });

  it('refuses a currency the channel does not sell in and changes nothing; one currency shows no switch', async () => {
    const browser = new Browser(t.app);
    const page = await onB(browser, 'GET', '/');
    expect(page.body).not.toContain('/context/currency');
    const refused = await onB(browser, 'POST', '/context/currency', { _csrf_token: Browser.csrfTokenOf(page), currencyId: USD, redirectTo: '/' });
    expect(refused.statusCode).toBe(302);
    const back = await onB(browser, 'GET', '/');
    expect(back.body).toContain('This currency is not available. Please choose another one.');
    const token = browser.cookies.get('sw-context-token');
    expect(token).toBeDefined();
    const stored = await t.platform.salesChannelContexts.load((await t.platform.salesChannelContexts.salesChannelById(channelB))!, decodeURIComponent(token!));
    expect(stored.currency.isoCode).toBe('EUR');
  });
});

describe('the delivery country choice', () => {
  const AUSTRIA = defaultShopId('country', 'AT');
  const GERMANY = defaultShopId('country', 'DE');

  it('lets a visitor without an address choose the country whose taxes the cart shows', async () => {
    const rule = await t.api('POST', '/api/tax-rule', {
      body: { taxId: defaultShopId('tax', 'standard'), countryId: AUSTRIA, taxRuleTypeId: defaultShopId('tax_rule_type', 'entire_country'), taxRate: 7 },
    });
    expect(rule.statusCode).toBe(204);
    const browser = new Browser(t.app);
    const first = await browser.get(`/detail/${productId}`);
    expect(first.body).toContain('<select id="context-country" name="countryId">');
    expect(first.body).toContain(`<option value="${GERMANY}" selected>Germany</option>`);
    await submitForm(browser, `/detail/${productId}`, '/checkout/line-item/add', { productId, quantity: '1' });
    expect(textOf(mainOf(await browser.get('/checkout/cart')))).toContain('Incl. 19% tax');

    const switched = await submitForm(browser, '/checkout/cart', '/context/country', { countryId: AUSTRIA, redirectTo: '/checkout/cart' });
    expect(switched.statusCode).toBe(302);
    expect(switched.headers.location).toBe('/checkout/cart');
    const cart = await browser.get('/checkout/cart');
    expect(cart.body).toContain('Prices and taxes are now shown for delivery to Austria.');
    expect(cart.body).toContain(`<option value="${AUSTRIA}" selected>Austria</option>`);
    // the gross price stays, its tax is Austria's
    expect(textOf(mainOf(cart))).toContain('Incl. 7% tax');
    expect(textOf(mainOf(cart))).not.toContain('19% tax');
  });

  it('refuses a country the channel does not ship to; a channel with one country and a logged-in customer see no choice', async () => {
    const browser = new Browser(t.app);
    const kuwait = defaultShopId('country', 'KW');
    await t.platform.db.deleteFrom('sales_channel_country').where('country_id', '=', kuwait).execute();
    const refused = await submitForm(browser, '/', '/context/country', { countryId: kuwait, redirectTo: '/' });
    expect(refused.statusCode).toBe(302);
    const back = await browser.get('/');
    expect(back.body).toContain('We do not deliver to this country. Please choose another one.');
    expect(back.body).toContain(`<option value="${GERMANY}" selected>Germany</option>`);

    await t.platform.db.insertInto('sales_channel_country').values({ sales_channel_id: channelB, country_id: GERMANY }).onConflict((c) => c.doNothing()).execute();
    expect((await onB(new Browser(t.app), 'GET', '/')).body).not.toContain('/context/country');

    await registerThroughForm(browser);
    expect((await browser.get('/')).body).not.toContain('/context/country');
  });
});

describe('the language switch', () => {
  const GERMAN = newId();
  const FRENCH = newId();

  it("is shown once the channel has two languages and names products and categories in the chosen one (the default language's text where none is translated)", async () => {
    const browser = new Browser(t.app);
    const categoryId = await createCategory(t.platform, 'Kitchenware');
    // one language: no switch
    expect((await browser.get(`/detail/${productId}`)).body).not.toContain('/context/language');

    await t.platform.db
      .insertInto('language')
      .values([
        { id: GERMAN, name: 'Deutsch', locale_code: 'de-DE' },
        { id: FRENCH, name: 'Français', locale_code: 'fr-FR' },
      ])
      .execute();
    await t.platform.db.insertInto('sales_channel_language').values({ sales_channel_id: DEFAULT_SALES_CHANNEL_ID, language_id: GERMAN }).execute();
    await t.platform.db.insertInto('product_translation').values({ id: newId(), product_id: productId, language_id: GERMAN, name: 'Markenbecher' }).execute();
    await t.platform.db.insertInto('category_translation').values({ id: newId(), category_id: categoryId, language_id: GERMAN, name: 'Küchenwaren' }).execute();

    const before = await browser.get(`/detail/${productId}`);
    expect(before.body).toContain('<select id="context-language" name="languageId">');
    expect(before.body).toContain(`<option value="${LANGUAGE_SYSTEM}" lang="en-GB" selected>English</option>`);
    expect(before.body).toContain(`<option value="${GERMAN}" lang="de-DE">Deutsch</option>`);
    expect(mainOf(before)).toContain('<h1>Brand mug</h1>');

    const switched = await submitForm(browser, `/detail/${productId}`, '/context/language', { languageId: GERMAN, redirectTo: `/detail/${productId}` });
    expect(switched.statusCode).toBe(302);
    expect(switched.headers.location).toBe(`/detail/${productId}`);
    const after = await browser.get(`/detail/${productId}`);
    expect(after.body).toContain('Products and categories are now shown in Deutsch where translated.');
    expect(after.body).toContain(`<option value="${GERMAN}" lang="de-DE" selected>Deutsch</option>`);
    expect(mainOf(after)).toContain('<h1>Markenbecher</h1>');
    expect(titleOf(after)).toContain('Markenbecher');
    // the category bar and the category page follow; an untranslated category keeps its own name
    expect(after.body).toContain('Küchenwaren');
    expect(mainOf(await browser.get(`/navigation/${categoryId}`))).toContain('Küchenwaren');
    expect(textOf(mainOf(await browser.get('/')))).toContain('Markenbecher');
  });

  it("refuses a language that is not the channel's and changes nothing; a channel with one language shows no switch", async () => {
    const browser = new Browser(t.app);
    const refused = await submitForm(browser, '/', '/context/language', { languageId: FRENCH, redirectTo: '/' });
    expect(refused.statusCode).toBe(302);
    const back = await browser.get('/');
    expect(back.body).toContain('This language is not available. Please choose another one.');
    expect(back.body).toContain(`<option value="${LANGUAGE_SYSTEM}" lang="en-GB" selected>English</option>`);
    expect(textOf(mainOf(back))).toContain('Brand mug');

    expect((await onB(new Browser(t.app), 'GET', '/')).body).not.toContain('/context/language');
  });
});

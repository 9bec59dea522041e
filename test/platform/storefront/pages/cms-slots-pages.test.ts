import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../../src/platform/ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-ids.js';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { insertCover } from '../../catalog/catalog-fixtures.js';
import { expectContactMail } from '../../mail/mail-test-helpers.js';
import { startSmtpTestServer, type SmtpTestServer } from '../../mail/smtp-test-server.js';
import { createStoreApiClient } from '../../store-api/store-api-client.js';
import { Browser, countOccurrences } from '../browser.js';
import { createCategory, createShopProduct, locationPath, submitForm, textOf } from './shop-fixtures.js';

const stat = (value: unknown) => ({ source: 'static', value });
const OWNER = 'potter@shop.example.com';

/**
 * A landing page carrying every element the storefront draws from its context or a named product: category
 * navigation, contact and newsletter forms, a buy box, description and reviews, cross-selling, and section
 * and block backgrounds from the layout's generated stylesheet.
 */
describe('layout elements beyond texts, images and product cards', () => {
  let t: TestPlatform;
  let smtp: SmtpTestServer;
  const ids = { layout: newId(), landing: newId(), styled: newId(), junk: newId(), marginBlock: newId(), mug: '', saucer: '', hidden: '', mugs: '', espresso: '', demitasse: '', teapots: '', banner: '' };
  const landingPath = () => `/landingPage/${ids.landing}`;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await createTestPlatform({ env: { mailerDsn: smtp.dsn, mailRetryLimit: 0 } });
    await t.platform.systemConfig.set(t.platform.db, 'core.basicInformation.email', OWNER);
    await t.platform.queue.startWorker(0.5);
    const db = t.platform.db;
    ids.mug = await createShopProduct(t.platform, { name: 'Harbour mug', gross: 12.5, description: 'Thrown by hand, glazed twice.' });
    ids.saucer = await createShopProduct(t.platform, { name: 'Harbour saucer', gross: 6 });
    ids.hidden = await createShopProduct(t.platform, { name: 'Unlisted jug', visibility: null });
    ids.banner = (await insertCover(db, ids.saucer, 'media/cd/waves.png', 'Waves', { width: 800, height: 400 })).mediaId;
    ids.mugs = await createCategory(t.platform, 'Mugs');
    ids.espresso = await createCategory(t.platform, 'Espresso cups', ids.mugs);
    ids.demitasse = await createCategory(t.platform, 'Demitasse', ids.espresso);
    ids.teapots = await createCategory(t.platform, 'Teapots');
    const review = (points: number, status: boolean) => ({
      id: newId(), product_id: ids.mug, sales_channel_id: DEFAULT_SALES_CHANNEL_ID, title: `Review ${points}`, content: 'Holds the heat for a long while.',
      points, status, external_user: 'Ann', external_email: 'ann@example.com',
    });
    await db.insertInto('product_review').values([review(5, true), review(4, true), review(1, false)]).execute();
    const crossSelling = newId();
    await db.insertInto('product_cross_selling').values({ id: crossSelling, product_id: ids.mug, name: 'Pairs well with', position: 1 }).execute();
    await db.insertInto('product_cross_selling_assigned_products').values({ id: newId(), cross_selling_id: crossSelling, product_id: ids.saucer, position: 1 }).execute();

    const block = (type: string, config: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type, ...extra, slots: [{ type, slot: 'content', config }] });
    const created = await t.api('POST', '/api/cms-page', {
      body: {
        id: ids.layout,
        name: 'Potter\'s corner',
        type: 'landingpage',
        sections: [
          {
            id: ids.styled,
            position: 0,
            backgroundColor: '#FEF6E4',
            backgroundMediaId: ids.banner,
            backgroundMediaMode: 'contain',
            blocks: [
              block('category-navigation', {}),
              block('buy-box', { product: stat(ids.mug) }, { id: ids.marginBlock, backgroundColor: '#eef', marginTop: '32px', marginLeft: '5%' }),
              block('product-description-reviews', { product: stat(ids.mug) }),
              block('cross-selling', { product: stat(ids.mug) }),
              block('buy-box', { product: stat(ids.hidden) }),
            ].map((b, position) => ({ position, ...b })),
          },
          {
            id: ids.junk,
            position: 1,
            backgroundColor: 'red;}body{display:none',
            blocks: [
              block('form', { type: stat('contact'), title: stat('Write to the potter') }, { marginTop: 'expression(alert(1))', backgroundColor: 'url(x)' }),
              block('form', { type: stat('newsletter'), title: stat('Kiln news') }),
              block('form', { type: stat('survey') }),
            ].map((b, position) => ({ position, ...b })),
          },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(204);
    const landing = await t.api('POST', '/api/landing-page', { body: { id: ids.landing, name: 'The potter', url: 'potter', cmsPageId: ids.layout, salesChannels: [{ id: DEFAULT_SALES_CHANNEL_ID }] } });
    expect(landing.statusCode, landing.body).toBe(204);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('a category navigation lists the navigation root\'s tree on a landing page, and the category\'s own subtree on its page', async () => {
    const page = await new Browser(t.app).get(landingPath());
    expect(page.statusCode).toBe(200);
    const nav = /<nav class="cms-category-navigation" aria-labelledby="(cms-nav-[0-9a-f]+)">([\s\S]*?)<\/nav>/.exec(page.body);
    expect(nav, 'a navigation named by its heading').not.toBeNull();
    expect(nav![2]).toContain(`id="${nav![1]}"`);
    expect(textOf(nav![2])).toMatch(/^All products Mugs Espresso cups Teapots/);
    // a landing page is no category: nothing is the current page
    expect(nav![2]).not.toContain('aria-current');

    await t.platform.db.updateTable('category').set({ cms_page_id: ids.layout }).where('id', '=', ids.mugs).execute();
    try {
      const category = await new Browser(t.app).get(`/navigation/${ids.mugs}`);
      expect(category.statusCode).toBe(200);
      const own = /<nav class="cms-category-navigation"[\s\S]*?<\/nav>/.exec(category.body)![0];
      expect(own).toMatch(new RegExp(`<a href="/navigation/${ids.mugs}" aria-current="page">Mugs</a>`));
      expect(own).toContain(`href="/navigation/${ids.espresso}"`);
      expect(own).toContain(`href="/navigation/${ids.demitasse}"`);
      expect(own).not.toContain('Teapots');
    } finally {
      await t.platform.db.updateTable('category').set({ cms_page_id: null }).where('id', '=', ids.mugs).execute();
    }
  });

  it('a contact form slot posts to the contact route and returns to the landing page; the shop owner gets the mail', async () => {
    const browser = new Browser(t.app);
    const page = await browser.get(landingPath());
    expect(page.body).toMatch(/<h2 id="cms-contact-[0-9a-f]+">Write to the potter<\/h2>/);
    expect(page.body).toMatch(/<label for="cms-contact-[0-9a-f]+-subject">Subject <span class="required" aria-hidden="true">\*<\/span><\/label>/);
    expect(page.body).toMatch(/<option value="[0-9a-f]{32}">Mrs\.<\/option>/);
    // an unknown form type draws nothing
    expect(countOccurrences(page.body, 'action="/contact"')).toBe(1);
    const posted = await submitForm(browser, landingPath(), '/contact', {
      redirectTo: landingPath(), salutationId: '', firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', subject: 'Forty mugs', comment: 'Could you throw forty for a café?',
    });
    expect(posted.statusCode, posted.body).toBe(302);
    expect(locationPath(posted)).toBe(landingPath());
    expect(textOf((await browser.get(landingPath())).body)).toContain('Thank you! We will get back to you soon.');
    await expectContactMail(t.platform, smtp, OWNER, { subject: 'Contact form: Forty mugs', message: 'Could you throw forty for a café?', replyTo: 'ada@example.com' });

    // another site as redirectTo is refused: the contact page instead
    const offsite = await submitForm(browser, landingPath(), '/contact', { redirectTo: '//evil.example', email: 'b@example.com', subject: 'x', comment: 'y' });
    expect(locationPath(offsite)).toBe('/contact');
  });

  it('a newsletter form slot subscribes the address and keeps the footer\'s form apart', async () => {
    const browser = new Browser(t.app);
    const page = await browser.get(landingPath());
    expect(page.body).toMatch(/<h2 id="cms-newsletter-[0-9a-f]+-heading">Kiln news<\/h2>/);
    expect(page.body).toMatch(/<label for="cms-newsletter-[0-9a-f]+-email">/);
    // the footer's own sign-up keeps its ids: no id appears twice
    expect(page.body).toContain('<label for="newsletter-email">');
    const allIds = [...page.body.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
    expect(allIds.length).toBe(new Set(allIds).size);
    const posted = await submitForm(browser, landingPath(), '/newsletter/subscribe', { email: 'reader@example.com', redirectTo: landingPath() });
    expect(posted.statusCode).toBe(302);
    expect(locationPath(posted)).toBe(landingPath());
    const row = await t.platform.db.selectFrom('newsletter_recipient').select('status').where('email', '=', 'reader@example.com').executeTakeFirst();
    expect(row?.status).toBe('notSet');
  });

  it('a buy box for a named product shows its price and stock and puts it in the cart; a product the channel does not sell draws nothing', async () => {
    const browser = new Browser(t.app);
    const page = await browser.get(landingPath());
    const box = /<section class="cms-buy-box[^"]*" aria-labelledby="cms-buy-[0-9a-f]+">([\s\S]*?)<\/section>/.exec(page.body)![1]!;
    expect(textOf(box)).toContain('Harbour mug');
    expect(textOf(box)).toContain('€12.50');
    expect(textOf(box)).toContain('In stock');
    expect(box).toContain(`<input type="hidden" name="productId" value="${ids.mug}">`);
    expect(box).toMatch(/<label for="cms-buy-[0-9a-f]+-quantity">Quantity<\/label>/);
    expect(page.body).not.toContain('Unlisted jug');
    expect(countOccurrences(page.body, '<section class="cms-buy-box')).toBe(1);

    const added = await submitForm(browser, landingPath(), '/checkout/line-item/add', { productId: ids.mug, quantity: '2' });
    expect(added.statusCode).toBe(302);
    const cart = await browser.get('/checkout/cart');
    expect(textOf(cart.body)).toContain('Harbour mug');
    expect(textOf(cart.body)).toContain('€25.00');
  });

  it('description and reviews show the product\'s description and its approved rating; cross-selling shows its rows', async () => {
    const page = await new Browser(t.app).get(landingPath());
    const description = /<section class="cms-product-description"[\s\S]*?<\/section>/.exec(page.body)![0];
    expect(textOf(description)).toContain('About Harbour mug');
    expect(textOf(description)).toContain('Thrown by hand, glazed twice.');
    // the unapproved one-star review does not count
    expect(textOf(description)).toContain('Rated 4.5 of 5 (2 reviews)');
    expect(description).toContain(`href="/detail/${ids.mug}#reviews"`);
    const crossSelling = /<section class="cross-selling"[\s\S]*?<\/section>/.exec(page.body)![0];
    expect(textOf(crossSelling)).toContain('Pairs well with');
    expect(crossSelling).toContain(`href="/detail/${ids.saucer}"`);
  });

  it('the Store API resolves the named product\'s buy box, reviews (without authors\' e-mails) and cross-selling, and the background image', async () => {
    const client = await createStoreApiClient(t);
    const response = await client.storeApi('POST', `/store-api/cms/${ids.layout}`, { body: {} });
    expect(response.statusCode, response.body).toBe(200);
    const body = JSON.parse(response.body);
    const slots = body.sections.flatMap((section: { blocks: Array<{ slots: Array<{ type: string; data: any }> }> }) => section.blocks.flatMap((b) => b.slots));
    const data = (type: string) => slots.find((slot: { type: string }) => slot.type === type).data;
    expect(data('buy-box')).toMatchObject({ productId: ids.mug, product: { id: ids.mug }, totalReviews: 2, apiAlias: 'cms_buy_box' });
    const reviews = data('product-description-reviews').reviews;
    expect(reviews.total).toBe(2);
    expect(reviews.elements.map((review: { points: number }) => review.points).sort()).toEqual([4, 5]);
    expect(JSON.stringify(reviews)).not.toContain('ann@example.com');
    expect(data('cross-selling').crossSellings[0]).toMatchObject({ crossSelling: { name: 'Pairs well with' }, products: [{ id: ids.saucer }] });
    expect(body.sections[0].backgroundMedia).toMatchObject({ id: ids.banner });
    expect(body.sections[1].backgroundMedia).toBeUndefined();
  });

  it('section and block backgrounds and margins come from the layout\'s stylesheet, cached by version; junk values never reach it', async () => {
    const page = await new Browser(t.app).get(landingPath());
    const href = new RegExp(`<link rel="stylesheet" href="(/assets/storefront/cms/${ids.layout}\\.css\\?v=[0-9a-f]{12})">`).exec(page.body)?.[1];
    expect(href, 'the page links its layout\'s stylesheet').toBeDefined();
    expect(page.body).toContain(`class="cms-section cms-s-${ids.styled} cms-has-background"`);
    expect(page.body).toContain(`cms-b-${ids.marginBlock} cms-has-background"`);
    // the junk section has no rule, so no class either
    expect(page.body).not.toContain(`cms-s-${ids.junk}`);
    expect(page.body).not.toMatch(/ style="/);

    const css = await t.app.inject({ method: 'GET', url: href! });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.body).toContain(`.cms-s-${ids.styled}{background-color:#fef6e4;background-image:url("/media/media/cd/waves.png");background-size:contain;background-position:center;background-repeat:no-repeat}`);
    expect(css.body).toContain(`.cms-b-${ids.marginBlock}{background-color:#eef;margin-top:32px;margin-left:5%}`);
    expect(css.body).not.toMatch(/display:none|expression|url\(x\)|red/);
    expect(css.body.trim().split('\n')).toHaveLength(2);

    const unversioned = await t.app.inject({ method: 'GET', url: `/assets/storefront/cms/${ids.layout}.css` });
    expect(unversioned.headers['cache-control']).toBe('public, no-cache');
    expect(unversioned.body).toBe(css.body);
    expect((await t.app.inject({ method: 'GET', url: `/assets/storefront/cms/${newId()}.css` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/assets/storefront/cms/..%2Fbrand.css' })).statusCode).toBe(404);

    // a changed colour is a new URL
    await t.platform.db.updateTable('cms_section').set({ background_color: '#e4f6fe' }).where('id', '=', ids.styled).execute();
    const changed = await new Browser(t.app).get(landingPath());
    expect(changed.body).toMatch(new RegExp(`/assets/storefront/cms/${ids.layout}\\.css\\?v=[0-9a-f]{12}`));
    expect(changed.body).not.toContain(href!);
  });
});

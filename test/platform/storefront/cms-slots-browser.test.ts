import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../src/platform/ids.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { chromiumRunnable, releaseSharedChromium, sharedChromium } from '../../helpers/chromium.js';
import { accessibilityProblems, expectNoSidewaysScroll } from '../../helpers/page-checks.js';
import { freePort } from '../../e2e/free-port.js';
import { createCategory, createShopProduct } from './pages/shop-fixtures.js';

const runnable = chromiumRunnable('cms-slots-browser.test.ts');
const ARTIFACTS = path.resolve('test-artifacts/storefront');
const stat = (value: unknown) => ({ source: 'static', value });

/**
 * A landing page carrying a category navigation, a contact form, a newsletter form, a buy box, a description
 * with reviews and cross-selling, in a section with a background colour and image, at 390 and 1280 px: the
 * layout's stylesheet applies (no CSP refusal), the contact form sends and returns, the buy box fills the
 * cart. No sideways scroll, axe finds no serious or critical violation, no console error.
 */
describe.skipIf(!runnable)('a landing page with every kind of layout element in a real browser', () => {
  let t: TestPlatform;
  let browser: Browser;
  let base: string;
  const ids = { layout: newId(), landing: newId(), section: newId(), background: newId(), mug: '', saucer: '' };

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestPlatform({ env: { appUrl: base, port, host: '127.0.0.1' } });
    await t.app.listen({ port, host: '127.0.0.1' });
    const db = t.platform.db;
    ids.mug = await createShopProduct(t.platform, { name: 'Harbour mug', gross: 12.5, description: 'Thrown by hand, glazed twice.' });
    ids.saucer = await createShopProduct(t.platform, { name: 'Harbour saucer', gross: 6 });
    const mugs = await createCategory(t.platform, 'Mugs');
    await createCategory(t.platform, 'Espresso cups', mugs);
    await createCategory(t.platform, 'Teapots');
    await db.insertInto('product_review').values({ id: newId(), product_id: ids.mug, sales_channel_id: DEFAULT_SALES_CHANNEL_ID, title: 'Lovely', content: 'Holds the heat for a long while.', points: 5, status: true }).execute();
    const crossSelling = newId();
    await db.insertInto('product_cross_selling').values({ id: crossSelling, product_id: ids.mug, name: 'Pairs well with', position: 1 }).execute();
    await db.insertInto('product_cross_selling_assigned_products').values({ id: newId(), cross_selling_id: crossSelling, product_id: ids.saucer, position: 1 }).execute();

    // a pale background image, uploaded as a merchant does
    expect((await t.api('POST', '/api/media', { body: { id: ids.background, alt: 'Sand' } })).statusCode).toBe(204);
    const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#fbf3e2' } }).png().toBuffer();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/_action/media/${ids.background}/upload?extension=png&fileName=sand`,
      payload: png,
      headers: { authorization: `Bearer ${await t.adminToken()}`, 'content-type': 'image/png', accept: 'application/json' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(204);

    const block = (type: string, config: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type, ...extra, slots: [{ type, slot: 'content', config }] });
    const blocks = [
      block('text', { content: stat('<h2>From the potter\'s wheel</h2>') }),
      block('category-navigation', {}),
      block('buy-box', { product: stat(ids.mug) }, { backgroundColor: '#ffffff', marginTop: '24px' }),
      block('product-description-reviews', { product: stat(ids.mug) }),
      block('cross-selling', { product: stat(ids.mug) }),
      block('form', { type: stat('contact'), title: stat('Write to the potter') }),
      block('form', { type: stat('newsletter'), title: stat('Kiln news') }),
    ].map((b, position) => ({ position, ...b }));
    const created = await t.api('POST', '/api/cms-page', {
      body: { id: ids.layout, name: 'Potter', type: 'landingpage', sections: [{ id: ids.section, position: 0, backgroundColor: '#fef6e4', backgroundMediaId: ids.background, backgroundMediaMode: 'cover', blocks }] },
    });
    expect(created.statusCode, created.body).toBe(204);
    const landing = await t.api('POST', '/api/landing-page', { body: { id: ids.landing, name: 'The potter', url: 'potter', cmsPageId: ids.layout, salesChannels: [{ id: DEFAULT_SALES_CHANNEL_ID }] } });
    expect(landing.statusCode, landing.body).toBe(204);
    browser = await sharedChromium();
  }, 120_000);

  afterAll(async () => {
    await releaseSharedChromium();
    await t?.close();
  });

  for (const width of [390, 1280]) {
    it(`at ${width} px: every element drawn, the background applied, the contact form sent and the buy box buying`, async () => {
      const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 } });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
      try {
        await page.goto(`${base}/landingPage/${ids.landing}`);
        const main = page.locator('main');
        await main.getByRole('heading', { name: 'From the potter\'s wheel' }).waitFor();

        const nav = main.getByRole('navigation', { name: 'All products' });
        for (const name of ['Mugs', 'Espresso cups', 'Teapots']) await nav.getByRole('link', { name, exact: true }).waitFor();
        const buyBox = main.getByRole('region', { name: 'Harbour mug', exact: true });
        expect(await buyBox.innerText()).toContain('€12.50');
        expect(await main.getByRole('region', { name: 'About Harbour mug' }).innerText()).toContain('Rated 5.0 of 5 (1 review)');
        await main.getByRole('region', { name: 'Pairs well with' }).getByRole('link', { name: 'Harbour saucer' }).waitFor();
        await main.getByRole('region', { name: 'Kiln news' }).getByRole('textbox', { name: 'Your e-mail for the newsletter' }).waitFor();

        // the layout's stylesheet reached the section (a refused or missing one leaves it transparent)
        const section = page.locator(`.cms-s-${ids.section}`);
        await expect.poll(() => section.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(254, 246, 228)');
        expect(await section.evaluate((element) => getComputedStyle(element).backgroundImage)).toMatch(/^url\(".*\/media\/.*sand.*\.png"\)$/);

        await expectNoSidewaysScroll(page, `cms-slots-${width}`);
        problems.push(...(await accessibilityProblems(page)));
        await page.screenshot({ path: path.join(ARTIFACTS, `cms-slots-${width}.png`), fullPage: true });

        // the contact form sends and comes back to the landing page with the thanks
        const contact = main.getByRole('region', { name: 'Write to the potter' });
        await contact.getByRole('textbox', { name: 'Email address' }).fill(`ada-${width}@example.com`);
        await contact.getByRole('textbox', { name: 'Subject' }).fill('Forty mugs');
        await contact.getByRole('textbox', { name: 'Message' }).fill('Could you throw forty for a café?');
        await contact.getByRole('button', { name: 'Send message' }).click();
        await page.getByText('Thank you! We will get back to you soon.').waitFor();
        expect(new URL(page.url()).pathname).toBe(`/landingPage/${ids.landing}`);

        // the buy box adds the mug to the cart
        await page.locator('main').getByRole('region', { name: 'Harbour mug', exact: true }).getByRole('button', { name: 'Add to cart' }).click();
        await page.waitForURL((url) => url.pathname === '/checkout/cart');
        expect(await page.locator('main').innerText()).toContain('Harbour mug');
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  }

  /**
   * A sidebar section: the side column (category navigation and a text) beside the main one from 992 px, above it
   * on a phone, as Shopware's storefront orders it; no sideways scroll, no serious axe violation.
   */
  describe('a sidebar section', () => {
    const sidebarIds = { layout: newId(), landing: newId() };

    beforeAll(async () => {
      const text = (position: number, html: string, sectionPosition: 'main' | 'sidebar') => ({ position, type: 'text', sectionPosition, slots: [{ type: 'text', slot: 'content', config: { content: stat(html) } }] });
      const created = await t.api('POST', '/api/cms-page', {
        body: {
          id: sidebarIds.layout,
          name: 'Workshop',
          type: 'landingpage',
          sections: [
            {
              position: 0,
              type: 'sidebar',
              blocks: [
                text(0, `<h2>Kiln diary</h2><p>${'We fire the big kiln every Friday and open it on Monday morning. '.repeat(4)}</p>`, 'main'),
                { position: 1, type: 'product-box', sectionPosition: 'main', slots: [{ type: 'product-box', slot: 'content', config: { product: stat(ids.mug) } }] },
                { position: 2, type: 'category-navigation', sectionPosition: 'sidebar', slots: [{ type: 'category-navigation', slot: 'content', config: {} }] },
                text(3, '<h2>Opening hours</h2><p>Tuesday to Saturday, 9 to 5.</p>', 'sidebar'),
              ],
            },
          ],
        },
      });
      expect(created.statusCode, created.body).toBe(204);
      const landing = await t.api('POST', '/api/landing-page', { body: { id: sidebarIds.landing, name: 'The workshop', url: 'workshop', cmsPageId: sidebarIds.layout, salesChannels: [{ id: DEFAULT_SALES_CHANNEL_ID }] } });
      expect(landing.statusCode, landing.body).toBe(204);
    });

    for (const width of [390, 1280]) {
      it(`at ${width} px: the side column ${width < 992 ? 'above' : 'beside'} the main one`, async () => {
        const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 } });
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
        });
        page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
        try {
          await page.goto(`${base}/landingPage/${sidebarIds.landing}`);
          const main = page.locator('main');
          const sidebar = main.getByRole('complementary', { name: 'Sidebar' });
          await sidebar.getByRole('heading', { name: 'Opening hours' }).waitFor();
          await sidebar.getByRole('navigation', { name: 'All products' }).getByRole('link', { name: 'Mugs', exact: true }).waitFor();
          const diary = main.getByRole('heading', { name: 'Kiln diary' });
          expect(await sidebar.getByRole('heading', { name: 'Kiln diary' }).count()).toBe(0);
          await main.locator('.cms-main').getByRole('link', { name: 'Harbour mug' }).first().waitFor();

          const side = (await sidebar.boundingBox())!;
          const column = (await page.locator('.cms-main').boundingBox())!;
          await diary.waitFor();
          if (width < 992) {
            // stacked: the side column first, both as wide as the content
            expect(side.y + side.height).toBeLessThanOrEqual(column.y + 1);
            expect(Math.abs(side.width - column.width)).toBeLessThan(1);
          } else {
            // beside: the side column on the left, narrower, the two starting at the same height
            expect(side.x + side.width).toBeLessThanOrEqual(column.x + 1);
            expect(side.width).toBeLessThan(column.width / 2);
            expect(Math.abs(side.y - column.y)).toBeLessThan(1);
          }

          await expectNoSidewaysScroll(page, `cms-sidebar-${width}`);
          problems.push(...(await accessibilityProblems(page)));
          await page.screenshot({ path: path.join(ARTIFACTS, `cms-sidebar-${width}.png`), fullPage: true });
          expect(problems).toEqual([]);
        } finally {
          await context.close();
        }
      }, 120_000);
    }
  });
});

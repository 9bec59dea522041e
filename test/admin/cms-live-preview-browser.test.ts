import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_SALES_CHANNEL_ID } from '../../src/platform/first-start/default-shop.js';
import { newId } from '../../src/platform/ids.js';
import { chromiumRunnable, releaseSharedChromium, sharedChromium } from '../helpers/chromium.js';
import { accessibilityProblems, expectNoSidewaysScroll, type PageWatch } from '../helpers/page-checks.js';
import type { TestPlatform } from '../helpers/test-platform.js';
import { ADMIN_ARTIFACTS as ARTIFACTS, checkAndShoot, logInToAdmin, openAdminPage, startAdminTestServer } from './admin-test-server.js';
import { createShopProduct } from '../platform/storefront/pages/shop-fixtures.js';

const runnable = chromiumRunnable('cms-live-preview-browser.test.ts');
const stat = (value: unknown) => ({ source: 'static', value });

/**
 * The layout editor in a real browser, both parts on one platform (each seeds its own layout and landing pages; the
 * sidebar part runs second and reads only its own rows).
 * - Live preview and content per page: what is typed shows in the preview without a save (nothing is stored), a
 *   product slider's title and a block moved to another section are saved and drawn by the shop, and one of two
 *   landing pages with the same layout shows its own text and products while the other keeps the layout's.
 * - Sidebar sections and backgrounds: the merchant turns section 1 into a sidebar section, adds a text block to the
 *   sidebar column and gives the section a background (a short #fff is refused at the field), saves; the rows are
 *   stored and the landing page with the layout draws the sidebar as an `aside` with that text, on that background.
 * Axe, no sideways scroll, no console error.
 */
describe.skipIf(!runnable)('Shopping Experiences: the layout editor in a real browser', () => {
  let t: TestPlatform;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    ({ t, base } = await startAdminTestServer());
    browser = await sharedChromium();
  }, 120_000);

  afterAll(async () => {
    await releaseSharedChromium();
    await t?.close();
  });

  describe('Shopping Experiences: live preview and content per page', () => {
    const watches: PageWatch[] = [];
    const ids = { layout: newId(), s1: newId(), s2: newId(), textSlot: newId(), sliderSlot: newId(), autumn: newId(), winter: newId(), cup: '', mug: '' };

    beforeAll(async () => {
      ids.cup = await createShopProduct(t.platform, { name: 'Harbour cup', gross: 9 });
      ids.mug = await createShopProduct(t.platform, { name: 'Harbour mug', gross: 12 });
      const layout = await t.api('POST', '/api/cms-page', {
        body: {
          id: ids.layout,
          name: 'Seasons',
          type: 'landingpage',
          sections: [
            {
              id: ids.s1,
              position: 0,
              blocks: [
                { position: 0, type: 'text', slots: [{ id: ids.textSlot, type: 'text', slot: 'content', config: { content: stat('<h2>Layout heading</h2>') } }] },
                { position: 1, type: 'product-slider', slots: [{ id: ids.sliderSlot, type: 'product-slider', slot: 'productSlider', config: { products: stat([ids.cup]) } }] },
              ],
            },
            { id: ids.s2, position: 1, blocks: [] },
          ],
        },
      });
      expect(layout.statusCode, layout.body).toBe(204);
      for (const [id, name] of [[ids.autumn, 'Autumn sale'], [ids.winter, 'Winter sale']] as const) {
        const landing = await t.api('POST', '/api/landing-page', { body: { id, name, url: name.toLowerCase().replace(' ', '-'), cmsPageId: ids.layout, salesChannels: [{ id: DEFAULT_SALES_CHANNEL_ID }] } });
        expect(landing.statusCode, landing.body).toBe(204);
      }
    }, 120_000);

    const newPage = (width: number, expectedStatuses: number[] = []) => openAdminPage(browser, base, width, watches, expectedStatuses);
    const storedTree = async () =>
      JSON.stringify((await t.api('POST', '/api/search/cms-page', { body: { ids: [ids.layout], associations: { sections: { associations: { blocks: { associations: { slots: {} } } } } } } })).json().data);
    const landing = async (id: string) => (await t.api('GET', `/api/landing-page/${id}`)).json().data;
    const shopText = async (id: string) => {
      const shop = await newPage(1280);
      await shop.goto(`${base}/landingPage/${id}`);
      const text = await shop.locator('main').innerText();
      await shop.close();
      return text;
    };

    it('the preview shows what is typed before it is saved; the slider title and a move to another section are saved and drawn', async () => {
      const page = await newPage(1280, [400]);
      await logInToAdmin(page, base);
      await page.goto(`${base}/admin/cms/${ids.layout}`);
      const preview = page.frameLocator('[data-testid="layout-preview"]');
      await preview.getByRole('heading', { name: 'Layout heading' }).waitFor();
      const before = await storedTree();

      // typed, not saved: the preview follows, the database does not
      await page.getByRole('textbox', { name: 'Block 1: text' }).fill('<h2>Typed heading</h2><p>Still a draft.</p>');
      await preview.getByRole('heading', { name: 'Typed heading' }).waitFor();
      expect(await preview.getByRole('heading', { name: 'Layout heading' }).count()).toBe(0);
      await page.getByRole('status').filter({ hasText: 'Unsaved changes: the preview shows them' }).waitFor();
      await page.getByRole('textbox', { name: 'Block 2: title' }).fill('Warm drinks');
      await preview.getByRole('heading', { name: 'Warm drinks' }).waitFor();
      await preview.getByText('Harbour cup').first().waitFor();
      expect(await storedTree()).toBe(before);
      expect((await landing(ids.autumn)).slotConfig).toBeNull();

      // an invalid mapped field: the preview says why it cannot draw it and keeps the last page it drew
      await page.locator('label', { hasText: "Page's field" }).click();
      await page.getByRole('textbox', { name: 'Block 1: field' }).fill('not a path');
      await page.getByRole('alert').filter({ hasText: 'The preview cannot show this draft' }).waitFor();
      await preview.getByRole('heading', { name: 'Warm drinks' }).waitFor();
      await page.locator('label', { hasText: 'Own text' }).click();
      await page.getByRole('textbox', { name: 'Block 1: text' }).fill('<h2>Typed heading</h2><p>Still a draft.</p>');
      await page.getByRole('alert').filter({ hasText: 'The preview cannot show this draft' }).waitFor({ state: 'detached' });

      // the product slider moves into section 2 through its menu, keeping the keyboard focus
      await page.getByRole('button', { name: 'Block 2 (Product slider): move to section' }).click();
      await page.getByRole('menuitem', { name: 'Section 2' }).click();
      await page.getByRole('region', { name: 'Section 2' }).getByTestId('layout-block').waitFor();
      expect(await page.getByRole('region', { name: 'Section 1' }).getByTestId('layout-block').count()).toBe(1);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/Product slider/);

      // every width draws the draft
      await page.locator('label', { hasText: '768 px' }).click();
      await page.frameLocator('iframe[title="Preview at 768 px"]').getByRole('heading', { name: 'Typed heading' }).waitFor();
      await page.locator('label', { hasText: '390 px' }).click();
      await page.frameLocator('iframe[title="Preview at 390 px"]').getByRole('heading', { name: 'Warm drinks' }).waitFor();
      // the frame's stylesheets applied (the shop's container centres the page; an unstyled page has no max width)
      const styled = await page.frameLocator('iframe[title="Preview at 390 px"]').locator('link[rel="stylesheet"]').count();
      expect(styled).toBeGreaterThan(2);
      expect(await page.frameLocator('iframe[title="Preview at 390 px"]').locator('.site-header').evaluate((header) => getComputedStyle(header).display)).not.toBe('inline');
      await checkAndShoot(page, 'cms-live-preview-1280');

      await page.getByRole('button', { name: 'Save layout' }).click();
      await page.getByText('Your changes are saved.').waitFor();
      const stored = JSON.parse(await storedTree())[0];
      const sections = [...stored.sections].sort((a: { position: number }, b: { position: number }) => a.position - b.position);
      expect(sections[0].blocks.map((block: { type: string }) => block.type)).toEqual(['text']);
      expect(sections[1].blocks.map((block: { type: string }) => block.type)).toEqual(['product-slider']);
      expect(sections[1].blocks[0].slots[0].config.title).toEqual({ source: 'static', value: 'Warm drinks' });
      expect(sections[0].blocks[0].slots[0].config.content.value).toBe('<h2>Typed heading</h2><p>Still a draft.</p>');
      await page.close();

      const text = await shopText(ids.winter);
      expect(text).toContain('Typed heading');
      expect(text.indexOf('Warm drinks')).toBeGreaterThan(text.indexOf('Typed heading'));
      expect(text.indexOf('Harbour cup')).toBeGreaterThan(text.indexOf('Warm drinks'));
    }, 180_000);

    it('one landing page gets its own text and products; the other page with the same layout keeps the layout\'s', async () => {
      const page = await newPage(1280, [400]);
      await logInToAdmin(page, base);
      await page.goto(`${base}/admin/cms/${ids.layout}`);
      const perPage = page.getByRole('region', { name: 'Content per page' });
      await perPage.getByRole('textbox', { name: 'Landing page showing this layout' }).click();
      await page.getByRole('option', { name: 'Autumn sale' }).click();

      // the text block: the layout's text to start from; a mapped field that is no path is refused at the field
      await perPage.getByRole('checkbox', { name: 'Block 1: own content on this page' }).check();
      const ownText = perPage.getByRole('textbox', { name: 'Block 1 on this page: text' });
      expect(await ownText.inputValue()).toBe('<h2>Typed heading</h2><p>Still a draft.</p>');
      await perPage.locator('label', { hasText: "Page's field" }).click();
      await perPage.getByRole('textbox', { name: 'Block 1 on this page: field' }).fill('landingPage');
      await perPage.getByRole('button', { name: 'Save for this landing page' }).click();
      await perPage.getByText(/whose value is not a path like/).waitFor();
      expect(await perPage.getByRole('textbox', { name: 'Block 1 on this page: field' }).getAttribute('aria-invalid')).toBe('true');
      expect((await landing(ids.autumn)).slotConfig).toBeNull();
      await perPage.locator('label', { hasText: 'Own text' }).click();
      await ownText.fill('<h2>Autumn only</h2>');

      // the slider's products: the mug in place of the cup (Backspace in the empty search takes the last product off)
      await perPage.getByRole('checkbox', { name: 'Block 2: own content on this page' }).check();
      const products = perPage.getByRole('textbox', { name: 'Block 2 on this page: products' });
      await products.focus();
      await page.keyboard.press('Backspace');
      await products.fill('Harbour m');
      await page.getByRole('option', { name: /^Harbour mug/ }).click();
      await page.keyboard.press('Escape');
      await checkAndShoot(page, 'cms-overrides-1280');
      await perPage.getByRole('button', { name: 'Save for this landing page' }).click();
      await page.getByText("The page's own content is saved.").waitFor();

      expect((await landing(ids.autumn)).slotConfig).toEqual({
        [ids.textSlot]: { content: { source: 'static', value: '<h2>Autumn only</h2>' } },
        [ids.sliderSlot]: { products: { source: 'static', value: [ids.mug] } },
      });
      expect((await landing(ids.winter)).slotConfig).toBeNull();
      await page.close();

      // the storefront: Autumn draws its own text and products, Winter the layout's
      for (const width of [390, 1280]) {
        const shop = await newPage(width);
        await shop.goto(`${base}/landingPage/${ids.autumn}`);
        await shop.getByRole('heading', { name: 'Autumn only' }).waitFor();
        const autumn = await shop.locator('main').innerText();
        expect(autumn).not.toContain('Typed heading');
        expect(autumn).toContain('Harbour mug');
        expect(autumn).not.toContain('Harbour cup');
        await expectNoSidewaysScroll(shop, `cms-override-storefront-${width}`);
        expect(await accessibilityProblems(shop)).toEqual([]);
        await shop.screenshot({ path: path.join(ARTIFACTS, `cms-override-storefront-${width}.png`), fullPage: true });
        await shop.close();
      }
      const winter = await shopText(ids.winter);
      expect(winter).toContain('Typed heading');
      expect(winter).not.toContain('Autumn only');
      expect(winter).toContain('Harbour cup');
      expect(winter).not.toContain('Harbour mug');
    }, 180_000);

    it('at 390 px the editor, its preview and the page chooser fit, and taking an override back restores the layout\'s content', async () => {
      const page: Page = await newPage(390, [400]);
      await logInToAdmin(page, base);
      await page.goto(`${base}/admin/cms/${ids.layout}`);
      await page.frameLocator('[data-testid="layout-preview"]').getByRole('heading', { name: 'Typed heading' }).waitFor();
      const perPage = page.getByRole('region', { name: 'Content per page' });
      await perPage.getByRole('textbox', { name: 'Landing page showing this layout' }).click();
      await page.getByRole('option', { name: 'Autumn sale' }).click();
      const own = perPage.getByRole('checkbox', { name: 'Block 1: own content on this page' });
      await own.waitFor();
      expect(await own.isChecked()).toBe(true);
      await checkAndShoot(page, 'cms-overrides-390');
      await own.uncheck();
      await perPage.getByRole('button', { name: 'Save for this landing page' }).click();
      await page.getByText("The page's own content is saved.").waitFor();
      expect(Object.keys((await landing(ids.autumn)).slotConfig)).toEqual([ids.sliderSlot]);
      expect(await shopText(ids.autumn)).toContain('Typed heading');
      await page.close();
      expect(watches.flatMap((watch) => watch.problems)).toEqual([]);
    }, 120_000);
  });

  describe('Shopping Experiences: sidebar sections and backgrounds', () => {
    const watches: PageWatch[] = [];
    const ids = { layout: newId(), section: newId(), landing: newId() };

    beforeAll(async () => {
      const layout = await t.api('POST', '/api/cms-page', {
        body: {
          id: ids.layout,
          name: 'Harbour story',
          type: 'landingpage',
          sections: [{ id: ids.section, position: 0, blocks: [{ position: 0, type: 'text', slots: [{ type: 'text', slot: 'content', config: { content: stat('<h2>Our story</h2><p>Cups from the harbour.</p>') } }] }] }],
        },
      });
      expect(layout.statusCode, layout.body).toBe(204);
      const landing = await t.api('POST', '/api/landing-page', { body: { id: ids.landing, name: 'Harbour', url: 'harbour', cmsPageId: ids.layout, salesChannels: [{ id: DEFAULT_SALES_CHANNEL_ID }] } });
      expect(landing.statusCode, landing.body).toBe(204);
    }, 120_000);

    it('section 1 becomes a sidebar section with a text in its sidebar and a background; the shop draws both', async () => {
      const page = await openAdminPage(browser, base, 1280, watches);
      await logInToAdmin(page, base);
      await page.goto(`${base}/admin/cms/${ids.layout}`);
      const section = page.getByRole('region', { name: 'Section 1' });
      await section.getByRole('textbox', { name: 'Section 1: columns' }).click();
      await page.getByRole('option', { name: 'With sidebar' }).click();
      await section.getByRole('textbox', { name: 'Section 1: sidebar on phones' }).waitFor();

      await section.getByRole('textbox', { name: 'New block in section 1' }).click();
      await page.getByRole('option', { name: 'Text', exact: true }).click();
      await section.getByRole('button', { name: 'Add block' }).click();
      await section.getByRole('textbox', { name: 'Block 2: text' }).fill('<p>Opening hours: 9 to 5</p>');
      await section.getByRole('textbox', { name: 'Block 2: column' }).click();
      await page.getByRole('option', { name: 'Sidebar', exact: true }).click();

      // a short hex is a colour to the picker, but the shop's stylesheet takes only #rrggbb: refused at the field
      const background = section.getByRole('textbox', { name: 'Section 1: background colour' });
      await background.fill('#fff');
      await section.getByText('A colour as #rrggbb').waitFor();
      expect(await background.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByRole('button', { name: 'Save layout' }).isDisabled()).toBe(true);
      await background.fill('#f6efe3');
      await section.getByText('A colour as #rrggbb').waitFor({ state: 'detached' });
      // the draft preview draws the sidebar before anything is saved
      await page.frameLocator('[data-testid="layout-preview"]').getByRole('complementary', { name: 'Sidebar' }).getByText('Opening hours').waitFor();
      // the picker closes when the field loses the focus (its sliders have no names of their own)
      await background.blur();
      await page.getByRole('slider').first().waitFor({ state: 'detached' });
      await checkAndShoot(page, 'cms-sections-1280');

      await page.getByRole('button', { name: 'Save layout' }).click();
      await page.getByText('Your changes are saved.').waitFor();
      await page.close();

      const stored = (await t.api('POST', '/api/search/cms-page', { body: { ids: [ids.layout], associations: { sections: { associations: { blocks: { associations: { slots: {} } } } } } } })).json().data[0];
      expect(stored.sections).toHaveLength(1);
      const [row] = stored.sections;
      expect(row).toMatchObject({ id: ids.section, type: 'sidebar', sizingMode: 'boxed', mobileBehavior: 'wrap', backgroundColor: '#f6efe3' });
      const blocks = [...row.blocks].sort((a: { position: number }, b: { position: number }) => a.position - b.position);
      expect(blocks.map((block: { type: string; sectionPosition: string; backgroundColor: string | null }) => [block.type, block.sectionPosition, block.backgroundColor])).toEqual([
        ['text', 'main', null],
        ['text', 'sidebar', null],
      ]);
      expect(blocks[1].slots[0].config.content).toEqual({ source: 'static', value: '<p>Opening hours: 9 to 5</p>' });

      const shop = await openAdminPage(browser, base, 1280, watches);
      await shop.goto(`${base}/landingPage/${ids.landing}`);
      const sidebar = shop.getByRole('complementary', { name: 'Sidebar' });
      await sidebar.getByText('Opening hours: 9 to 5').waitFor();
      expect(await sidebar.getByText('Our story').count()).toBe(0);
      await shop.getByRole('heading', { name: 'Our story' }).waitFor();
      const drawn = shop.locator('main section.cms-section-sidebar');
      expect(await drawn.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(246, 239, 227)');
      await expectNoSidewaysScroll(shop, 'cms-sections-storefront-1280');
      expect(await accessibilityProblems(shop)).toEqual([]);
      await shop.screenshot({ path: path.join(ARTIFACTS, 'cms-sections-storefront-1280.png'), fullPage: true });
      await shop.close();
      expect(watches.flatMap((watch) => watch.problems)).toEqual([]);
    }, 180_000);
  });
});

import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_SALES_CHANNEL_ID } from '../../src/platform/first-start/default-shop.js';
import { newId } from '../../src/platform/ids.js';
import { chromiumRunnable, releaseSharedChromium, sharedChromium } from '../helpers/chromium.js';
import { accessibilityProblems, expectNoSidewaysScroll, type PageWatch } from '../helpers/page-checks.js';
import type { TestPlatform } from '../helpers/test-platform.js';
import { ADMIN_ARTIFACTS as ARTIFACTS, checkAndShoot, logInToAdmin, openAdminPage, startAdminTestServer } from './admin-test-server.js';
import { createShopProduct } from '../platform/storefront/pages/shop-fixtures.js';

const runnable = chromiumRunnable('cms-browser.test.ts');

/**
 * Shopping Experiences in the Administration, in a real browser: a merchant composes a landing page layout
 * (an image slider, a text, a product slider), moves its blocks with buttons and the keyboard, meets the API's
 * refusal at the field, assigns the layout to a landing page, previews it, and the storefront shows it at 390
 * and 1280 px; someone else's save is not overwritten; the list counts and deletes. No sideways scrolling, axe
 * finds no serious or critical violation, no console error.
 */
describe.skipIf(!runnable)('Shopping Experiences in the Administration', () => {
  let t: TestPlatform;
  let browser: Browser;
  let base: string;
  const watches: PageWatch[] = [];
  const ids = { landing: newId(), cup: '', mug: '', harbour: newId(), beach: newId(), layout: '' };

  /** A PNG uploaded through the Admin API as a shopper-visible media record. */
  const uploadImage = async (id: string, name: string, colour: string) => {
    expect((await t.api('POST', '/api/media', { body: { id, alt: name } })).statusCode).toBe(204);
    const png = await sharp({ create: { width: 1200, height: 500, channels: 3, background: colour } }).png().toBuffer();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/_action/media/${id}/upload?extension=png&fileName=${encodeURIComponent(name.toLowerCase().replace(/ /g, '-'))}`,
      payload: png,
      headers: { authorization: `Bearer ${await t.adminToken()}`, 'content-type': 'image/png', accept: 'application/json' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(204);
  };

  beforeAll(async () => {
    ({ t, base } = await startAdminTestServer());
    ids.cup = await createShopProduct(t.platform, { name: 'Harbour cup', gross: 9 });
    ids.mug = await createShopProduct(t.platform, { name: 'Harbour mug', gross: 12 });
    await uploadImage(ids.harbour, 'Harbour at dawn', '#2a6f97');
    await uploadImage(ids.beach, 'Beach in autumn', '#c97b2a');
    const landing = await t.api('POST', '/api/landing-page', { body: { id: ids.landing, name: 'Autumn sale', url: 'autumn', salesChannels: [{ id: DEFAULT_SALES_CHANNEL_ID }] } });
    expect(landing.statusCode, landing.body).toBe(204);
    browser = await sharedChromium();
  }, 120_000);

  afterAll(async () => {
    await releaseSharedChromium();
    await t?.close();
  });

  const newPage = (width: number, expectedStatuses: number[] = []) => openAdminPage(browser, base, width, watches, expectedStatuses);
  const layouts = async () => (await t.api('POST', '/api/search/cms-page', { body: { associations: { sections: { associations: { blocks: { sort: [{ field: 'position', order: 'ASC' }], associations: { slots: {} } } } } } } })).json().data;
  const blockNames = (page: Page) => page.getByTestId('layout-block').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')!.replace(/^Block \d+ \(([^)]+)\).*$/, '$1')));

  const addBlock = async (page: Page, label: string) => {
    await page.getByRole('textbox', { name: 'New block in section 1' }).click();
    await page.getByRole('option', { name: label, exact: true }).click();
    await page.getByRole('button', { name: 'Add block' }).click();
  };

  it('a merchant composes a landing page layout, assigns it, previews it, and the storefront shows it at 390 and 1280 px', async () => {
    const page = await newPage(1280, [400]);
    await logInToAdmin(page, base);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Shopping Experiences' }).click();
    await page.getByText('No layouts found').waitFor();
    await checkAndShoot(page, 'cms-list-empty-1280');
    await page.getByRole('link', { name: 'Add layout' }).click();
    await page.getByRole('heading', { name: 'New layout' }).waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Autumn landing');
    await page.getByRole('button', { name: 'Add section' }).click();

    // a text block whose mapped field is no path: the API's message stands at the field, nothing is saved
    await addBlock(page, 'Text');
    await page.locator('label', { hasText: "Page's field" }).click();
    await page.getByRole('textbox', { name: 'Block 1: field' }).fill('not a path');
    await page.getByRole('button', { name: 'Save layout' }).click();
    // (the preview says it too, in its own column)
    const fieldError = page.getByRole('region', { name: 'Section 1' }).getByText(/whose value is not a path like/);
    await fieldError.waitFor();
    expect(await page.getByRole('textbox', { name: 'Block 1: field' }).getAttribute('aria-invalid')).toBe('true');
    expect(await layouts()).toHaveLength(0);
    await page.locator('label', { hasText: 'Own text' }).click();
    await page.getByRole('textbox', { name: 'Block 1: text' }).fill('<h2>Autumn by the sea</h2><p>Warm drinks for cold days.</p>');

    // an image slider of two images from the media library, then moved above the text with its button
    await addBlock(page, 'Image slider');
    await page.getByRole('button', { name: 'Add slides' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose slides' });
    await dialog.getByRole('listitem', { name: 'Choose Harbour at dawn' }).click();
    await dialog.getByRole('listitem', { name: 'Choose Beach in autumn' }).click();
    await dialog.getByRole('button', { name: 'Add 2 images' }).click();
    await page.getByTestId('slider-item').nth(1).waitFor();
    await page.getByRole('button', { name: 'Move Block 2 (Image slider) up' }).click();
    expect(await blockNames(page)).toEqual(['Image slider', 'Text']);

    // a product slider with two products found by search, in the order chosen
    await addBlock(page, 'Product slider');
    const products = page.getByRole('textbox', { name: 'Block 3: products' });
    await products.fill('Harbour c');
    await page.getByRole('option', { name: /^Harbour cup/ }).click();
    await products.fill('Harbour m');
    await page.getByRole('option', { name: /^Harbour mug/ }).click();
    await page.keyboard.press('Escape');

    // the keyboard moves a focused block: Alt+Up takes the product slider above the text, Alt+Down back
    await page.getByRole('region', { name: 'Section 1' }).getByTestId('layout-block').nth(2).focus();
    await page.keyboard.press('Alt+ArrowUp');
    expect(await blockNames(page)).toEqual(['Image slider', 'Product slider', 'Text']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/Product slider/);
    await page.keyboard.press('Alt+ArrowDown');
    expect(await blockNames(page)).toEqual(['Image slider', 'Text', 'Product slider']);

    // dragged by its handle onto the text, then back down with its button
    const handle = (await page.getByRole('button', { name: 'Drag Block 3 (Product slider)' }).boundingBox())!;
    const target = (await page.getByTestId('layout-block').nth(1).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(handle.x + handle.width / 2, handle.y + (target.y + 4 - handle.y) * (step / 10));
    await page.mouse.up();
    await expect.poll(() => blockNames(page)).toEqual(['Image slider', 'Product slider', 'Text']);
    await page.getByRole('button', { name: 'Move Block 2 (Product slider) down' }).click();
    expect(await blockNames(page)).toEqual(['Image slider', 'Text', 'Product slider']);

    // assigned to the landing page, found by its name
    const landingPicker = page.getByRole('textbox', { name: 'Landing pages' });
    await landingPicker.fill('Autumn');
    await page.getByRole('option', { name: 'Autumn sale' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save layout' }).click();
    await page.getByRole('heading', { name: 'Autumn landing' }).waitFor();

    const [stored] = await layouts();
    ids.layout = stored.id;
    expect(stored).toMatchObject({ name: 'Autumn landing', type: 'landingpage' });
    const blocks = stored.sections[0].blocks;
    expect(blocks.map((block: { type: string }) => block.type)).toEqual(['image-slider', 'text', 'product-slider']);
    expect(blocks[0].slots[0].config.sliderItems.value.map((item: { mediaId: string }) => item.mediaId)).toEqual([ids.harbour, ids.beach]);
    expect(blocks[1].slots[0].config.content).toEqual({ source: 'static', value: '<h2>Autumn by the sea</h2><p>Warm drinks for cold days.</p>' });
    expect(blocks[2].slots[0].config.products.value).toEqual([ids.cup, ids.mug]);
    expect((await t.api('GET', `/api/landing-page/${ids.landing}`)).json().data.cmsPageId).toBe(stored.id);

    // the preview draws the layout as the shop does, at 390 px first, then 1280
    const preview = page.frameLocator('[data-testid="layout-preview"]');
    await preview.getByRole('heading', { name: 'Autumn by the sea' }).waitFor();
    await preview.getByText('Harbour mug').first().waitFor();
    await checkAndShoot(page, 'cms-editor-1280');
    await page.locator('label', { hasText: '1280 px' }).click();
    await page.frameLocator('iframe[title="Preview at 1280 px"]').getByRole('heading', { name: 'Autumn by the sea' }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'cms-editor-preview-1280.png'), fullPage: true });
    await page.close();

    // the storefront's landing page at a phone's and a desktop's width
    for (const width of [390, 1280]) {
      const shop = await newPage(width);
      await shop.goto(`${base}/landingPage/${ids.landing}`);
      await shop.getByRole('heading', { name: 'Autumn by the sea' }).waitFor();
      const slider = shop.getByRole('list', { name: 'Highlights' });
      expect(await slider.getByRole('img').count()).toBe(2);
      const text = await shop.locator('main').innerText();
      expect(text.indexOf('Autumn by the sea')).toBeLessThan(text.indexOf('Harbour cup'));
      expect(text.indexOf('Harbour cup')).toBeLessThan(text.indexOf('Harbour mug'));
      // every slide's image loaded (a broken file would be 0 wide); the page may show before the images have arrived
      await expect
        .poll(() => slider.getByRole('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)), { timeout: 10_000 })
        .toBe(true);
      await expectNoSidewaysScroll(shop, `cms-storefront-${width}`);
      expect(await accessibilityProblems(shop)).toEqual([]);
      await shop.screenshot({ path: path.join(ARTIFACTS, `cms-storefront-${width}.png`), fullPage: true });
      await shop.close();
    }
  }, 180_000);

  it('refuses to save over someone else\'s change to the layout, and the list counts and deletes at 390 px', async () => {
    const page = await newPage(390, [409]);
    await logInToAdmin(page, base);
    await page.goto(`${base}/admin/cms/${ids.layout}`);
    await page.getByRole('textbox', { name: /^Name/ }).waitFor();
    await checkAndShoot(page, 'cms-editor-390');
    // someone else changes a text while the merchant edits: only a slot changed, the layout's own updatedAt did not
    const [stored] = await layouts();
    const textSlot = stored.sections[0].blocks[1].slots[0];
    expect((await t.api('PATCH', `/api/cms-slot/${textSlot.id}`, { body: { config: { content: { source: 'static', value: '<p>Their text</p>' } } } })).statusCode).toBe(204);
    await page.getByRole('textbox', { name: /^Name/ }).fill('Autumn landing (mine)');
    await page.getByRole('button', { name: 'Save layout' }).click();
    await page.getByText('Changed by someone else').waitFor();
    expect((await layouts())[0].name).toBe('Autumn landing');

    // after a reload their text is there; the merchant drops the product slider and saves over the fresh tree
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Autumn landing' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Block 2: text' }).inputValue()).toBe('<p>Their text</p>');
    await page.getByRole('button', { name: 'Remove Block 3 (Product slider)' }).click();
    await page.getByRole('status').filter({ hasText: 'Unsaved changes: the preview shows them' }).waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Autumn landing');
    await page.getByRole('button', { name: 'Save layout' }).click();
    await page.getByText('Your changes are saved.').waitFor();
    const [saved] = await layouts();
    expect(saved.sections[0].blocks.map((block: { type: string }) => block.type)).toEqual(['image-slider', 'text']);
    expect(saved.sections[0].blocks[1].slots[0].config.content.value).toBe('<p>Their text</p>');
    expect((await t.api('POST', '/api/search/cms-slot', { body: { filter: [{ type: 'equals', field: 'type', value: 'product-slider' }] } })).json().data).toHaveLength(0);

    await page.goto(`${base}/admin/cms`);
    const row = page.getByRole('row', { name: /Autumn landing/ });
    await row.getByText('1 (1 landing page)').waitFor();
    await checkAndShoot(page, 'cms-list-390');
    await row.getByRole('button', { name: 'Delete Autumn landing' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete layout?' });
    await confirm.getByText('1 page uses it').waitFor();
    await confirm.getByRole('button', { name: 'Delete layout' }).click();
    await page.getByText('No layouts found').waitFor();
    expect(await layouts()).toHaveLength(0);
    expect((await t.api('GET', `/api/landing-page/${ids.landing}`)).json().data.cmsPageId).toBeNull();
    await page.close();

    // nothing went wrong in any page or preview frame
    expect(watches.flatMap((watch) => watch.problems)).toEqual([]);
  }, 120_000);
});

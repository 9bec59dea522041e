import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { extDemoData } from '../../../src/extensions/demo-data/index.js';
import { runCommand } from '../../../src/platform/console/runner.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { chromiumRunnable, launchChromium } from '../../helpers/chromium.js';
import { accessibilityProblems } from '../../helpers/page-checks.js';
import { freePort } from '../../e2e/free-port.js';
import { captureIo } from '../../platform/console/capture-io.js';

const runnable = chromiumRunnable('demo-shop-browser.test.ts');
const ARTIFACTS = path.resolve('test-artifacts/demo-data');
// an APP_URL with an IP address gives each demo channel `<key>.localhost` on the same port
const FRESH_HOST = 'fresh.localhost';
const CHANNEL = 'Quayside Fresh Market';

/**
 * A demo channel is a shop of its own in a real browser: its logo, colour and name in the header, its
 * service pages in the footer, and product pages whose galleries show drawn products (three views in
 * the variant's colours), not initials. Screenshots go to test-artifacts/demo-data/.
 */
describe.skipIf(!runnable)('a demo channel in a real browser', () => {
  let t: TestPlatform;
  let browser: Browser;
  let context: BrowserContext;
  let fresh: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    fresh = `http://${FRESH_HOST}:${port}`;
    t = await createTestPlatform({ env: { appUrl: base, port, host: '127.0.0.1' }, extensions: [extDemoData] });
    await t.app.listen({ port, host: '127.0.0.1' });
    browser = await launchChromium({ hostMap: { [FRESH_HOST]: '127.0.0.1' } });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const seeded = captureIo();
    expect(await runCommand(t.platform, ['ext:demo-data:seed', '--channel', 'fresh', '--per-category', '1', '--skip-orders'], seeded), seeded.text()).toBe(0);
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function open(url: string, name: string): Promise<Page> {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
    expect(errors).toEqual([]);
    expect(await accessibilityProblems(page)).toEqual([]);
    return page;
  }

  const loaded = (page: Page, selector: string) => page.locator(selector).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

  it('the home page shows the channel\'s name, logo and colour, its home layout, and its service pages in the footer', { timeout: 120_000 }, async () => {
    const page = await open(`${fresh}/`, 'fresh-home');
    const logo = page.locator('img.brand-logo');
    await expect(logo.getAttribute('alt')).resolves.toBe(CHANNEL);
    expect(await loaded(page, 'img.brand-logo')).toBe(true);
    const brand = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim());
    expect(brand).toMatch(/^#[0-9a-f]{6}$/);
    const footer = await page.locator('footer').innerText();
    for (const title of ['Imprint', 'Privacy', 'Shipping and payment'].map((page) => `${page} – ${CHANNEL}`)) expect(footer).toContain(title);
    // the home layout demo data assigned: a slider of three drawn product images, the welcome, two product sliders
    const slides = page.locator('.cms-slider li img');
    expect(await slides.count()).toBe(3);
    // the first slide loads at once; the others are lazy (off to the side until scrolled to)
    expect(await slides.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    for (let i = 0; i < 3; i++) expect(await slides.nth(i).getAttribute('src')).toMatch(/\.(png|webp)/);
    expect(await page.locator('.cms-text h2').allInnerTexts()).toEqual([`Welcome to ${CHANNEL}`, 'New arrivals', 'Best of Bakery']);
    expect(await page.locator('.cms-slot-products').count()).toBe(2);
    expect(await page.locator('.cms-slot-products a.product-name').count()).toBeGreaterThan(3);
    await page.close();
  });

  it('a product page shows three drawn images of the product in its gallery', { timeout: 120_000 }, async () => {
    const home = await context.newPage();
    await home.goto(`${fresh}/`);
        const productUrl = await home.locator('a.product-name').first().getAttribute('href');
    await home.close();
    expect(productUrl).toBeTruthy();
    const page = await open(new URL(productUrl!, fresh).href, 'fresh-product');
    expect(await loaded(page, 'img.gallery-main')).toBe(true);
    expect(await page.locator('.gallery-thumbs img').count()).toBe(3);
    await page.close();
  });
});

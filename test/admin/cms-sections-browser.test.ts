import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEFAULT_SALES_CHANNEL_ID } from '../../src/platform/first-start/default-shop.js';
import { newId } from '../../src/platform/ids.js';
import { chromiumRunnable, releaseSharedChromium, sharedChromium } from '../helpers/chromium.js';
import { accessibilityProblems, expectNoSidewaysScroll, type PageWatch } from '../helpers/page-checks.js';
import type { TestPlatform } from '../helpers/test-platform.js';
import { ADMIN_ARTIFACTS as ARTIFACTS, checkAndShoot, logInToAdmin, openAdminPage, startAdminTestServer } from './admin-test-server.js';

const runnable = chromiumRunnable('cms-sections-browser.test.ts');
const stat = (value: unknown) => ({ source: 'static', value });

/**
 * A section's settings in the layout editor, in a real browser: the merchant turns section 1 into a sidebar
 * section, adds a text block to the sidebar column and gives the section a background (a short #fff is refused at
 * the field), saves; the rows are stored and the landing page with the layout draws the sidebar as an `aside`
 * with that text, on that background. Axe, no sideways scroll, no console error.
 */
describe.skipIf(!runnable)('Shopping Experiences: sidebar sections and backgrounds', () => {
  let t: TestPlatform;
  let browser: Browser;
  let base: string;
  const watches: PageWatch[] = [];
  const ids = { layout: newId(), section: newId(), landing: newId() };

  beforeAll(async () => {
    ({ t, base } = await startAdminTestServer());
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
    browser = await sharedChromium();
  }, 120_000);

  afterAll(async () => {
    await releaseSharedChromium();
    await t?.close();
  });

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

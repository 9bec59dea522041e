import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../../src/platform/ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-ids.js';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { createStoreApiClient, type StoreApiClient } from '../../store-api/store-api-client.js';
import { Browser } from '../browser.js';
import { createCategory, textOf } from './shop-fixtures.js';

const stat = (value: unknown) => ({ source: 'static', value });
const text = (position: number, html: string, sectionPosition?: 'main' | 'sidebar') => ({
  position,
  type: 'text',
  ...(sectionPosition ? { sectionPosition } : {}),
  slots: [{ type: 'text', slot: 'content', config: { content: stat(html) } }],
});

/**
 * Shopware's sidebar section: its `sidebar` blocks in a side column (a labelled aside, first in the source as
 * Shopware orders it), its `main` blocks in the main column; a default section draws every block in one column.
 */
describe('a landing page with a sidebar section', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  const ids = { layout: newId(), landing: newId(), sidebarSection: newId(), second: newId() };

  const create = async (sections: unknown[]) => {
    const created = await t.api('POST', '/api/cms-page', { body: { id: ids.layout, name: 'Workshop', type: 'landingpage', sections } });
    expect(created.statusCode, created.body).toBe(204);
  };
  const landingPage = async () => {
    const page = await new Browser(t.app).get(`/landingPage/${ids.landing}`);
    expect(page.statusCode).toBe(200);
    return page.body;
  };
  const asides = (body: string) => [...body.matchAll(/<aside class="cms-sidebar" aria-label="([^"]+)">([\s\S]*?)<\/aside>\s*<div class="cms-main">([\s\S]*?)<\/div>\s*<\/section>/g)];

  beforeAll(async () => {
    t = await createTestPlatform();
    client = await createStoreApiClient(t);
    await createCategory(t.platform, 'Mugs');
    await create([
      { position: 0, blocks: [text(0, '<p>Welcome to the workshop</p>'), text(1, '<p>Default section, sidebar position</p>', 'sidebar')] },
      {
        id: ids.sidebarSection,
        position: 1,
        type: 'sidebar',
        mobileBehavior: 'hidden',
        blocks: [
          text(0, '<h2>Kiln diary</h2><p>Firing every Friday.</p>', 'main'),
          { position: 1, type: 'category-navigation', sectionPosition: 'sidebar', slots: [{ type: 'category-navigation', slot: 'content', config: {} }] },
          text(2, '<p>Opening hours: 9 to 5</p>', 'sidebar'),
          text(3, '<p>Glazes we use</p>'),
        ],
      },
    ]);
    const landing = await t.api('POST', '/api/landing-page', { body: { id: ids.landing, name: 'The workshop', url: 'workshop', cmsPageId: ids.layout, salesChannels: [{ id: DEFAULT_SALES_CHANNEL_ID }] } });
    expect(landing.statusCode, landing.body).toBe(204);
  });
  afterAll(() => t.close());

  it('draws the sidebar blocks in a labelled aside before the main column, in their order; a default section stays one column', async () => {
    const body = await landingPage();
    const found = asides(body);
    expect(found).toHaveLength(1);
    const [, label, sidebar, main] = found[0]!;
    expect(label).toBe('Sidebar');
    // the side column: the category navigation, then the opening hours
    expect(sidebar).toContain('<nav class="cms-category-navigation"');
    expect(textOf(sidebar!)).toContain('Mugs');
    expect(textOf(sidebar!).indexOf('Mugs')).toBeLessThan(textOf(sidebar!).indexOf('Opening hours: 9 to 5'));
    expect(textOf(sidebar!)).not.toContain('Kiln diary');
    // the main column: the blocks placed there and those without a position (main is the default)
    expect(textOf(main!)).toContain('Kiln diary');
    expect(textOf(main!).indexOf('Firing every Friday.')).toBeLessThan(textOf(main!).indexOf('Glazes we use'));
    expect(textOf(main!)).not.toContain('Opening hours');
    // the section hides its side column on phones (Shopware's mobile behaviour "hidden")
    expect(body).toMatch(new RegExp(`<section class="cms-section cms-section-sidebar cms-sidebar-mobile-hidden[^"]*">\\s*<aside`));
    // the default section draws all its blocks, whatever their position, outside any aside
    const before = body.slice(0, body.indexOf('<aside'));
    expect(textOf(before)).toContain('Welcome to the workshop');
    expect(textOf(before)).toContain('Default section, sidebar position');
  });

  it('the Store API answers the section type, mobile behaviour and each block\'s sectionPosition', async () => {
    const response = await client.storeApi('POST', `/store-api/cms/${ids.layout}`, { body: {} });
    expect(response.statusCode, response.body).toBe(200);
    const section = JSON.parse(response.body).sections.find((entry: { id: string }) => entry.id === ids.sidebarSection);
    expect(section).toMatchObject({ type: 'sidebar', mobileBehavior: 'hidden' });
    expect(section.blocks.map((block: { type: string; sectionPosition: string }) => `${block.type}:${block.sectionPosition}`)).toEqual([
      'text:main',
      'category-navigation:sidebar',
      'text:sidebar',
      'text:main',
    ]);
  });

  it('two sidebar sections get distinct names; one whose side column draws nothing is a single column', async () => {
    await t.api('DELETE', `/api/cms-page/${ids.layout}`);
    await create([
      { position: 0, type: 'sidebar', blocks: [text(0, '<p>First main</p>', 'main'), text(1, '<p>First side</p>', 'sidebar')] },
      { position: 1, type: 'sidebar', blocks: [text(0, '<p>Second main</p>', 'main'), text(1, '<p>Second side</p>', 'sidebar')] },
      // an empty text draws nothing: no empty aside
      { id: ids.second, position: 2, type: 'sidebar', blocks: [text(0, '<p>Third main</p>', 'main'), text(1, '', 'sidebar')] },
    ]);
    await t.api('PATCH', `/api/landing-page/${ids.landing}`, { body: { cmsPageId: ids.layout } });
    const body = await landingPage();
    const found = asides(body);
    expect(found.map((match) => [match[1], textOf(match[2]!).trim(), textOf(match[3]!).trim()])).toEqual([
      ['Sidebar 1', 'First side', 'First main'],
      ['Sidebar 2', 'Second side', 'Second main'],
    ]);
    expect(textOf(body)).toContain('Third main');
    expect(body.match(/<aside/g)).toHaveLength(2);
  });
});

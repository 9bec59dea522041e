import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { newId } from '../../src/platform/ids.js';
import { CMS_DRAFT_BODY_LIMIT } from '../../src/platform/storefront/pages/cms-draft-preview-route.js';
import { createTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { createShopProduct, textOf } from '../platform/storefront/pages/shop-fixtures.js';

const stat = (value: unknown) => ({ source: 'static', value });

/**
 * `POST /cms-preview`: the Administration's editor sends its unsaved draft and gets the page the shop would draw
 * for it. Only an Admin API caller who may read layouts gets it; junk is a 400; nothing is ever written.
 */
describe('POST /cms-preview: an unsaved layout drawn for the Administration', () => {
  let t: TestPlatform;
  let mug: string;
  const layoutId = newId();
  const ids = { section: newId(), block: newId(), slot: newId() };

  /** Rows of the layout tables and of the layouts' users: a preview adds, changes and removes none. */
  const snapshot = async () => {
    const { rows } = await sql<{ name: string; rows: unknown }>`
      SELECT 'cms_page' AS name, json_agg(p ORDER BY p.id) AS rows FROM cms_page p
      UNION ALL SELECT 'cms_section', json_agg(s ORDER BY s.id) FROM cms_section s
      UNION ALL SELECT 'cms_block', json_agg(b ORDER BY b.id) FROM cms_block b
      UNION ALL SELECT 'cms_slot', json_agg(sl ORDER BY sl.id) FROM cms_slot sl`.execute(t.platform.db);
    return JSON.stringify(rows);
  };

  const draft = (text: string, extra: Record<string, unknown> = {}) => ({
    cmsPageId: layoutId,
    name: 'Autumn draft',
    type: 'landingpage',
    sections: [
      {
        id: ids.section,
        type: 'default',
        blocks: [
          { id: ids.block, type: 'text', slots: [{ id: ids.slot, type: 'text', slot: 'content', config: { content: stat(text) } }] },
          { id: newId(), type: 'product-slider', slots: [{ id: newId(), type: 'product-slider', slot: 'productSlider', config: { products: stat([mug]), title: stat('Warm <drinks>') } }] },
        ],
      },
    ],
    ...extra,
  });

  const preview = async (body: unknown, token?: string | null, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/cms-preview',
      payload: typeof body === 'string' ? body : (body as object),
      headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token ?? (await t.adminToken())}` }), ...headers },
    });

  beforeAll(async () => {
    t = await createTestPlatform();
    mug = await createShopProduct(t.platform, { name: 'Harbour mug', gross: 12 });
    const created = await t.api('POST', '/api/cms-page', {
      body: {
        id: layoutId,
        name: 'Autumn',
        type: 'landingpage',
        sections: [{ id: ids.section, position: 0, sizingMode: 'full_width', backgroundColor: '#ffeecc', blocks: [{ id: ids.block, position: 0, type: 'text', slots: [{ id: ids.slot, type: 'text', slot: 'content', config: { content: stat('<p>Saved text</p>') } }] }] }],
      },
    });
    expect(created.statusCode, created.body).toBe(204);
  });
  afterAll(() => t.close());

  it('draws the draft in the shop frame as a stored layout is drawn, keeping the stored section\'s attributes, and writes nothing', async () => {
    const before = await snapshot();
    const page = await preview(draft('<h2>Typed just now</h2><script>alert(1)</script>'));
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.headers['cache-control']).toBe('no-store');
    const text = textOf(page.body);
    expect(text).toContain('Autumn draft');
    expect(text).toContain('Typed just now');
    expect(text).not.toContain('Saved text');
    expect(text).toContain('Harbour mug');
    // the slider's title, escaped; the text's script removed as the shop removes it
    expect(page.body).toContain('<h2 class="cms-products-title">Warm &lt;drinks&gt;</h2>');
    expect(page.body).not.toContain('alert(1)');
    // full width and a background were stored on the section, which the editor does not hold: the draft keeps them
    expect(page.body).toContain('cms-section cms-section-full');
    expect(page.body).toContain(`cms-s-${ids.section}`);
    expect(page.body).toContain(`<link rel="stylesheet" href="/assets/storefront/cms/${layoutId}.css?v=`);
    // the shop's stylesheets, by absolute path (the editor shows the page in a srcdoc frame)
    expect(page.body).toMatch(/<link rel="stylesheet" href="\/[^"]*cms[^"]*\.css/);
    expect(await snapshot()).toBe(before);
    // the stored layout still draws its own text
    expect(textOf((await t.app.inject({ method: 'GET', url: `/cms-preview/${layoutId}` })).body)).toContain('Saved text');
  });

  it('draws a layout that was never saved (no id yet)', async () => {
    const before = await snapshot();
    const page = await preview(draft('<p>Brand new</p>', { cmsPageId: undefined, name: 'New one' }));
    expect(page.statusCode, page.body).toBe(200);
    expect(textOf(page.body)).toContain('Brand new');
    expect(page.body).not.toContain('cms-section-full');
    expect(await snapshot()).toBe(before);
  });

  it('refuses callers without a valid token (401) or without the layouts\' read privilege (403), before reading the body', async () => {
    const missing = await preview(draft('x'), null);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().errors[0].status).toBe('401');
    expect((await preview(draft('x'), 'not-a-token')).statusCode).toBe(401);
    // junk from an unauthenticated caller is refused as unauthenticated, not parsed
    expect((await preview('{"sections": [', null)).statusCode).toBe(401);
    const outsider = await t.tokenWithPrivileges(['product:read']);
    const refused = await preview(draft('x'), outsider);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('FRAMEWORK__MISSING_PRIVILEGE_ERROR');
    const reader = await t.tokenWithPrivileges(['cms_page:read']);
    expect((await preview(draft('<p>Reader</p>'), reader)).statusCode).toBe(200);
  });

  it('answers junk with a 400 naming where it is, and writes nothing', async () => {
    const before = await snapshot();
    const cases: Array<[unknown, string]> = [
      ['{"sections": [', ''],
      ['[]', ''],
      [{ name: 'x', type: 'landingpage' }, '/sections'],
      [{ ...draft('x'), sections: [{ id: 'nope', type: 'default', blocks: [] }] }, '/sections/0/id'],
      [{ ...draft('x'), sections: [{ id: newId(), type: 'default', blocks: [{ id: newId(), type: 'text', slots: [{ id: newId(), type: 'text', slot: 'content', config: { content: 'plain' } }] }] }] }, '/sections/0/blocks/0/slots/0/config/content'],
      [{ ...draft('x'), sections: [{ id: newId(), type: 'default', blocks: [{ id: newId(), type: 'text', slots: [{ id: newId(), type: 'text', slot: 'content', config: { content: { source: 'mapped', value: 'not a path' } } }] }] }] }, '/sections/0/blocks/0/slots/0/config'],
      [{ ...draft('x'), cmsPageId: 'DROP TABLE' }, '/cmsPageId'],
      [{ ...draft('x'), surprise: true }, ''],
    ];
    for (const [body, pointer] of cases) {
      const answer = await preview(body);
      expect(answer.statusCode, `${JSON.stringify(body)}: ${answer.body}`).toBe(400);
      const [error] = answer.json().errors;
      if (pointer) expect(error.source?.pointer, answer.body).toBe(pointer);
    }
    const mapped = (await preview(cases[5]![0])).json().errors[0];
    expect(mapped.detail).toMatch(/whose value is not a path like/);
    const tooLarge = await preview(draft('x'.repeat(CMS_DRAFT_BODY_LIMIT)));
    expect(tooLarge.statusCode).toBe(413);
    expect(await snapshot()).toBe(before);
  });
});

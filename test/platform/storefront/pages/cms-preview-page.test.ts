import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../../src/platform/ids.js';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { Browser } from '../browser.js';
import { createShopProduct, textOf } from './shop-fixtures.js';

const stat = (value: unknown) => ({ source: 'static', value });

describe('GET /cms-preview/{id}: a saved layout for the Administration\'s preview', () => {
  let t: TestPlatform;
  const layoutId = newId();
  const formsLayoutId = newId();

  beforeAll(async () => {
    t = await createTestPlatform();
    const mug = await createShopProduct(t.platform, { name: 'Harbour mug', gross: 12 });
    const created = await t.api('POST', '/api/cms-page', {
      body: {
        id: layoutId,
        name: 'Autumn draft',
        type: 'landingpage',
        sections: [
          {
            position: 0,
            blocks: [
              { position: 0, type: 'text', slots: [{ type: 'text', slot: 'content', config: { content: stat('<h2>Autumn by the sea</h2><script>alert(1)</script>') } }] },
              { position: 1, type: 'product-slider', slots: [{ type: 'product-slider', slot: 'productSlider', config: { products: stat([mug]) } }] },
            ],
          },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(204);
    const forms = await t.api('POST', '/api/cms-page', {
      body: {
        id: formsLayoutId,
        name: 'Write to us',
        type: 'landingpage',
        sections: [
          {
            position: 0,
            blocks: [
              { position: 0, type: 'form', slots: [{ type: 'form', slot: 'content', config: { type: stat('contact'), title: stat('Ask the potter') } }] },
              { position: 1, type: 'form', slots: [{ type: 'form', slot: 'content', config: { type: stat('newsletter'), title: stat('Kiln news') } }] },
            ],
          },
        ],
      },
    });
    expect(forms.statusCode, forms.body).toBe(204);
  });
  afterAll(() => t.close());

  it('draws the layout in the shop frame, framable by the shop itself only and not indexed', async () => {
    const page = await new Browser(t.app).get(`/cms-preview/${layoutId}`);
    expect(page.statusCode).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain('Autumn draft');
    expect(text).toContain('Autumn by the sea');
    expect(text).toContain('Harbour mug');
    expect(page.body).not.toContain('alert(1)');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-robots-tag']).toBe('noindex');
  });

  /** The contact form as a visitor gets it: posted to the contact route with the session's token, the channel's fields. */
  const expectContactForm = (body: string, title: string) => {
    const section = /<section class="cms-contact" aria-labelledby="([^"]+)">([\s\S]*?)<\/section>/.exec(body);
    expect(section, 'the contact form is drawn').not.toBeNull();
    expect(body).toContain(`<h2 id="${section![1]}">${title}</h2>`);
    const form = section![2]!;
    expect(form).toContain('<form method="post" action="/contact" class="contact-form" novalidate>');
    expect(form).toMatch(/name="_csrf_token" value="[^"]+"/);
    for (const name of ['email', 'subject', 'comment']) expect(form).toContain(`name="${name}"`);
    expect(textOf(form)).toContain('Send message');
  };

  it('draws a contact and a newsletter form as the shop does', async () => {
    const page = await new Browser(t.app).get(`/cms-preview/${formsLayoutId}`);
    expect(page.statusCode).toBe(200);
    expectContactForm(page.body, 'Ask the potter');
    expect(textOf(page.body)).toContain('Kiln news');
  });

  it("the editor's unsaved draft (POST /cms-preview) draws the contact form too, and its blocks' sidebar column", async () => {
    const block = (type: string, config: Record<string, unknown>, sectionPosition?: 'main' | 'sidebar') => ({
      id: newId(),
      type,
      ...(sectionPosition ? { sectionPosition } : {}),
      slots: [{ id: newId(), type, slot: 'content', config }],
    });
    const page = await t.app.inject({
      method: 'POST',
      url: '/cms-preview',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await t.adminToken()}` },
      payload: {
        name: 'Draft with a form',
        type: 'landingpage',
        sections: [
          {
            id: newId(),
            type: 'sidebar',
            blocks: [block('form', { type: stat('contact'), title: stat('Draft contact') }), block('text', { content: stat('<p>Opening hours</p>') }, 'sidebar')],
          },
        ],
      },
    });
    expect(page.statusCode, page.body).toBe(200);
    expectContactForm(page.body, 'Draft contact');
    const aside = /<aside class="cms-sidebar" aria-label="Sidebar">([\s\S]*?)<\/aside>/.exec(page.body)?.[1] ?? '';
    expect(textOf(aside)).toContain('Opening hours');
    expect(aside).not.toContain('cms-contact');
  });

  it('every other page still refuses to be framed', async () => {
    const home = await new Browser(t.app).get('/');
    expect(String(home.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(home.headers['x-frame-options']).toBe('DENY');
  });

  it('an unknown or malformed id is a 404 page', async () => {
    expect((await new Browser(t.app).get(`/cms-preview/${newId()}`)).statusCode).toBe(404);
    expect((await new Browser(t.app).get('/cms-preview/not-an-id')).statusCode).toBe(404);
  });
});

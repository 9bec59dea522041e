import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../../src/platform/ids.js';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { Browser } from '../browser.js';
import { createShopProduct, textOf } from './shop-fixtures.js';

const stat = (value: unknown) => ({ source: 'static', value });

describe('GET /cms-preview/{id}: a saved layout for the Administration\'s preview', () => {
  let t: TestPlatform;
  const layoutId = newId();

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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/platform/acl/context.js';
import { buildSeedPlan } from '../../../src/extensions/demo-data/plan/build-plan.js';
import { startDemoDataTest, type DemoDataTest } from './demo-data-test-setup.js';

const RUN = { channels: ['outlet'], perCategory: 1, skipOrders: true };

describe('demo data seeding: images', () => {
  let t: DemoDataTest;
  beforeAll(async () => {
    t = await startDemoDataTest();
  });
  afterAll(() => t.close());

  it('uploads a generated PNG per media row and attaches it as cover, logo and banner', { timeout: 300_000 }, async () => {
    const plan = buildSeedPlan(t.blueprint, t.options(RUN));
    const first = await t.seed(RUN);
    expect(first.report.rows.find((r) => r[0] === 'media')?.[1]).toBe(String(plan.media.length));
    const media = await t.platform.repositories.get('media').read(plan.media.map((m) => m.id), systemContext);
    expect(media).toHaveLength(plan.media.length);
    for (const row of media) {
      expect(row.mimeType).toBe('image/png');
      expect(row.fileSize).toBeGreaterThan(1000);
    }
    const productImage = plan.media.find((m) => m.attachTo.entity === 'product')!;
    const product = (await t.platform.repositories.get('product').get(productImage.attachTo.id, systemContext))!;
    expect(product.coverId).toBe(productImage.productMedia!.id);
    const logo = plan.media.find((m) => m.attachTo.entity === 'product_manufacturer')!;
    expect((await t.platform.repositories.get('product_manufacturer').get(logo.attachTo.id, systemContext))!.mediaId).toBe(logo.id);
    const url = await t.host.media.urlOf(productImage.id);
    expect(url).toMatch(/\.png$/);
  });

  it('uploads nothing and writes nothing on a second run', { timeout: 120_000 }, async () => {
    t.writes.reset();
    const second = await t.seed(RUN);
    expect(t.writes.writes).toEqual([]);
    expect(second.report.totals.created + second.report.totals.enriched).toBe(0);
  });
});

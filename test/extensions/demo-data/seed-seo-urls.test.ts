import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startDemoDataTest, SMALL, type DemoDataTest } from './demo-data-test-setup.js';

describe('demo data seeding: SEO URLs', () => {
  let t: DemoDataTest;
  beforeAll(async () => {
    t = await startDemoDataTest();
    await t.seed(SMALL);
  });
  afterAll(() => t.close());

  it('gives every product a channel shows and every category of its navigation a canonical SEO URL', async () => {
    // the seeder writes through the platform's repositories: its writes bring the URLs up to date
    const { rows } = await sql<{ products: number; product_urls: number; categories: number; category_urls: number }>`
      SELECT
        (SELECT count(DISTINCT (v.sales_channel_id, p.id)) FROM product p JOIN product_visibility v ON v.product_id = p.id WHERE coalesce(p.active, true))::int AS products,
        (SELECT count(*) FROM seo_url s JOIN product p ON p.id = s.foreign_key JOIN sales_channel sc ON sc.id = s.sales_channel_id AND sc.language_id = s.language_id
          WHERE s.route_name = 'frontend.detail.page' AND s.is_canonical AND NOT s.is_deleted AND p.parent_id IS NULL)::int AS product_urls,
        (SELECT count(*) FROM sales_channel sc JOIN category c ON c.path LIKE '%|' || replace(sc.navigation_category_id::text, '-', '') || '|%' WHERE c.active AND c.type = 'page')::int AS categories,
        (SELECT count(*) FROM seo_url s JOIN sales_channel sc ON sc.id = s.sales_channel_id AND sc.language_id = s.language_id
          WHERE s.route_name = 'frontend.navigation.page' AND s.is_canonical AND NOT s.is_deleted)::int AS category_urls`.execute(t.platform.db);
    const counts = rows[0]!;
    expect(counts.products).toBeGreaterThan(0);
    expect(counts.product_urls).toBe(counts.products);
    expect(counts.categories).toBeGreaterThan(0);
    expect(counts.category_urls).toBe(counts.categories);
  });
});

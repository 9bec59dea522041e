import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../helpers/test-platform.js';

describe('platform boot', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  it('answers the health check without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/_info/health-check' });
    expect(response.statusCode).toBe(200);
  });

  it('issues an admin token for admin/shopware', async () => {
    expect(await t.adminToken()).toMatch(/^ey/);
  });
});

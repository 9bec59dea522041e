import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { createTestExtension } from '../../fixtures/test-extension.js';

describe('GET /api/_info/openapi3.json', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform({ extensions: [createTestExtension().extension] });
  });
  afterAll(() => t.close());

  it('is an OpenAPI 3 document generated from the Admin API route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/_info/openapi3.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });

    const token = doc.paths['/api/oauth/token'].post;
    expect(token.requestBody.content['application/json'].schema.properties.grant_type.enum).toEqual(['password', 'refresh_token', 'client_credentials']);
    expect(doc.paths['/api/_action/system-config'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['domain', 'salesChannelId', 'inherit']),
    );
    expect(doc.paths['/api/_action/system-config/batch'].post).toBeDefined();
    expect(doc.paths['/api/_action/extension/install/{type}/{name}'].post).toBeDefined();
    expect(doc.paths['/api/_info/queue.json'].get).toBeDefined();
    // generic entity routes of platform and extension entities
    expect(doc.paths['/api/acl-role'].get).toBeDefined();
    expect(doc.paths['/api/search/user'].post).toBeDefined();
    expect(doc.paths['/api/ext-test-note/{id}'].patch).toBeDefined();
    // extension Admin API routes are part of it, storefront routes are not
    expect(doc.paths['/api/_action/ext-test/ping']).toBeDefined();
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/api/'))).toBe(true);
  });
});

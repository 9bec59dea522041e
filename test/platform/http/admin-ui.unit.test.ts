import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerAdminUi } from '../../../src/platform/http/admin-ui.js';

function builtFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'admin-ui-'));
  mkdirSync(path.join(folder, 'assets'));
  writeFileSync(path.join(folder, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(folder, 'assets', 'index-abc123.js'), 'console.log(1)');
  return folder;
}

describe('the Administration at /admin', () => {
  it('serves index.html for /admin and every client-side route below it, uncached', async () => {
    const app = Fastify();
    await registerAdminUi(app, builtFolder());
    for (const url of ['/admin', '/admin/', '/admin/orders', '/admin/orders/0123456789abcdef0123456789abcdef']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    await app.close();
  });

  it('serves the hashed assets with a long cache lifetime', async () => {
    const app = Fastify();
    await registerAdminUi(app, builtFolder());
    const response = await app.inject({ method: 'GET', url: '/admin/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await app.close();
  });

  it('answers 503 with the reason when the UI is not built', async () => {
    const app = Fastify();
    await registerAdminUi(app, mkdtempSync(path.join(tmpdir(), 'admin-ui-empty-')));
    const response = await app.inject({ method: 'GET', url: '/admin' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
    await app.close();
  });
});

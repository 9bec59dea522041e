import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER, registerAdminUi } from '../../../src/platform/http/admin-ui.js';
import { registerSecurityHeaders, securityHeaderPolicy } from '../../../src/platform/http/security-headers.js';

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

  it("gives index.html a fresh style nonce per answer, the same in its policy and in the page's csp-nonce meta", async () => {
    const folder = builtFolder();
    writeFileSync(path.join(folder, 'index.html'), `<!doctype html><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><div id="root"></div>`);
    const app = Fastify();
    const policy = securityHeaderPolicy('http://localhost:8000');
    await registerSecurityHeaders(app, policy);
    await registerAdminUi(app, folder, policy.adminPage);
    const nonces = [];
    for (const url of ['/admin', '/admin/orders']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = response.headers['content-security-policy'] as string;
      const nonce = /style-src 'self' 'nonce-([0-9a-f]{32})'/.exec(csp)?.[1];
      expect(nonce, csp).toBeDefined();
      expect(response.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    // the assets get the app's policy, without a nonce
    const asset = await app.inject({ method: 'GET', url: '/admin/assets/index-abc123.js' });
    expect(asset.headers['content-security-policy']).not.toContain('nonce-');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
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

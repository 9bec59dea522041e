import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ADMIN_UI_FOLDER } from '../../src/platform/http/admin-ui.js';
import { freePort } from '../e2e/free-port.js';
import { createTestPlatform, type TestPlatform, type TestPlatformOptions } from '../helpers/test-platform.js';

/** Screenshots of the Administration's browser tests (gitignored). */
export const ADMIN_ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts/admin');

/**
 * A test platform listening on a free loopback port with the Administration built, for the browser tests
 * of its modules: the UI is built by `npm ci`/`npm run build`; a checkout that has not built it yet builds it here.
 */
export async function startAdminTestServer(options: TestPlatformOptions = {}): Promise<{ t: TestPlatform; base: string; port: number }> {
  if (!existsSync(path.join(ADMIN_UI_FOLDER, 'index.html'))) {
    const script = pathToFileURL(path.resolve(import.meta.dirname, '../../scripts/build-admin.mjs')).href;
    await (await import(script)).buildAdmin();
  }
  mkdirSync(ADMIN_ARTIFACTS, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestPlatform({ ...options, env: { ...options.env, appUrl: base, port, host: '127.0.0.1' } });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, base, port };
}

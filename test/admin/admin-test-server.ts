import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ADMIN_UI_FOLDER } from '../../src/platform/http/admin-ui.js';
import { freePort } from '../e2e/free-port.js';
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibilityProblems, expectNoSidewaysScroll, watchPage, type PageWatch } from '../helpers/page-checks.js';
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

/** The Administration's documents (index.html under /admin), for the header checks of watchPage. */
export const isAdminPage = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * A page of its own browser context (axe needs one) at `width`, watched for console errors, CSP violations and
 * header problems into `watches`; `expectedStatuses` are error answers the test provokes on purpose.
 */
export async function openAdminPage(browser: Browser, base: string, width: number, watches: PageWatch[], expectedStatuses: number[] = []): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  watches.push(await watchPage(page, base, { adminPage: isAdminPage, expectedStatuses }));
  return page;
}

/** Logs in through the login form and waits for the shell. */
export async function logInToAdmin(page: Page, base: string, username = 'admin', password = 'shopware'): Promise<void> {
  await page.goto(`${base}/admin/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Log out' }).waitFor();
}

/** Toasts closed, no sideways scrolling, no serious or critical axe violation, then a full-page screenshot `<name>.png`. */
export async function checkAndShoot(page: Page, name: string): Promise<void> {
  // toasts are read first, then closed: axe would measure them mid-transition
  // (one may close itself meanwhile: a click that finds it gone is fine)
  for (const close of await page.getByRole('button', { name: 'Close message' }).all()) await close.click({ timeout: 2000 }).catch(() => undefined);
  await page.getByRole('button', { name: 'Close message' }).first().waitFor({ state: 'detached' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoSidewaysScroll(page, name);
  expect(await accessibilityProblems(page), name).toEqual([]);
  await page.screenshot({ path: path.join(ADMIN_ARTIFACTS, `${name}.png`), fullPage: true });
}

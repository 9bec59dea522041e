import { expect } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page, Response } from 'playwright-core';

/**
 * What the platform's security headers must say on every answer (src/platform/http/security-headers.ts);
 * each problem as a sentence. `adminPage`: the Administration's index.html, whose policy also carries a
 * style nonce and `form-action 'self'`.
 */
export function securityHeaderProblems(headers: Record<string, string>, options: { adminPage?: boolean } = {}): string[] {
  const problems = framingAndScriptProblems(headers);
  if (headers['referrer-policy'] !== 'same-origin') problems.push(`Referrer-Policy is ${headers['referrer-policy']}`);
  const directives = cspDirectives(headers);
  const expectValues = (name: string, wanted: string[]) => {
    const values = directives.get(name);
    if (!values) problems.push(`CSP has no ${name}`);
    else for (const value of wanted) if (!values.includes(value)) problems.push(`CSP ${name} lacks ${value}: ${values.join(' ')}`);
  };
  expectValues('default-src', ["'self'"]);
  expectValues('script-src', ["'self'"]);
  expectValues('style-src', ["'self'"]);
  expectValues('object-src', ["'none'"]);
  if (options.adminPage) {
    expectValues('form-action', ["'self'"]);
    if (!directives.get('style-src')?.some((value) => value.startsWith("'nonce-"))) problems.push('the admin page has no style nonce');
  }
  return problems;
}

/**
 * What any page a customer passes through must say, the gateway's hosted page included: a CSP that
 * allows no inline, evaluated or foreign script or style and no framing, `X-Frame-Options: DENY`, `nosniff`.
 */
export function framingAndScriptProblems(headers: Record<string, string>): string[] {
  const directives = cspDirectives(headers);
  if (directives.size === 0) return ['no Content-Security-Policy'];
  const problems: string[] = [];
  if (directives.get('frame-ancestors')?.join(' ') !== "'none'") problems.push(`CSP frame-ancestors is ${directives.get('frame-ancestors')?.join(' ')}`);
  for (const [name, values] of directives) {
    // images may come from elsewhere (a gateway shows the shop's logo); code and styles may not
    if (name === 'img-src') continue;
    for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'https:', 'http:', 'data:']) if (values.includes(unsafe)) problems.push(`CSP ${name} allows ${unsafe}`);
  }
  if (headers['x-frame-options'] !== 'DENY') problems.push(`X-Frame-Options is ${headers['x-frame-options']}`);
  if (headers['x-content-type-options'] !== 'nosniff') problems.push(`X-Content-Type-Options is ${headers['x-content-type-options']}`);
  return problems;
}

function cspDirectives(headers: Record<string, string>): Map<string, string[]> {
  return new Map(
    (headers['content-security-policy'] ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

export interface PageWatch {
  /** Console errors, uncaught exceptions, CSP violations and header problems, each with the page it happened on. */
  problems: string[];
  /** Paths of the shop's documents (pages and redirects) whose headers were checked; the gateway's as `gateway:<path>`. */
  checkedDocuments: string[];
  /** Error answers the test expects (see PageWatchOptions.expectedStatuses), which the browser logs as console errors: `<page>: <status>`. */
  expectedAnswers: string[];
}

export interface PageWatchOptions {
  /** Which of the shop's paths are the Administration's index.html. */
  adminPage?: (path: string) => boolean;
  /** A gateway simulator's base URL: its hosted pages are checked with framingAndScriptProblems. */
  gatewayOrigin?: string;
  /**
   * Statuses the page is meant to receive and handle (a 409 conflict or confirmation question): Chromium logs
   * every error answer as a console error; these are recorded in `expectedAnswers` instead of `problems`.
   */
  expectedStatuses?: number[];
}

/**
 * Watches a page for what a user would never see but must not happen: console errors, uncaught
 * exceptions and Content-Security-Policy violations (reported by the browser's `securitypolicyviolation`
 * event in every document, the gateway's hosted pages included), and checks the security headers of
 * every document the shop (`shopOrigin`) or the gateway answers, redirects included.
 */
export async function watchPage(page: Page, shopOrigin: string, options: PageWatchOptions = {}): Promise<PageWatch> {
  const watch: PageWatch = { problems: [], checkedDocuments: [], expectedAnswers: [] };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const status = /^Failed to load resource: the server responded with a status of (\d+)/.exec(message.text())?.[1];
    if (status && options.expectedStatuses?.includes(Number(status))) watch.expectedAnswers.push(`${new URL(page.url()).pathname}: ${status}`);
    else watch.problems.push(`${page.url()}: console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => watch.problems.push(`${page.url()}: ${error.message}`));
  await page.exposeBinding('__reportCspViolation', (_source, text: string) => watch.problems.push(text));
  // injected by the browser driver, so it runs before the page's own code and is not itself subject to the CSP
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation;
      report(`${location.href}: CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`);
    });
  });
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'document') return;
    const url = new URL(response.url());
    const where = `${response.url()} (${response.status()})`;
    if (url.origin === shopOrigin) {
      watch.checkedDocuments.push(url.pathname);
      const adminPage = options.adminPage?.(url.pathname) ?? false;
      for (const problem of securityHeaderProblems(response.headers(), { adminPage })) watch.problems.push(`${where}: ${problem}`);
    } else if (options.gatewayOrigin && url.origin === new URL(options.gatewayOrigin).origin) {
      watch.checkedDocuments.push(`gateway:${url.pathname}`);
      for (const problem of framingAndScriptProblems(response.headers())) watch.problems.push(`${where}: ${problem}`);
    }
  });
  return watch;
}

/**
 * No problem on the watched page, and a document of every family was checked: a path (`/` is the home
 * page only) or, ending in `/`, a path prefix; the gateway's as `gateway:<path>`.
 */
export function expectCleanVisit(watch: PageWatch, families: string[]): void {
  expect(watch.problems).toEqual([]);
  for (const family of families) {
    const checked = watch.checkedDocuments.some((path) => path === family || (family !== '/' && family.endsWith('/') && path.startsWith(family)));
    expect(checked, `no ${family} document was checked: ${watch.checkedDocuments.join(', ')}`).toBe(true);
  }
}

/**
 * WCAG 2.1 A/AA violations of the serious and critical kind on the page as it is now (axe-core in the page),
 * each as one line naming the rule and the first offending elements; empty when there is none.
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  // a page without frames is checked by one axe.run in the page: the same rules and results as the default
  // frame-by-frame run, which also opens a blank page to merge the frames' results (0.5–0.8 s of a 1–1.5 s check)
  const singleFrame = page.frames().length === 1;
  // only the violations carry every node: the passes need no selectors, which axe otherwise computes for each node
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(singleFrame)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${page.url()}: ${violation.id} (${violation.impact}): ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Fails when the page scrolls sideways at its current width, naming the innermost elements that reach past the
 * right edge (tag, test id, classes), so the failure says what to fix.
 */
export async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const wide: string[] = [];
    // the offenders are looked for only when there are some (a walk over every element)
    if (document.documentElement.scrollWidth <= innerWidth) return { scrollWidth: document.documentElement.scrollWidth, innerWidth, wide };
    const past = (element: Element) => element.getBoundingClientRect().right > innerWidth + 0.5;
    // what a scroll container (a wide table's) clips does not move the page
    const clipped = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      // only the innermost: a container reaches past the edge because of what it holds
      if (!past(element) || [...element.children].some(past) || clipped(element)) continue;
      const testId = element.getAttribute('data-testid');
      wide.push(`${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).slice(0, 2).join('.')}` : ''} (${Math.round(element.getBoundingClientRect().right)} px)`);
      if (wide.length === 5) break;
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, wide };
  });
  expect(scrollWidth, `${name} at ${innerWidth} px scrolls sideways: ${wide.join(', ')}`).toBeLessThanOrEqual(innerWidth);
}

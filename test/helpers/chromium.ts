import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium; `.ci/run` installs it when it is missing. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Whether real-browser tests can run: a developer machine without Chromium skips them (with a warning),
 * CI must have it, so there they fail instead of being skipped.
 */
export function chromiumRunnable(testFile: string): boolean {
  const runnable = existsSync(CHROMIUM) || Boolean(process.env.CI);
  if (!runnable) console.warn(`${testFile} skipped: ${CHROMIUM} is missing (apt-get install chromium)`);
  return runnable;
}

/**
 * Headless Chromium kept off the network (the machine has no outside access: no Google services, no updates).
 * `hostMap` resolves host names to addresses inside the browser (a second sales channel on its own origin).
 */
export function launchChromium(options: { hostMap?: Record<string, string> } = {}): Promise<Browser> {
  const rules = Object.entries(options.hostMap ?? {}).map(([host, address]) => `MAP ${host} ${address}`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      ...(rules.length > 0 ? [`--host-resolver-rules=${rules.join(',')}`] : []),
    ],
  });
}

// the worker's Chromium: integration files share their worker's modules (`isolate: false`), so this outlives a file
let shared: Promise<Browser> | undefined;

/**
 * The Chromium of this test worker, launched by the first browser test file that asks and kept for the files the
 * worker runs after it (a launch is 0.2–1 s; the files run one after another, never at the same time). Every
 * `*.localhost` name resolves to 127.0.0.1, where the test servers listen (a sales channel on its own origin).
 * A file takes it in `beforeAll` and hands it back with `releaseSharedChromium()` in `afterAll`, which closes the
 * file's contexts: the next file starts without its pages, cookies or storage. It closes when the worker is stopped.
 */
export function sharedChromium(): Promise<Browser> {
  if (!shared) {
    const launching = launchChromium({ hostMap: { '*.localhost': '127.0.0.1' } });
    shared = launching;
    void launching.then(
      (browser) =>
        browser.on('disconnected', () => {
          // a crashed browser is launched again for the next file
          if (shared === launching) shared = undefined;
        }),
      () => {
        if (shared === launching) shared = undefined;
      },
    );
    closeOnStop();
  }
  return shared;
}

/** Closes every context the finished file opened on the shared Chromium (its own pages, cookies and storage). */
export async function releaseSharedChromium(): Promise<void> {
  const browser = await shared?.catch(() => undefined);
  if (browser?.isConnected()) await Promise.all(browser.contexts().map((context) => context.close()));
}

let closeOnStopInstalled = false;

/**
 * vitest stops a worker with SIGTERM once its files are done: the shared Chromium is closed, then the signal is
 * raised again for its default effect (Playwright's own handler, there while a browser runs, would keep the
 * worker alive until vitest's SIGKILL).
 */
function closeOnStop(): void {
  if (closeOnStopInstalled) return;
  closeOnStopInstalled = true;
  process.once('SIGTERM', () => {
    const closing = shared;
    shared = undefined;
    void (closing ?? Promise.resolve(undefined))
      .then((browser) => browser?.close())
      .catch(() => undefined)
      .finally(() => process.kill(process.pid, 'SIGTERM'));
  });
}

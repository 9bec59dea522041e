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

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

export const BANK_SCRIPT_PATH = '/pay-b/assets/bank-account.js';
const SCRIPT_FILE = new URL('./assets/bank-account.js', import.meta.url);

/**
 * Serves the profile form's script as a file of its own (not inline), so a Content-Security-Policy
 * without 'unsafe-inline' would keep it working. Read once at start-up; the returned URL carries a
 * content hash, so a day of caching never serves an old version after an update.
 */
export function registerBankScript(app: FastifyInstance): string {
  const source = readFileSync(SCRIPT_FILE);
  const version = createHash('sha256').update(source).digest('hex').slice(0, 12);
  app.get(BANK_SCRIPT_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .type('text/javascript; charset=utf-8')
      .send(source),
  );
  return `${BANK_SCRIPT_PATH}?v=${version}`;
}

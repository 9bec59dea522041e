import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Env } from '../../src/platform/env.js';

// the var folders this test process made (media, mails, sockets), removed when it exits
const varDirs: string[] = [];
process.once('exit', () => {
  for (const dir of varDirs) rmSync(dir, { recursive: true, force: true });
});

function temporaryVarDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'platform-test-'));
  varDirs.push(dir);
  return dir;
}

/** A process environment for tests: fixed secret, a temp var folder, no worker unless asked. */
export function testEnv(overrides: Partial<Env> = {}): Env {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: process.env.DATABASE_URL || undefined,
    varDir: temporaryVarDir(),
    appSecret: 'test-app-secret-0123456789abcdef',
    appUrl: 'http://localhost:8000',
    adminPassword: 'shopware',
    runWorker: false,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    tableCaches: true,
    ...overrides,
  };
}

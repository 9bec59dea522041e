import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Env } from '../../src/platform/env.js';

/** A process environment for tests: fixed secret, a temp var folder, no worker unless asked. */
export function testEnv(overrides: Partial<Env> = {}): Env {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: process.env.DATABASE_URL || undefined,
    varDir: mkdtempSync(path.join(tmpdir(), 'platform-test-')),
    appSecret: 'test-app-secret-0123456789abcdef',
    appUrl: 'http://localhost:8000',
    adminPassword: 'shopware',
    runWorker: false,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    tableCaches: true,
    ...overrides,
  };
}

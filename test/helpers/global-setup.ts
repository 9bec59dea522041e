import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/platform/database/connection.js';
import { Platform } from '../../src/platform/kernel.js';
import { adminConnectionString, withAdminClient, type TemplateInfo } from './databases.js';
import { testEnv } from './test-env.js';

declare module 'vitest' {
  export interface ProvidedContext {
    template: TemplateInfo;
  }
}

/**
 * Migrates one template database per test run; every test file clones it. The template holds the
 * platform only: an extension's tests install it on boot (for ExtPayB ~0.3 s per file), so each new
 * extension costs time only in its own tests.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const base = new URL(databaseUrl).pathname.slice(1) || 'test';
    const templateName = `${base}_tpl_${process.pid}`;
    await withAdminClient(databaseUrl, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`);
      await c.query(`CREATE DATABASE "${templateName}"`);
    });
    const handle = await openDatabase({ databaseUrl: adminConnectionString(databaseUrl, templateName) });
    const platform = await Platform.boot({ env: testEnv({ databaseUrl: undefined }), extensions: [], database: handle });
    await platform.close();
    project.provide('template', { kind: 'postgres', ref: templateName });
    return async () => {
      await withAdminClient(databaseUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`));
    };
  }

  const handle = await openDatabase({ dataDir: 'memory://' });
  const platform = await Platform.boot({ env: testEnv(), extensions: [], database: { ...handle, close: async () => handle.db.destroy() } });
  await platform.close();
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.pglite!.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'platform-template-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('template', { kind: 'embedded', ref: file });
  return () => rmSync(dir, { recursive: true, force: true });
}

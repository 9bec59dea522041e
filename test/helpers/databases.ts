import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../../src/platform/database/connection.js';

/**
 * Test databases start from a template that global setup migrated once: on PGlite a data dump loaded
 * into a fresh in-memory instance, on PostgreSQL `CREATE DATABASE ... TEMPLATE`.
 */
export interface TemplateInfo {
  kind: 'embedded' | 'postgres';
  /** embedded: path of the data dump; postgres: the template database name */
  ref: string;
}

export function adminConnectionString(databaseUrl: string, database?: string): string {
  const url = new URL(databaseUrl);
  if (database) url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function openTestDatabase(template: TemplateInfo | undefined, options: { tableCaches?: boolean } = {}): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  // only the integration project's global setup provides the template (vitest.config.ts)
  if (!template) throw new Error('No template database here: *.unit.test.ts files run without one. A test that needs the database is named *.test.ts.');
  if (template.kind === 'embedded') {
    const dump = new Blob([await readFile(template.ref)]);
    const handle = await openDatabase({ dataDir: 'memory://', loadDataDir: dump, ...options });
    return { handle, drop: async () => undefined };
  }
  const baseUrl = process.env.DATABASE_URL!;
  const name = `${template.ref}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(baseUrl, (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template.ref}"`));
  const handle = await openDatabase({ databaseUrl: adminConnectionString(baseUrl, name), maxConnections: 5, ...options });
  return {
    handle,
    drop: () => withAdminClient(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

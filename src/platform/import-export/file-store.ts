import { sql } from 'kysely';
import type { Db } from '../database/connection.js';
import { executorOf, type UnitOfWork } from '../database/transaction.js';
import { newId } from '../ids.js';
import { FILE_LIFETIME_DAYS } from './limits.js';

/**
 * Files of import/export runs live in the database (`import_export_file.content`): any process or worker of a
 * shop on one PostgreSQL reads the same upload, and nothing needs a shared disk. The limits keep them small.
 */
export async function storeFile(within: Db | UnitOfWork, originalName: string, content: Buffer): Promise<string> {
  const id = newId();
  await sql`INSERT INTO import_export_file (id, original_name, size, content, expire_date)
    VALUES (${id}, ${originalName.slice(0, 255)}, ${content.length}, ${content}, now() + make_interval(days => ${FILE_LIFETIME_DAYS}))`.execute(executorOf(within));
  return id;
}

export async function readFile(db: Db, fileId: string): Promise<{ originalName: string; content: Buffer } | undefined> {
  const found = await sql<{ original_name: string; content: Buffer }>`SELECT original_name, content FROM import_export_file WHERE id = ${fileId}`.execute(db);
  const row = found.rows[0];
  return row && { originalName: row.original_name, content: Buffer.from(row.content) };
}

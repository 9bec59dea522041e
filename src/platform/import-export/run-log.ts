import { sql } from 'kysely';
import type { Db } from '../database/connection.js';
import { executorOf, type UnitOfWork } from '../database/transaction.js';
import type { ProfileRecord } from './default-profiles.js';

export type RunState = 'pending' | 'progress' | 'succeeded' | 'failed';

/** A rejected row: its number in the file (the header is row 1, as a spreadsheet numbers it), why, and its cells. */
export interface RejectedRow {
  row: number;
  key?: string;
  reason: string;
  cells: string[];
}

/** What a run has done so far; kept in `import_export_log.result`. */
export interface RunResult {
  /** Data rows read (imports) or written (exports). */
  rows: number;
  created: number;
  updated: number;
  rejected: number;
  /** Data rows of the file whose outcome is committed: a retried job resumes after them. */
  committedRows: number;
  rejectedRows: RejectedRow[];
  header?: string[];
  encoding?: string;
  ignoredColumns?: string[];
  /** Why the run failed (the file as a whole: wrong delimiter, no header, limits). */
  error?: { code: string; detail: string; meta?: Record<string, unknown> };
}

export const emptyResult = (): RunResult => ({ rows: 0, created: 0, updated: 0, rejected: 0, committedRows: 0, rejectedRows: [] });

export interface RunLog {
  id: string;
  activity: 'import' | 'export';
  state: RunState;
  dryRun: boolean;
  fileId: string | null;
  profile: ProfileRecord;
  result: RunResult;
}

/** The log with its profile, or undefined. */
export async function loadRunLog(db: Db, logId: string): Promise<RunLog | undefined> {
  const found = await sql<{
    id: string; activity: 'import' | 'export'; state: RunState; dry_run: boolean; file_id: string | null; result: RunResult;
    p_id: string | null; label: string | null; technical_name: string | null; source_entity: string | null; type: string | null;
    delimiter: string | null; enclosure: string | null; mapping: ProfileRecord['mapping'] | null;
  }>`SELECT l.id, l.activity, l.state, l.dry_run, l.file_id, l.result, p.id AS p_id, p.label, p.technical_name, p.source_entity, p.type, p.delimiter, p.enclosure, p.mapping
     FROM import_export_log l LEFT JOIN import_export_profile p ON p.id = l.profile_id WHERE l.id = ${logId}`.execute(db);
  const row = found.rows[0];
  if (!row || !row.p_id) return undefined;
  return {
    id: row.id,
    activity: row.activity,
    state: row.state,
    dryRun: row.dry_run,
    fileId: row.file_id,
    result: { ...emptyResult(), ...row.result },
    profile: {
      id: row.p_id,
      label: row.label!,
      technicalName: row.technical_name,
      sourceEntity: row.source_entity!,
      type: row.type as ProfileRecord['type'],
      delimiter: row.delimiter!,
      enclosure: row.enclosure!,
      mapping: row.mapping ?? [],
    },
  };
}

/** Writes the run's progress; inside a batch's transaction it commits with the batch. */
export async function saveProgress(within: Db | UnitOfWork, logId: string, result: RunResult, state: RunState = 'progress'): Promise<void> {
  const finished = state === 'succeeded' || state === 'failed';
  await sql`UPDATE import_export_log SET state = ${state}, records = ${result.rows}, result = ${JSON.stringify(result)}::jsonb,
      started_at = coalesce(started_at, now()), finished_at = ${finished ? sql`now()` : sql`NULL`}, updated_at = now()
    WHERE id = ${logId}`.execute(executorOf(within));
}

export interface NewRunLog {
  profile: ProfileRecord;
  activity: 'import' | 'export';
  dryRun: boolean;
  fileId: string | null;
  userId?: string | null;
  username?: string | null;
}

export async function createRunLog(within: Db | UnitOfWork, id: string, log: NewRunLog): Promise<void> {
  await sql`INSERT INTO import_export_log (id, profile_id, profile_name, file_id, activity, state, dry_run, result, user_id, username)
    VALUES (${id}, ${log.profile.id}, ${log.profile.label}, ${log.fileId}, ${log.activity}, 'pending', ${log.dryRun}, ${JSON.stringify(emptyResult())}::jsonb, ${log.userId ?? null}, ${log.username ?? null})`.execute(
    executorOf(within),
  );
}

export async function setInvalidRecordsFile(db: Db, logId: string, fileId: string): Promise<void> {
  await sql`UPDATE import_export_log SET invalid_records_file_id = ${fileId} WHERE id = ${logId}`.execute(db);
}

export async function setExportFile(db: Db, logId: string, fileId: string): Promise<void> {
  await sql`UPDATE import_export_log SET file_id = ${fileId} WHERE id = ${logId}`.execute(db);
}

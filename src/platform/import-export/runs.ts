import { sql } from 'kysely';
import { requirePrivileges, type ApiContext } from '../acl/context.js';
import type { CoreServices } from '../core-services.js';
import type { Db } from '../database/connection.js';
import { executorOf, transaction, type UnitOfWork } from '../database/transaction.js';
import { AppError, errors } from '../errors/app-error.js';
import { isId, newId } from '../ids.js';
import { countLines } from './csv-input.js';
import { IMPORTABLE_ENTITIES, type ProfileRecord } from './default-profiles.js';
import { runExport } from './export-run.js';
import { storeFile } from './file-store.js';
import { runImport } from './import-run.js';
import { IMPORT_LIMITS } from './limits.js';
import { createRunLog, loadRunLog, type RunLog, type RunResult } from './run-log.js';

/** The queue whose jobs run imports and exports, one log per job. */
export const IMPORT_EXPORT_QUEUE = 'import_export.process';

export type RunDeps = Pick<CoreServices, 'db' | 'repositories' | 'entities'>;

/** A profile by id, technical name or label (case-insensitive), for the API and the command line. */
export async function findProfile(db: Db, reference: string): Promise<ProfileRecord> {
  const byId = isId(reference.toLowerCase()) ? reference.toLowerCase() : null;
  const found = await sql<{ id: string; label: string; technical_name: string | null; source_entity: string; type: ProfileRecord['type']; delimiter: string; enclosure: string; mapping: ProfileRecord['mapping'] }>`
    SELECT id, label, technical_name, source_entity, type, delimiter, enclosure, mapping FROM import_export_profile
    WHERE id = ${byId}::uuid OR lower(technical_name) = lower(${reference}) OR lower(label) = lower(${reference}) ORDER BY system_default DESC LIMIT 1`.execute(db);
  const row = found.rows[0];
  if (!row) throw new AppError(404, 'CONTENT__IMPORT_EXPORT_PROFILE_NOT_FOUND', `No import/export profile "${reference}".`);
  return { id: row.id, label: row.label, technicalName: row.technical_name, sourceEntity: row.source_entity, type: row.type, delimiter: row.delimiter, enclosure: row.enclosure, mapping: row.mapping };
}

/** What the caller must hold besides the log's privileges: the records the run reads or writes. */
export function requireRunPrivileges(context: ApiContext, profile: ProfileRecord, activity: 'import' | 'export'): void {
  requirePrivileges(context, activity === 'import' ? [`${profile.sourceEntity}:create`, `${profile.sourceEntity}:update`] : [`${profile.sourceEntity}:read`]);
}

export interface PrepareInput {
  profile: ProfileRecord;
  /** The uploaded file for an import; none for an export. */
  file?: { name: string; bytes: Buffer };
  context: ApiContext;
  username?: string | null;
}

/**
 * Shopware's "prepare": stores the upload (checked against the limits before anything is stored) and creates
 * the run's log in state `pending`. No file: an export. Nothing is parsed here; `process` queues the run.
 */
export async function prepareRun(db: Db, input: PrepareInput): Promise<string> {
  const { profile, file } = input;
  const activity = file ? 'import' : 'export';
  if (activity === 'import' && (profile.type === 'export' || !(IMPORTABLE_ENTITIES as readonly string[]).includes(profile.sourceEntity))) {
    throw new AppError(400, 'CONTENT__IMPORT_NOT_SUPPORTED', `The profile "${profile.label}" exports ${profile.sourceEntity} records; it cannot import them.`);
  }
  requireRunPrivileges(input.context, profile, activity);
  if (file) checkUpload(file.bytes);
  const logId = newId();
  await transaction(db, async (uow) => {
    const fileId = file ? await storeFile(uow, file.name, file.bytes) : null;
    const source = input.context.source;
    await createRunLog(uow, logId, { profile, activity, dryRun: false, fileId, userId: source.type === 'admin-api' ? (source.userId ?? null) : null, username: input.username ?? null });
  });
  return logId;
}

function checkUpload(bytes: Buffer): void {
  if (bytes.length === 0) throw new AppError(400, 'CONTENT__IMPORT_EMPTY_FILE', 'The file is empty: it needs a header line and at least one row.');
  // a spreadsheet or archive instead of CSV (UTF-16 with its BOM has NUL bytes and is text)
  const utf16 = bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
  if (!utf16 && bytes.includes(0)) {
    throw new AppError(400, 'CONTENT__IMPORT_FILE_NOT_CSV', 'The file is not a text file (it contains NUL bytes): save it as CSV (UTF-8) and upload it again.');
  }
  if (bytes.length > IMPORT_LIMITS.maxFileBytes) {
    throw new AppError(413, 'CONTENT__IMPORT_FILE_TOO_LARGE', `The file has ${bytes.length} bytes; at most ${IMPORT_LIMITS.maxFileBytes} are accepted. Split it.`);
  }
  // the header line and a final line break are not rows
  if (countLines(bytes) > IMPORT_LIMITS.maxRows + 2) {
    throw new AppError(413, 'CONTENT__IMPORT_TOO_MANY_ROWS', `The file has more than ${IMPORT_LIMITS.maxRows} rows; split it.`);
  }
}

/** Shopware's "process": marks the pending run (dry run or not) and queues it in the same transaction. */
export async function queueRun(deps: Pick<CoreServices, 'db' | 'queue'>, logId: string, dryRun: boolean, context: ApiContext): Promise<void> {
  const log = await loadRunLog(deps.db, logId);
  if (!log) throw errors.notFound('import_export_log', logId);
  requireRunPrivileges(context, log.profile, log.activity);
  if (dryRun && log.activity === 'export') throw new AppError(400, 'CONTENT__EXPORT_NO_DRY_RUN', 'An export writes nothing: it has no dry run.');
  await transaction(deps.db, async (uow) => {
    await markStarted(uow, logId, dryRun);
    await deps.queue.send(uow, IMPORT_EXPORT_QUEUE, { logId });
  });
}

/** Moves a pending run to `progress` with its dry-run flag: one conditional write, so a run starts once. */
export async function markStarted(within: Db | UnitOfWork, logId: string, dryRun: boolean): Promise<void> {
  const moved = await sql`UPDATE import_export_log SET dry_run = ${dryRun}, state = 'progress', updated_at = now() WHERE id = ${logId} AND state = 'pending'`.execute(executorOf(within));
  if (Number(moved.numAffectedRows ?? 0) === 0) throw new AppError(409, 'CONTENT__IMPORT_EXPORT_ALREADY_PROCESSED', 'The run was started already: prepare the file again for another run.');
}

/** Runs the log's import or export (the queue's handler, and the command line directly). A finished run is left as it is. */
export async function executeRun(deps: RunDeps, logId: string): Promise<RunLog | undefined> {
  const log = await loadRunLog(deps.db, logId);
  if (!log || log.state === 'succeeded' || log.state === 'failed') return log;
  const result: RunResult = log.activity === 'import' ? await runImport(deps, log) : await runExport(deps, log);
  return { ...log, result, state: result.error ? 'failed' : 'succeeded' };
}

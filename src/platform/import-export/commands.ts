import { readFile as readDiskFile, stat, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { systemContext } from '../acl/context.js';
import type { CommandIo, CommandInput } from '../console/command.js';
import { EXIT } from '../console/exit-codes.js';
import type { PlatformCommand } from '../console/platform-command.js';
import { formatTable } from '../console/table.js';
import { UsageError } from '../console/usage-error.js';
import { AppError } from '../errors/app-error.js';
import { DEFAULT_CUSTOMER_PROFILE_ID, DEFAULT_ORDER_PROFILE_ID, DEFAULT_PRODUCT_PROFILE_ID } from './default-profiles.js';
import { readFile } from './file-store.js';
import { IMPORT_LIMITS } from './limits.js';
import { loadRunLog, type RunLog } from './run-log.js';
import { executeRun, findProfile, markStarted, prepareRun, type RunDeps } from './runs.js';

type Uses = 'db' | 'repositories' | 'entities';

/** Rejected rows printed in full; the rest are counted (the log and its rejected-rows file keep them all). */
const PRINTED_REJECTIONS = 50;

const profileOption = { type: 'string', valueName: '<profile>', description: 'Profile id, technical name or label (default: the default profile)' } as const;

function importCommand(entity: string, defaultProfileId: string): PlatformCommand<Uses> {
  return {
    name: `import:${entity}s`,
    description: `Import ${entity}s from a CSV file (runs in this process; prints the tally and the rejected rows)`,
    arguments: [{ name: 'file', description: 'The CSV file', required: true }],
    options: { 'dry-run': { type: 'boolean', description: 'Check every row and write nothing' }, profile: profileOption },
    async run(input, io, platform) {
      const path = resolve(String(input.args.file));
      const size = await stat(path).then((s) => s.size, () => undefined);
      if (size === undefined) throw new UsageError(`No file ${path}`);
      if (size > IMPORT_LIMITS.maxFileBytes) return fail(io, `The file has ${size} bytes; at most ${IMPORT_LIMITS.maxFileBytes} are accepted. Split it.`);
      return withErrors(io, async () => {
        const profile = await findProfile(platform.db, profileOf(input, defaultProfileId));
        const logId = await prepareRun(platform.db, { profile, file: { name: basename(path), bytes: await readDiskFile(path) }, context: systemContext, username: 'bin/console' });
        await markStarted(platform.db, logId, input.options['dry-run'] === true);
        return report(io, await run(platform, logId));
      });
    },
  };
}

function exportCommand(entity: string, defaultProfileId: string): PlatformCommand<Uses> {
  return {
    name: `export:${entity}s`,
    description: `Export every ${entity} to a CSV file`,
    arguments: [{ name: 'file', description: 'Where to write the CSV', required: true }],
    options: { profile: profileOption },
    async run(input, io, platform) {
      const path = resolve(String(input.args.file));
      return withErrors(io, async () => {
        const profile = await findProfile(platform.db, profileOf(input, defaultProfileId));
        const logId = await prepareRun(platform.db, { profile, context: systemContext, username: 'bin/console' });
        await markStarted(platform.db, logId, false);
        const log = await run(platform, logId);
        const file = log.fileId ? await readFile(platform.db, log.fileId) : undefined;
        if (log.result.error || !file) return report(io, log);
        await writeFile(path, file.content);
        io.out(`Exported ${log.result.rows} ${entity}s to ${path}.`);
        return EXIT.ok;
      });
    },
  };
}

function profileOf(input: CommandInput, fallback: string): string {
  const given = input.options.profile;
  return typeof given === 'string' && given.trim() ? given.trim() : fallback;
}

async function run(platform: RunDeps, logId: string): Promise<RunLog> {
  await executeRun(platform, logId);
  return (await loadRunLog(platform.db, logId))!;
}

async function withErrors(io: CommandIo, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return fail(io, error.message);
    throw error;
  }
}

function fail(io: CommandIo, message: string): number {
  io.err(message);
  return EXIT.failure;
}

/** Exit 0 when every row was imported; 1 when the file failed or some rows were rejected (the good rows are in). */
function report(io: CommandIo, log: RunLog): number {
  const { result } = log;
  if (result.error) return fail(io, `Import failed: ${result.error.detail}`);
  const verb = log.dryRun ? 'Dry run (nothing written): would create' : 'Created';
  io.out(`${verb} ${result.created}, ${log.dryRun ? 'would update' : 'updated'} ${result.updated}, rejected ${result.rejected} of ${result.rows} rows.`);
  if (result.encoding && result.encoding !== 'utf-8') io.out(`The file was read as ${result.encoding} and converted.`);
  if (result.ignoredColumns?.length) io.out(`Ignored columns (not in the profile): ${result.ignoredColumns.join(', ')}`);
  if (result.rejected > 0) {
    const shown = result.rejectedRows.slice(0, PRINTED_REJECTIONS);
    for (const line of formatTable(['Row', 'Key', 'Reason'], shown.map((r) => [String(r.row), r.key ?? '', r.reason]))) io.out(line);
    if (result.rejected > shown.length) io.out(`… and ${result.rejected - shown.length} more (GET /api/import-export-log/${log.id}).`);
    return EXIT.failure;
  }
  return EXIT.ok;
}

export const importExportCommands = [
  importCommand('product', DEFAULT_PRODUCT_PROFILE_ID),
  importCommand('customer', DEFAULT_CUSTOMER_PROFILE_ID),
  exportCommand('product', DEFAULT_PRODUCT_PROFILE_ID),
  exportCommand('customer', DEFAULT_CUSTOMER_PROFILE_ID),
  exportCommand('order', DEFAULT_ORDER_PROFILE_ID),
];

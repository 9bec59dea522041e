import { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { systemContext } from '../acl/context.js';
import type { CoreServices } from '../core-services.js';
import { transaction, type UnitOfWork } from '../database/transaction.js';
import { AppError, AppErrorList } from '../errors/app-error.js';
import { RowProblem } from './cell-values.js';
import { checkDelimiter, decodeCsv } from './csv-input.js';
import { CustomerImporter } from './customer-importer.js';
import type { ConvertedRow, EntityImporter } from './entity-importer.js';
import { readFile, storeFile } from './file-store.js';
import { IMPORT_LIMITS, WRITE_BATCH_ROWS } from './limits.js';
import { ProductImporter } from './product-importer.js';
import { saveProgress, setInvalidRecordsFile, type RejectedRow, type RunLog, type RunResult } from './run-log.js';

export type ImportDeps = Pick<CoreServices, 'db' | 'repositories'>;

interface PendingRow {
  index: number;
  row: number;
  cells: string[];
  converted: ConvertedRow<unknown>;
}

/** Thrown inside a dry run's transaction so that everything it wrote is rolled back. */
class DryRunRollback extends Error {}
/** Thrown when rows of a batch are refused before writing: the batch is rolled back and written without them. */
class BatchRefused extends Error {}

async function importerFor(entity: string, deps: ImportDeps): Promise<EntityImporter<unknown>> {
  if (entity === 'product') return (await ProductImporter.create(deps.db)) as EntityImporter<unknown>;
  if (entity === 'customer') return (await CustomerImporter.create(deps.db)) as EntityImporter<unknown>;
  throw new AppError(400, 'CONTENT__IMPORT_NOT_SUPPORTED', `The profile's entity "${entity}" can be exported, not imported.`);
}

/**
 * Imports the log's file: parses it as a stream of records, converts each (a bad one is rejected with its
 * row number and reason), and writes the good ones a batch per transaction. The log's progress commits with
 * each batch, so a job retried after a crash resumes after the last committed batch, and a batch written
 * twice finds its records by their keys: nothing is duplicated. A dry run writes every batch the same way
 * and rolls it back, so it reports what the database itself would refuse too.
 * A problem with the file as a whole (encoding, delimiter, header, limits) fails the run with a message.
 */
export async function runImport(deps: ImportDeps, log: RunLog): Promise<RunResult> {
  const result = log.result;
  try {
    const file = log.fileId ? await readFile(deps.db, log.fileId) : undefined;
    if (!file) throw new AppError(404, 'CONTENT__IMPORT_FILE_NOT_FOUND', 'The run has no file (it expired or was deleted): upload it again.');
    const importer = await importerFor(log.profile.sourceEntity, deps);
    const { text, encoding } = decodeCsv(file.content);
    result.encoding = encoding;
    checkDelimiter(text, log.profile.delimiter, log.profile.mapping.map((m) => m.mappedKey));
    await new ImportRun(deps, log, importer, result).run(text);
    await finishImport(deps, log, result);
    return result;
  } catch (error) {
    if (!(error instanceof AppError)) throw error; // a fault: the job is retried and resumes
    result.error = { code: error.code, detail: error.message, meta: error.meta };
    await saveProgress(deps.db, log.id, result, 'failed');
    return result;
  }
}

async function finishImport(deps: ImportDeps, log: RunLog, result: RunResult): Promise<void> {
  if (result.rejectedRows.length > 0 && result.header) {
    const csv = stringify([[...result.header, '_row', '_error'], ...result.rejectedRows.map((r) => [...r.cells, String(r.row), r.reason])], {
      delimiter: log.profile.delimiter,
      quote: log.profile.enclosure,
    });
    const fileId = await storeFile(deps.db, `rejected-rows-${log.id}.csv`, Buffer.from(csv, 'utf8'));
    await setInvalidRecordsFile(deps.db, log.id, fileId);
  }
  await saveProgress(deps.db, log.id, result, 'succeeded');
}

class ImportRun {
  #columns: Array<string | undefined> = [];
  readonly #seenKeys = new Map<string, number>();
  #batch: PendingRow[] = [];

  constructor(
    private readonly deps: ImportDeps,
    private readonly log: RunLog,
    private readonly importer: EntityImporter<unknown>,
    private readonly result: RunResult,
  ) {}

  async run(text: string): Promise<void> {
    const { profile } = this.log;
    const skipped: Array<{ line: number; reason: string }> = [];
    const parser = Readable.from(chunks(text)).pipe(
      parse({
        delimiter: profile.delimiter,
        quote: profile.enclosure,
        relax_column_count: true,
        skip_empty_lines: true,
        max_record_size: IMPORT_LIMITS.maxRecordLength,
        skip_records_with_error: true,
        info: true,
        on_skip: (error: CsvError | undefined) => {
          skipped.push({ line: Number((error as { lines?: number } | undefined)?.lines ?? 0), reason: error?.message ?? 'unreadable record' });
          return undefined;
        },
      }),
    );
    let index = -1;
    for await (const entry of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      while (skipped.length > 0) this.#rejectUnreadable(skipped.shift()!);
      if (index === -1) {
        this.#readHeader(entry.record);
        index = 0;
        continue;
      }
      const row = index + 2;
      if (index >= IMPORT_LIMITS.maxRows) {
        throw new AppError(400, 'CONTENT__IMPORT_TOO_MANY_ROWS', `The file has more than ${IMPORT_LIMITS.maxRows} rows; rows up to ${row - 1} were imported. Split the file.`);
      }
      if (index >= this.result.committedRows) this.#take(index, row, entry.record);
      index += 1;
      if (this.#batch.length >= WRITE_BATCH_ROWS) await this.#flush(index);
    }
    while (skipped.length > 0) this.#rejectUnreadable(skipped.shift()!);
    if (index === -1) throw new AppError(400, 'CONTENT__IMPORT_EMPTY_FILE', 'The file is empty: it needs a header line and at least one row.');
    await this.#flush(Math.max(index, this.result.committedRows));
  }

  #readHeader(header: string[]): void {
    if (header.length > IMPORT_LIMITS.maxColumns) throw new AppError(400, 'CONTENT__IMPORT_TOO_MANY_COLUMNS', `The header has ${header.length} columns; at most ${IMPORT_LIMITS.maxColumns} are read.`);
    const byHeader = new Map(this.log.profile.mapping.map((m) => [m.mappedKey.trim().toLowerCase(), m.key]));
    this.#columns = header.map((h) => byHeader.get(h.trim().toLowerCase()));
    this.result.header = header;
    this.result.ignoredColumns = header.filter((_, i) => this.#columns[i] === undefined);
    const mapped = new Set(this.#columns);
    const missing = this.importer.requiredKeys.filter((key) => !mapped.has(key));
    if (missing.length > 0) {
      const names = missing.map((key) => this.log.profile.mapping.find((m) => m.key === key)?.mappedKey ?? key);
      throw new AppError(400, 'CONTENT__IMPORT_MISSING_COLUMN', `The file has no column ${names.join(', ')}: the profile "${this.log.profile.label}" needs ${names.length === 1 ? 'it' : 'them'} to find existing records.`, {
        meta: { missing: names },
      });
    }
  }

  #take(index: number, row: number, cells: string[]): void {
    this.result.rows = Math.max(this.result.rows, index + 1);
    try {
      const values = new Map<string, string>();
      cells.forEach((cell, i) => {
        const key = this.#columns[i];
        if (key === undefined) return;
        if (cell.length > IMPORT_LIMITS.maxFieldLength) throw new RowProblem(`${this.result.header?.[i] ?? key}: longer than ${IMPORT_LIMITS.maxFieldLength} characters`);
        values.set(key, cell);
      });
      if (cells.length > this.#columns.length) throw new RowProblem(`${cells.length} cells, the header has ${this.#columns.length} columns (a delimiter or quote inside a value?)`);
      const converted = this.importer.convert(values);
      const first = this.#seenKeys.get(converted.key);
      if (first !== undefined) throw new RowProblem(`${converted.key} appears already in row ${first}`);
      this.#seenKeys.set(converted.key, row);
      this.#batch.push({ index, row, cells, converted });
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      // the row's key as written, so the report names the record even when the row could not be read
      const key = cells[this.#columns.indexOf(this.importer.requiredKeys[0])]?.trim() || undefined;
      this.#reject({ row, key, reason: error.message, cells });
    }
  }

  #rejectUnreadable(skip: { line: number; reason: string }): void {
    this.result.rows += 1;
    this.#reject({ row: skip.line, reason: `unreadable: ${skip.reason}`, cells: [] });
  }

  #reject(rejected: RejectedRow): void {
    this.result.rejected += 1;
    if (this.result.rejectedRows.length < IMPORT_LIMITS.maxReportedRows) this.result.rejectedRows.push(rejected);
  }

  /** Writes the batch; a row the database refuses is rejected with the refusal and the rest written again. */
  async #flush(committedRows: number): Promise<void> {
    let pending = this.#batch;
    this.#batch = [];
    for (;;) {
      const outcome = await this.#writeBatch(pending, committedRows);
      if (outcome.ok) return;
      if (outcome.refused.size === 0) {
        // the refusal names no row: write the rows one by one to find it
        if (pending.length === 1) {
          this.#reject({ row: pending[0]!.row, key: pending[0]!.converted.key, reason: outcome.reason, cells: pending[0]!.cells });
          await this.#writeBatch([], committedRows);
          return;
        }
        for (let i = 0; i < pending.length; i += 1) {
          this.#batch = [pending[i]!];
          await this.#flush(i === pending.length - 1 ? committedRows : this.result.committedRows);
        }
        return;
      }
      for (const [item, reason] of outcome.refused) this.#reject({ row: item.row, key: item.converted.key, reason, cells: item.cells });
      pending = pending.filter((item) => !outcome.refused.has(item));
    }
  }

  async #writeBatch(pending: PendingRow[], committedRows: number): Promise<{ ok: true } | { ok: false; refused: Map<PendingRow, string>; reason: string }> {
    const refused = new Map<PendingRow, string>();
    const counts = { created: 0, updated: 0 };
    let phase: PendingRow[] = [];
    try {
      await transaction(this.deps.db, async (uow) => {
        const converted = pending.map((p) => p.converted);
        const existing = await this.importer.findExisting(converted, uow);
        await this.importer.prepareBatch?.(converted, uow);
        const creates: Array<[PendingRow, Record<string, unknown>]> = [];
        const updates: Array<[PendingRow, Record<string, unknown>]> = [];
        for (const item of pending) {
          const id = existing.get(item.converted);
          try {
            const payload = this.importer.payload(item.converted, id ?? this.importer.newId(item.converted), id === undefined);
            (id === undefined ? creates : updates).push([item, payload]);
          } catch (error) {
            if (!(error instanceof RowProblem)) throw error;
            refused.set(item, error.message);
          }
        }
        if (refused.size > 0) throw new BatchRefused(); // written again without them
        await this.#write(uow, creates, updates, (rows) => (phase = rows));
        await this.importer.afterBatch?.([...creates, ...updates].map(([, p]) => p.id as string), uow);
        counts.created = creates.length;
        counts.updated = updates.length;
        if (!this.log.dryRun) await saveProgress(uow, this.log.id, this.#advanced(counts, committedRows));
        else throw new DryRunRollback();
      });
    } catch (error) {
      if (error instanceof BatchRefused) return { ok: false, refused, reason: '' };
      if (error instanceof DryRunRollback) {
        await saveProgress(this.deps.db, this.log.id, this.#advanced(counts, committedRows));
        return { ok: true };
      }
      if (!(error instanceof AppError)) throw error;
      for (const entry of error instanceof AppErrorList ? error.entries : [error]) {
        const at = /^\/(\d+)(\/.*)?$/.exec(entry.pointer ?? '');
        const item = at ? phase[Number(at[1])] : undefined;
        if (item) refused.set(item, `${at![2] ? `${at![2].slice(1).replace(/\//g, '.')}: ` : ''}${entry.message}`);
      }
      return { ok: false, refused, reason: error.message };
    }
    if (pending.length === 0 && !this.log.dryRun) await saveProgress(this.deps.db, this.log.id, this.#advanced(counts, committedRows));
    return { ok: true };
  }

  async #write(uow: UnitOfWork, creates: Array<[PendingRow, Record<string, unknown>]>, updates: Array<[PendingRow, Record<string, unknown>]>, phase: (rows: PendingRow[]) => void): Promise<void> {
    const repository = this.deps.repositories.get(this.importer.entity);
    if (creates.length > 0) {
      phase(creates.map(([item]) => item));
      await repository.create(creates.map(([, p]) => p), systemContext, uow, { batched: true });
    }
    if (updates.length > 0) {
      phase(updates.map(([item]) => item));
      await repository.update(updates.map(([, p]) => p), systemContext, uow);
    }
  }

  /** The result once this batch is in: a copy, so a rolled-back transaction leaves the run's figures as they were. */
  #advanced(counts: { created: number; updated: number }, committedRows: number): RunResult {
    this.result.created += counts.created;
    this.result.updated += counts.updated;
    this.result.committedRows = Math.max(this.result.committedRows, committedRows);
    return this.result;
  }
}

/** The text in 64 KiB pieces: the parser works through the file as a stream instead of one huge string. */
function* chunks(text: string): Generator<string> {
  for (let at = 0; at < text.length; at += 65_536) yield text.slice(at, at + 65_536);
}

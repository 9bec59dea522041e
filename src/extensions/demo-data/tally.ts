/**
 * What a run did, per entity:
 * - created: the row did not exist and was inserted;
 * - reused: found by its deterministic id and complete, nothing written;
 * - adopted: found by natural key under another id (or an adopt-list name) and taken over;
 * - enriched: an existing row (reused or adopted) got empty fields filled or missing links added;
 * - skipped: not written on purpose or after a non-fatal failure (e.g. reviews of adopted products, an
 *   image that could not be stored).
 * An adopted row is not also counted as reused; a row that was reused or adopted and then completed is
 * counted in both its column and `enriched`.
 */
export type TallyColumn = 'created' | 'reused' | 'adopted' | 'enriched' | 'skipped';

export const TALLY_COLUMNS: readonly TallyColumn[] = ['created', 'reused', 'adopted', 'enriched', 'skipped'];

export const TALLY_HEADERS = ['Entity', 'Created', 'Reused', 'Adopted', 'Enriched', 'Skipped'] as const;

export type TallyCounts = Record<TallyColumn, number>;

/** The tally as the status record and the Administration show it: strings in the table, as printed. */
export interface TallyReport {
  headers: string[];
  rows: string[][];
  notes: string[];
  totals: TallyCounts;
}

export class Tally {
  private readonly counts = new Map<string, TallyCounts>();
  private readonly noteList: string[] = [];

  /** Counts `count` rows of `entity` (platform entity name, e.g. `product`) in a column. */
  add(entity: string, column: TallyColumn, count = 1): void {
    if (!Number.isInteger(count) || count < 0) throw new Error(`Tally.add: count must be a whole number of at least 0, got ${count}`);
    const row = this.counts.get(entity) ?? { created: 0, reused: 0, adopted: 0, enriched: 0, skipped: 0 };
    row[column] += count;
    this.counts.set(entity, row);
  }

  /** Something the user should know after the run, e.g. the demo logins. Repeated notes are kept once. */
  note(text: string): void {
    if (!this.noteList.includes(text)) this.noteList.push(text);
  }

  get(entity: string): TallyCounts {
    return { ...(this.counts.get(entity) ?? { created: 0, reused: 0, adopted: 0, enriched: 0, skipped: 0 }) };
  }

  /** Entities in the order they were first counted (the seeding order). */
  entities(): string[] {
    return [...this.counts.keys()];
  }

  totals(): TallyCounts {
    const totals: TallyCounts = { created: 0, reused: 0, adopted: 0, enriched: 0, skipped: 0 };
    for (const row of this.counts.values()) for (const column of TALLY_COLUMNS) totals[column] += row[column];
    return totals;
  }

  report(): TallyReport {
    return {
      headers: [...TALLY_HEADERS],
      rows: this.entities().map((entity) => {
        const row = this.counts.get(entity)!;
        return [entity, ...TALLY_COLUMNS.map((c) => String(row[c]))];
      }),
      notes: [...this.noteList],
      totals: this.totals(),
    };
  }
}

/** A run changed something when it created or completed a row; adopting alone writes nothing. */
export function didWrite(report: TallyReport): boolean {
  return report.totals.created > 0 || report.totals.enriched > 0;
}

export function closingLine(report: TallyReport): string {
  if (!didWrite(report)) return 'Nothing to do: the demo catalogue is already complete.';
  const { created, enriched } = report.totals;
  return `Demo data up to date: ${created} ${created === 1 ? 'entity' : 'entities'} created, ${enriched} existing ${enriched === 1 ? 'entity' : 'entities'} completed.`;
}

/**
 * The console output of a run: the table (numbers right-aligned), the notes under "Worth knowing", and the
 * closing line.
 */
export function renderTally(report: TallyReport): string[] {
  const lines = formatTable(report.headers, report.rows);
  if (report.notes.length > 0) lines.push('', 'Worth knowing:', ...report.notes.map((n) => `  - ${n}`));
  lines.push('', closingLine(report));
  return lines;
}

/** A plain-text table; columns from `firstNumeric` on are counts and right-aligned. */
export function formatTable(headers: string[], rows: string[][], firstNumeric = 1): string[] {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const cell = (text: string, i: number) => (i < firstNumeric ? text.padEnd(widths[i]!) : text.padStart(widths[i]!));
  const line = (cells: string[]) => cells.map(cell).join('  ').trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

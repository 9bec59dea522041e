import { stringify } from 'csv-stringify';
import { sql } from 'kysely';
import { systemContext } from '../acl/context.js';
import type { CoreServices } from '../core-services.js';
import type { Criteria } from '../entities/criteria/types.js';
import type { EntityRegistry } from '../entities/registry.js';
import { AppError } from '../errors/app-error.js';
import { storeFile } from './file-store.js';
import { saveProgress, setExportFile, type RunLog, type RunResult } from './run-log.js';
import type { ProfileMapping } from './default-profiles.js';
import { CURRENCY_DEFAULT } from '../first-start/default-ids.js';

export type ExportDeps = Pick<CoreServices, 'db' | 'repositories' | 'entities'>;

/** Records read per page while exporting. */
const EXPORT_PAGE = 500;
/** Exports stop at this many records (a larger shop exports with a filter once filters exist). */
export const MAX_EXPORT_ROWS = 200_000;

/**
 * Exports every record of the profile's entity to a CSV file in the profile's dialect, a page at a time
 * (sorted by id, so pages never overlap), with the profile's columns. The file is stored with the log.
 */
export async function runExport(deps: ExportDeps, log: RunLog): Promise<RunResult> {
  const result = log.result;
  const { profile } = log;
  try {
    const criteria = criteriaFor(deps.entities, profile.sourceEntity, profile.mapping);
    const currencies = await currencyIds(deps);
    const stringifier = stringify({ delimiter: profile.delimiter, quote: profile.enclosure, bom: false });
    const parts: Buffer[] = [];
    stringifier.on('data', (chunk: Buffer | string) => parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)));
    const ended = new Promise<void>((resolve, reject) => {
      stringifier.on('end', resolve);
      stringifier.on('error', reject);
    });
    stringifier.write(profile.mapping.map((m) => m.mappedKey));
    const repository = deps.repositories.get(profile.sourceEntity);
    result.rows = 0;
    for (let page = 1; ; page += 1) {
      const { entities } = await repository.search({ ...criteria, page, limit: EXPORT_PAGE, sort: [{ field: 'id', order: 'ASC' }] }, systemContext);
      for (const record of entities) stringifier.write(profile.mapping.map((m) => cellOf(record, m.key, currencies)));
      result.rows += entities.length;
      if (entities.length < EXPORT_PAGE || result.rows >= MAX_EXPORT_ROWS) break;
      await saveProgress(deps.db, log.id, result);
    }
    stringifier.end();
    await ended;
    const fileId = await storeFile(deps.db, `${profile.sourceEntity}-export-${new Date().toISOString().slice(0, 10)}.csv`, Buffer.concat(parts));
    await setExportFile(deps.db, log.id, fileId);
    result.created = result.rows;
    await saveProgress(deps.db, log.id, result, 'succeeded');
    return result;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    result.error = { code: error.code, detail: error.message, meta: error.meta };
    await saveProgress(deps.db, log.id, result, 'failed');
    return result;
  }
}

/** The associations the mapping's paths pass through, found in the entity definitions. */
export function criteriaFor(entities: EntityRegistry, entity: string, mapping: readonly ProfileMapping[]): Criteria {
  const root: Criteria = {};
  for (const { key } of mapping) {
    let definition = entities.get(entity);
    let node = root;
    for (const segment of key.split('.')) {
      const association = definition.associations?.[segment];
      if (!association) break;
      node.associations ??= {};
      node = node.associations[segment] ??= {};
      definition = entities.get(association.entity);
    }
  }
  return root;
}

async function currencyIds(deps: ExportDeps): Promise<Map<string, string>> {
  const found = await sql<{ id: string; iso_code: string }>`SELECT id, iso_code FROM currency`.execute(deps.db);
  const map = new Map(found.rows.map((c) => [c.iso_code.trim().toUpperCase(), c.id]));
  map.set('DEFAULT', CURRENCY_DEFAULT);
  return map;
}

/**
 * A record's value at a field path: `price.EUR.gross` picks the currency's price, a list gives its values
 * joined by `|` (category ids, a product's channels for `visibilities.all`), a list of line items their
 * `quantity x label`.
 */
export function cellOf(record: unknown, path: string, currencies: Map<string, string>): string {
  const price = /^price\.([A-Za-z]+)\.(gross|net)$/.exec(path);
  if (price) {
    const currencyId = currencies.get(price[1]!.toUpperCase());
    const entry = ((record as { price?: Array<Record<string, unknown>> }).price ?? []).find((p) => p.currencyId === currencyId);
    return entry ? String(entry[price[2]!]) : '';
  }
  if (path === 'visibilities.all') return listOf((record as { visibilities?: Array<{ salesChannelId: string }> }).visibilities).map((v) => v.salesChannelId).join('|');
  if (path === 'categories') return listOf((record as { categories?: Array<{ id: string }> }).categories).map((c) => c.id).join('|');
  if (path === 'lineItems') {
    return listOf((record as { lineItems?: Array<{ quantity: number; label: string }> }).lineItems).map((l) => `${l.quantity} x ${l.label}`).join('|');
  }
  return format(valueAt(record, path.split('.')));
}

function valueAt(value: unknown, segments: string[]): unknown {
  if (segments.length === 0) return value;
  if (Array.isArray(value)) return value.map((v) => valueAt(v, segments));
  if (value === null || typeof value !== 'object') return undefined;
  return valueAt((value as Record<string, unknown>)[segments[0]!], segments.slice(1));
}

function listOf<T>(value: T[] | undefined | null): T[] {
  return Array.isArray(value) ? value : [];
}

function format(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(format).filter(Boolean).join('|');
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

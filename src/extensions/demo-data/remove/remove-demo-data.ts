import { systemContext, type EntityRecord, type ExtensionHost } from '../../../platform/sdk/index.js';
import type { Blueprint } from '../blueprint/schema.js';
import { GENERATED_FIELD } from '../config.js';
import { forgetMarks, readMarks } from '../ledger/ledger.js';
import { buildSeedPlan } from '../plan/build-plan.js';
import { IdMap } from '../plan/id-map.js';
import type { ProductNode, SeedPlan } from '../plan/types.js';
import { resolveSalesChannels } from '../seed/families/sales-channels.js';
import { LOGO_KEY, PRIMARY_COLOUR_KEY, SERVICE_PAGE_KEYS, SERVICE_PAGE_PREFIX, SHOP_NAME_KEY } from '../seed/families/shop-names.js';
import { silentProgress } from '../seed/seed-demo-data.js';
import type { Progress } from '../progress.js';
import { readByField, readByIds, readLinkedIds } from '../seed/lookup.js';
import { seededPerCategory } from './seeded-scope.js';
import { removalSteps, sharedIds, type RemovalStep } from './steps.js';

export interface RemovalOptions {
  /** Blueprint channel keys; all when empty. */
  channels: string[];
  /** Decide and report, write nothing. */
  dryRun: boolean;
}

export type KeptReason = 'adopted' | 'unmarked' | 'changed' | 'owner kept' | 'in use' | 'shared' | 'not demo data';

export interface KeptRow {
  entity: string;
  id: string;
  /** Name, number or e-mail: what a merchant recognises the row by. */
  label: string;
  reason: KeptReason;
  /** The referencing row or the database's refusal, for `in use`. */
  detail?: string;
}

export interface RemovalReport {
  dryRun: boolean;
  headers: string[];
  /** [entity, removed, kept, absent] as printed. */
  rows: string[][];
  kept: KeptRow[];
  removed: number;
  /** Rows a removal took with it (cascaded child rows are not counted): for rows/s figures. */
  planned: number;
}

export const REMOVAL_HEADERS = ['Entity', 'Removed', 'Kept', 'Absent'];

/** Ids per delete statement (and transaction): an interrupted removal loses at most one batch of work. */
const DELETE_BATCH = 500;

const REASON_TEXT: Record<KeptReason, string> = {
  adopted: 'adopted (the merchant’s row, taken over by demo data)',
  unmarked: 'not created by demo data (no generated marker)',
  changed: 'changed since demo data wrote it',
  'owner kept': 'belongs to a row that is kept',
  'in use': 'still used by data demo data did not create',
  shared: 'also used by a demo channel that is not being removed',
  'not demo data': 'not created by demo data, refers to demo rows',
};

export function describeKept(row: KeptRow): string {
  return `${row.entity} ${row.label}: ${REASON_TEXT[row.reason]}${row.detail ? ` (${row.detail})` : ''}`;
}

interface Candidate {
  step: RemovalStep;
  id: string;
  row: EntityRecord;
}

/**
 * Removes what demo data created, and only that: a row is a candidate when its id is one of the
 * blueprint's deterministic ids AND the ledger marks it as created by demo data (products and categories
 * must also carry the generated custom field). A candidate is kept when it changed since the run wrote
 * it, when it belongs to a kept row (a kept product's prices, reviews, images, variants), or when a row
 * that stays refers to it (a real order's customer and channel, a merchant's product in a demo category,
 * a merchant's variant). Deletion runs step by step in dependency order, a batch per transaction, each
 * batch taking its ledger marks with it; so a killed removal leaves whole rows and a re-run finishes it.
 * Orders of real customers are never candidates: their line items stay, the product reference nulled by
 * the database, as Shopware does.
 */
export async function removeDemoData(host: ExtensionHost, blueprint: Blueprint, options: RemovalOptions, progress: Progress = silentProgress): Promise<RemovalReport> {
  const all = blueprint.channels.map((c) => c.key);
  const channels = options.channels.length > 0 ? options.channels : all;
  const perCategory = await seededPerCategory(host, blueprint);
  const planOf = (keys: string[]) => buildSeedPlan(blueprint, { channels: keys, perCategory, skipMedia: false, skipOrders: false });
  const plan = planOf(channels);
  const others = all.filter((key) => !channels.includes(key));
  const shared = new Set(others.length > 0 ? sharedIds(planOf(others)) : []);
  const steps = removalSteps(plan);

  const kept: KeptRow[] = [];
  const absent = new Map<string, number>();
  const candidates = new Map<string, Map<string, Candidate>>();
  const references = new Map<string, Reference[]>();
  const foreign = new Map<string, Set<string>>();
  const planIds = new Set(steps.flatMap((s) => s.ids));
  for (const step of steps) {
    progress.start(`${step.entity} (checking)`, step.ids.length);
    const { found, adopted } = await readStep(host, step, plan);
    const marks = await readMarks(host.db, step.entity, [...found.keys()]);
    const mine = new Map<string, Candidate>();
    for (const id of step.ids) {
      const row = found.get(id);
      if (row && shared.has(id)) {
        kept.push({ entity: step.entity, id, label: labelOf(row), reason: 'shared' });
        continue;
      }
      if (!row) {
        const adoptedRow = adopted.get(id);
        if (adoptedRow) kept.push({ entity: step.entity, id: adoptedRow.id as string, label: labelOf(adoptedRow), reason: 'adopted' });
        else absent.set(step.entity, (absent.get(step.entity) ?? 0) + 1);
        continue;
      }
      const mark = marks.get(id);
      const marked = mark !== undefined && (!['product', 'category'].includes(step.entity) || (row.customFields as Record<string, unknown> | null)?.[GENERATED_FIELD] === true);
      if (!marked) kept.push({ entity: step.entity, id, label: labelOf(row), reason: 'unmarked' });
      else if (step.edited?.(row) || changedSince(step.lastChange ? { ...row, updatedAt: step.lastChange(row) } : row, mark, step.products?.get(id))) kept.push({ entity: step.entity, id, label: labelOf(row), reason: 'changed' });
      else mine.set(id, { step, id, row });
    }
    candidates.set(step.entity, new Map([...(candidates.get(step.entity) ?? []), ...mine]));
    for (const reference of await readReferences(host, step, [...mine.keys()])) {
      if (!planIds.has(reference.id)) foreign.set(reference.entity, (foreign.get(reference.entity) ?? new Set()).add(reference.id));
      if (reference.listOnly) continue;
      const key = `${step.entity}|${reference.parent}`;
      references.set(key, [...(references.get(key) ?? []), reference]);
    }
    progress.advance(step.ids.length);
    progress.finish();
  }

  // kept rows keep what belongs to them and what they refer to, until nothing changes
  const deleting = (entity: string, id: string) => candidates.get(entity)?.has(id) ?? false;
  for (let changed = true; changed; ) {
    changed = false;
    for (const [entity, group] of candidates) {
      for (const candidate of [...group.values()]) {
        const owner = candidate.step.ownerOf?.(candidate.id);
        const ownerStays = owner !== undefined && !deleting(owner.entity, owner.id) && owner.id !== candidate.id;
        const staying = (references.get(`${entity}|${candidate.id}`) ?? []).find((r) => !deleting(r.entity, r.id));
        if (!ownerStays && !staying) continue;
        group.delete(candidate.id);
        changed = true;
        kept.push(
          ownerStays
            ? { entity, id: candidate.id, label: labelOf(candidate.row), reason: 'owner kept', detail: `${owner!.entity} ${owner!.id}` }
            : { entity, id: candidate.id, label: labelOf(candidate.row), reason: 'in use', detail: `by ${staying!.entity} ${staying!.id}` },
        );
      }
    }
  }

  // the merchant's rows that point at demo rows (a real order, a product in a demo category): named, untouched
  for (const [entity, ids] of foreign) {
    const rows = await readByIds(host, entity, [...ids]);
    for (const id of ids) kept.push({ entity, id, label: rows.has(id) ? labelOf(rows.get(id)!) : id, reason: 'not demo data' });
  }

  const removedPer = new Map<string, number>();
  for (const step of steps) {
    const ids = step.ids.filter((id) => deleting(step.entity, id));
    if (options.dryRun) {
      removedPer.set(step.entity, ids.length);
      continue;
    }
    progress.start(step.entity, ids.length);
    const { removed, refused } = await deleteInBatches(host, step.entity, ids, (n) => progress.advance(n));
    progress.finish();
    removedPer.set(step.entity, removed);
    if (step.entity === 'sales_channel') await clearChannelSettings(host, ids.filter((id) => !refused.has(id)));
    for (const [id, message] of refused) {
      const row = candidates.get(step.entity)!.get(id)!.row;
      kept.push({ entity: step.entity, id, label: labelOf(row), reason: 'in use', detail: message });
    }
  }

  const keptPer = new Map<string, number>();
  for (const row of kept) keptPer.set(row.entity, (keptPer.get(row.entity) ?? 0) + 1);
  const entities = [...new Set(steps.map((s) => s.entity))];
  const rows = entities.map((entity) => [entity, String(removedPer.get(entity) ?? 0), String(keptPer.get(entity) ?? 0), String(absent.get(entity) ?? 0)]);
  const total = rows.reduce((sum, row) => sum + Number(row[1]), 0);
  return { dryRun: options.dryRun, headers: REMOVAL_HEADERS, rows, kept, removed: total, planned: steps.reduce((sum, s) => sum + s.ids.length, 0) };
}

/** The candidates' rows by id, and (for entities with a natural key) the rows adopted in their place. */
async function readStep(host: ExtensionHost, step: RemovalStep, plan: SeedPlan): Promise<{ found: Map<string, EntityRecord>; adopted: Map<string, EntityRecord> }> {
  const found = await readByIds(host, step.entity, step.ids, step.associations);
  const adopted = new Map<string, EntityRecord>();
  if (step.entity === 'sales_channel') {
    // by name or the blueprint's adopt list (the flagship takes over "Storefront"), as a seed finds them
    for (const r of await resolveSalesChannels({ host, ids: new IdMap(), plan })) if (r.how === 'natural' && r.existing) adopted.set(r.node.id, r.existing);
    return { found, adopted };
  }
  if (step.naturalKeyField && step.naturalKeyOf) {
    const missing = step.ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      const byKey = new Map((await readByField(host, step.entity, step.naturalKeyField, missing.map(step.naturalKeyOf))).map((row) => [String(row[step.naturalKeyField!]), row]));
      for (const id of missing) {
        const row = byKey.get(step.naturalKeyOf(id));
        if (row) adopted.set(id, row);
      }
    }
  }
  return { found, adopted };
}

/**
 * A product whose `updated_at` moved only because orders took stock (the platform's order placement
 * writes stock and `updated_at`) is unchanged: its name, number, description, price and state are still
 * what demo data wrote. Any other row is changed once it was updated after the run last wrote it.
 */
function changedSince(row: EntityRecord, writtenAt: Date, planned: ProductNode | undefined): boolean {
  const updatedAt = row.updatedAt ? new Date(row.updatedAt as string) : null;
  if (!updatedAt || updatedAt.getTime() <= writtenAt.getTime()) return false;
  if (!planned) return true;
  const price = (row.price as Array<{ gross: number }> | null)?.[0]?.gross ?? null;
  const plannedPrice = planned.price === null ? null : planned.price.gross / 100;
  return (
    row.productNumber !== planned.productNumber ||
    (row.name ?? null) !== planned.name ||
    (row.description ?? null) !== planned.description ||
    row.active !== planned.active ||
    (price === null ? plannedPrice !== null : plannedPrice === null || Math.abs(price - plannedPrice) > 1e-9)
  );
}

interface Reference {
  entity: string;
  id: string;
  /** The candidate referred to. */
  parent: string;
  listOnly: boolean;
}

/** Rows of other entities that point at the candidates, as (referencing entity, id, candidate id). */
async function readReferences(host: ExtensionHost, step: RemovalStep, ids: string[]): Promise<Reference[]> {
  const out: Reference[] = [];
  if (ids.length === 0) return out;
  for (const reference of step.references ?? []) {
    if (reference.association) {
      for (const [parent, linked] of await readLinkedIds(host, step.entity, reference.association, ids)) for (const id of linked) out.push({ entity: reference.entity, id, parent, listOnly: reference.listOnly === true });
      continue;
    }
    for (const row of await readByField(host, reference.entity, reference.field!, ids)) {
      const staying = reference.stayingId?.(row) ?? { entity: reference.entity, id: row.id as string };
      out.push({ ...staying, parent: row[reference.field!] as string, listOnly: reference.listOnly === true });
    }
  }
  return out;
}

/**
 * Deletes through the repository (cascades and events apply), a batch per transaction together with the
 * batch's ledger marks. A batch the database refuses (a row still referenced) is retried row by row, and
 * the refused rows are reported instead of failing the run; rows already gone are skipped then.
 */
async function deleteInBatches(host: ExtensionHost, entity: string, ids: string[], onBatch: (n: number) => void): Promise<{ removed: number; refused: Map<string, string> }> {
  let removed = 0;
  const refused = new Map<string, string>();
  for (let i = 0; i < ids.length; i += DELETE_BATCH) {
    const batch = ids.slice(i, i + DELETE_BATCH);
    try {
      await deleteRows(host, entity, batch);
      removed += batch.length;
    } catch {
      // a row went meanwhile (a cascade) or one is still referenced: row by row, the refused ones reported
      const present = [...(await readByIds(host, entity, batch)).keys()];
      await forgetMarks(host.db, entity, batch.filter((id) => !present.includes(id)));
      for (const id of present) {
        try {
          await deleteRows(host, entity, [id]);
          removed++;
        } catch (error) {
          refused.set(id, error instanceof Error ? error.message : String(error));
        }
      }
    }
    onBatch(batch.length);
  }
  return { removed, refused };
}

function deleteRows(host: ExtensionHost, entity: string, ids: string[]): Promise<void> {
  return host.transaction(async (uow) => {
    await host.repository(entity).delete(ids, systemContext, uow);
    await forgetMarks(uow, entity, ids);
  });
}

function labelOf(row: EntityRecord): string {
  for (const field of ['productNumber', 'orderNumber', 'email', 'name', 'fileName', 'title', 'url']) {
    const value = row[field];
    if (typeof value === 'string' && value !== '') return field === 'productNumber' && row.name ? `${value} "${row.name as string}"` : String(value);
  }
  return row.id as string;
}

/** Channel settings are not tied to the channel by a foreign key: a removed channel's (name, brand, pages) go with it. */
async function clearChannelSettings(host: ExtensionHost, channelIds: string[]): Promise<void> {
  const keys = [SHOP_NAME_KEY, LOGO_KEY, PRIMARY_COLOUR_KEY, ...SERVICE_PAGE_KEYS.map((key) => `${SERVICE_PAGE_PREFIX}${key}`)];
  for (const channelId of channelIds) for (const key of keys) await host.config.set(host.db, key, null, channelId);
}

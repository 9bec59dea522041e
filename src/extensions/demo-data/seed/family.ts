import type { PlanNode } from '../plan/types.js';
import { createInBatches, updateInBatches } from './batches.js';
import type { SeedContext } from './context.js';
import { emptyFieldPatch, missingLinks } from './narrow.js';
import { readLinkedIds } from './lookup.js';
import { resolveNodes, type Resolution, type ResolveSpec } from './resolve.js';

export interface FamilySpec<N extends PlanNode> extends ResolveSpec<N> {
  /** The tally row (default: the entity). */
  label?: string;
  /** Scalars (references already resolved): written on create, and on existing rows only where empty. */
  fields(node: N): Record<string, unknown>;
  /** Written only when the row is created: custom fields, passwords, nested child rows. */
  createOnly?(node: N): Record<string, unknown>;
  /** Many-to-many links (association -> resolved ids): missing ones are added, none removed. */
  links?(node: N): Record<string, string[]>;
  /** Runs once every node is resolved, before anything is written (e.g. to read siblings). */
  beforeWrite?(resolutions: Array<Resolution<N>>): Promise<void>;
}

/**
 * The common path of a family: resolve (id, natural key), create what is missing in batches, complete
 * existing rows with empty fields and missing links only, and tally. Nothing is written for a row that
 * lacks nothing.
 */
export async function seedFamily<N extends PlanNode>(ctx: SeedContext, spec: FamilySpec<N>): Promise<Array<Resolution<N>>> {
  const label = spec.label ?? spec.entity;
  ctx.progress.start(label, spec.nodes.length);
  const resolutions = await resolveNodes(ctx, spec);
  const linked = await readLinks(ctx, spec, resolutions);

  await spec.beforeWrite?.(resolutions);

  const creates: Array<Record<string, unknown>> = [];
  const patches: Array<Record<string, unknown>> = [];
  for (const { node, existing, how } of resolutions) {
    const links = spec.links?.(node) ?? {};
    if (!existing) {
      const row: Record<string, unknown> = { id: node.id, ...withoutNulls(spec.fields(node)), ...(spec.createOnly?.(node) ?? {}) };
      for (const [association, ids] of Object.entries(links)) if (ids.length > 0) row[association] = ids.map((id) => ({ id }));
      creates.push(row);
      ctx.tally.add(label, 'created');
      continue;
    }
    ctx.tally.add(label, how === 'natural' ? 'adopted' : 'reused');
    const patch = emptyFieldPatch(existing, spec.fields(node));
    for (const [association, ids] of Object.entries(links)) {
      const missing = missingLinks(linked.get(association)?.get(existing.id as string) ?? [], ids);
      if (missing.length > 0) patch[association] = missing.map((id) => ({ id }));
    }
    if (Object.keys(patch).length > 0) {
      patches.push({ id: existing.id, ...patch });
      ctx.tally.add(label, 'enriched');
    }
  }
  await createInBatches(ctx.host, spec.entity, creates, (n) => ctx.progress.advance(n));
  await updateInBatches(ctx.host, spec.entity, patches);
  ctx.written.rows += creates.length + patches.length;
  ctx.progress.advance(spec.nodes.length - creates.length);
  ctx.progress.finish();
  return resolutions;
}

/**
 * The current links of the existing rows, per association (many-to-many): ids from the mapping tables
 * only, which is all a missing-link check needs and a fraction of loading the linked rows.
 */
async function readLinks<N extends PlanNode>(ctx: SeedContext, spec: FamilySpec<N>, resolutions: Array<Resolution<N>>): Promise<Map<string, Map<string, string[]>>> {
  const linked = new Map<string, Map<string, string[]>>();
  const existingIds = resolutions.flatMap((r) => (r.existing ? [r.existing.id as string] : []));
  if (!spec.links || !spec.nodes[0] || existingIds.length === 0) return linked;
  for (const association of Object.keys(spec.links(spec.nodes[0]))) linked.set(association, await readLinkedIds(ctx.host, spec.entity, association, existingIds));
  return linked;
}

function withoutNulls(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined));
}

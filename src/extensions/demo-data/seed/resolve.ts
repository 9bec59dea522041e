import type { EntityRecord } from '../../../platform/sdk/index.js';
import type { PlanNode } from '../plan/types.js';
import type { SeedContext } from './context.js';
import { readByField, readByIds } from './lookup.js';

export interface Resolution<N extends PlanNode> {
  node: N;
  /** The row as it exists; null when it is to be created. */
  existing: EntityRecord | null;
  /** `id`: found by the deterministic id; `natural`: adopted by natural key; `new`: missing. */
  how: 'id' | 'natural' | 'new';
}

export interface ResolveSpec<N extends PlanNode> {
  entity: string;
  nodes: readonly N[];
  /** The field an existing row is recognised by when the id does not match; omitted: by id only. */
  naturalKeyField?: string;
  naturalKeyValue?: (node: N) => string | number;
  /** Whether a row with the natural key is the node's (e.g. a category under the same parent). */
  sameScope?: (node: N, row: EntityRecord) => boolean;
}

/**
 * Looks every node up in bulk: by deterministic id, then by natural key. A row found under a foreign id
 * is adopted (its id recorded in the IdMap, so later references point at it). Nodes are settled in plan
 * order, so a child's scope check sees its parent's resolved id.
 */
export async function resolveNodes<N extends PlanNode>(ctx: Pick<SeedContext, 'host' | 'ids'>, spec: ResolveSpec<N>): Promise<Array<Resolution<N>>> {
  const byId = await readByIds(ctx.host, spec.entity, spec.nodes.map((n) => n.id));
  const keyOf = spec.naturalKeyValue ?? ((node: N) => node.naturalKey);
  const planIds = new Set(spec.nodes.map((n) => n.id));

  const candidates = new Map<string | number, EntityRecord[]>();
  const unmatched = spec.nodes.filter((n) => !byId.has(n.id));
  if (spec.naturalKeyField && unmatched.length > 0) {
    const rows = await readByField(ctx.host, spec.entity, spec.naturalKeyField, unmatched.map(keyOf));
    for (const row of rows) {
      // a row that is another node's own (by its deterministic id) is never adopted by this one
      if (planIds.has(row.id as string)) continue;
      const value = row[spec.naturalKeyField] as string | number;
      candidates.set(value, [...(candidates.get(value) ?? []), row]);
    }
  }

  const taken = new Set<string>();
  return spec.nodes.map((node) => {
    const own = byId.get(node.id);
    if (own) return { node, existing: own, how: 'id' as const };
    const match = (candidates.get(keyOf(node)) ?? []).find((row) => !taken.has(row.id as string) && (spec.sameScope?.(node, row) ?? true));
    if (match) {
      taken.add(match.id as string);
      ctx.ids.adopt(node.id, match.id as string);
      return { node, existing: match, how: 'natural' as const };
    }
    return { node, existing: null, how: 'new' as const };
  });
}

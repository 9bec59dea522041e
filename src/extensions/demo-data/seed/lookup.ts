import { systemContext, type Criteria, type EntityRecord, type ExtensionHost } from '../../../platform/sdk/index.js';

/** Keys per read: large enough to keep round trips few, small enough for a sane IN list. */
const CHUNK = 1000;

/**
 * Reads existing rows in bulk (one query per chunk of keys, never one per row): by ids, or by the
 * values of one field, with the `associations` a caller needs.
 */
export async function readByIds(host: ExtensionHost, entity: string, ids: readonly string[], associations?: Criteria['associations']): Promise<Map<string, EntityRecord>> {
  const found = new Map<string, EntityRecord>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const criteria: Criteria = { ids: unique.slice(i, i + CHUNK), totalCountMode: 'none' };
    if (associations) criteria.associations = associations;
    const { entities } = await host.repository(entity).search(criteria, systemContext);
    for (const row of entities) found.set(row.id as string, row);
  }
  return found;
}

export async function readByField(
  host: ExtensionHost,
  entity: string,
  field: string,
  values: ReadonlyArray<string | number>,
  associations?: Criteria['associations'],
): Promise<EntityRecord[]> {
  const rows: EntityRecord[] = [];
  const unique = [...new Set(values)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const criteria: Criteria = { filter: [{ type: 'equalsAny', field, value: unique.slice(i, i + CHUNK) }], totalCountMode: 'none' };
    if (associations) criteria.associations = associations;
    const { entities } = await host.repository(entity).search(criteria, systemContext);
    rows.push(...entities);
  }
  return rows;
}

/** The linked ids of a many-to-many association per row (mapping table only; chunked like the reads above). */
export async function readLinkedIds(host: ExtensionHost, entity: string, association: string, ids: readonly string[]): Promise<Map<string, string[]>> {
  const linked = new Map<string, string[]>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    for (const [id, targets] of await host.repository(entity).linkedIds(unique.slice(i, i + CHUNK), association, systemContext)) linked.set(id, targets);
  }
  return linked;
}

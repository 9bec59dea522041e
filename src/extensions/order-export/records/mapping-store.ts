import { errors, isId, systemContext, type ExtensionHost } from '../../../platform/sdk/index.js';
import { tablesOf } from './db.js';

export interface RollbackResult {
  mappingId: string;
  /** the version the definition now has (a new one, unless the definition was that version's already) */
  currentVersion: number;
  restoredVersion: number;
}

/**
 * Rolls a mapping back to an earlier version: its definition becomes that version's, which (through the
 * mapping's trigger) writes a new version, so the history stays append-only. The definition is
 * validated again, as any write of it is. 404 for an unknown mapping or version.
 */
export async function rollbackMapping(host: ExtensionHost, mappingId: string, version: number): Promise<RollbackResult> {
  if (!isId(mappingId)) throw errors.notFound('ext_order_export_mapping', mappingId);
  return host.transaction(async (uow) => {
    const mapping = await tablesOf(uow.db).selectFrom('ext_order_export_mapping').select('id').where('id', '=', mappingId).forUpdate().executeTakeFirst();
    if (!mapping) throw errors.notFound('ext_order_export_mapping', mappingId);
    const restored = await tablesOf(uow.db)
      .selectFrom('ext_order_export_mapping_version')
      .select(['definition', 'version'])
      .where('mapping_id', '=', mappingId)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!restored) throw errors.notFound('ext_order_export_mapping_version', `${mappingId}/v${version}`);
    await host.repository('ext_order_export_mapping').update({ id: mappingId, definition: restored.definition }, systemContext, uow);
    const after = await tablesOf(uow.db).selectFrom('ext_order_export_mapping').select('current_version').where('id', '=', mappingId).executeTakeFirstOrThrow();
    return { mappingId, currentVersion: after.current_version, restoredVersion: restored.version };
  });
}

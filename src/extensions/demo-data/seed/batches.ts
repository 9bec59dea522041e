import { systemContext, type ExtensionHost } from '../../../platform/sdk/index.js';
import { markCreated, markRewritten } from '../ledger/ledger.js';

/** Rows per write call: one transaction each, so an interrupted run loses at most one batch. */
export const WRITE_BATCH = 100;

/**
 * Creates rows through the repository (validation, privileges and events apply), a batch per transaction,
 * with the repository's multi-row statements (`batched`), and records them as created by demo data.
 */
export async function createInBatches(host: ExtensionHost, entity: string, rows: Array<Record<string, unknown>>, onBatch?: (count: number) => void): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_BATCH) {
    const batch = rows.slice(i, i + WRITE_BATCH);
    await host.transaction(async (uow) => {
      await host.repository(entity).create(batch, systemContext, uow, { batched: true });
      await markCreated(uow, entity, batch.map((row) => row.id as string));
    });
    onBatch?.(batch.length);
  }
}

/** Narrow updates (only the fields given), a batch per transaction; the generated marker moves with them. */
export async function updateInBatches(host: ExtensionHost, entity: string, patches: Array<Record<string, unknown>>): Promise<void> {
  for (let i = 0; i < patches.length; i += WRITE_BATCH) {
    const batch = patches.slice(i, i + WRITE_BATCH);
    await host.transaction(async (uow) => {
      await host.repository(entity).update(batch, systemContext, uow);
      // a row demo data created stays unchanged-by-the-merchant after the run completed it
      await markRewritten(uow, entity, batch.map((row) => row.id as string));
    });
  }
}

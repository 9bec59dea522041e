import { systemContext, type ExtensionHost } from '../../../platform/sdk/index.js';

/** Rows per write call: one transaction each, so an interrupted run loses at most one batch. */
export const WRITE_BATCH = 100;

/**
 * Creates rows through the repository (validation, privileges and events apply), a batch per transaction,
 * with the repository's multi-row statements (`batched`).
 */
export async function createInBatches(host: ExtensionHost, entity: string, rows: Array<Record<string, unknown>>, onBatch?: (count: number) => void): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_BATCH) {
    const batch = rows.slice(i, i + WRITE_BATCH);
    await host.transaction((uow) => host.repository(entity).create(batch, systemContext, uow, { batched: true }));
    onBatch?.(batch.length);
  }
}

/** Narrow updates (only the fields given), a batch per transaction. */
export async function updateInBatches(host: ExtensionHost, entity: string, patches: Array<Record<string, unknown>>): Promise<void> {
  for (let i = 0; i < patches.length; i += WRITE_BATCH) {
    const batch = patches.slice(i, i + WRITE_BATCH);
    await host.transaction((uow) => host.repository(entity).update(batch, systemContext, uow));
  }
}

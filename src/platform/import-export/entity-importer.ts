import type { UnitOfWork } from '../database/transaction.js';

/** One converted row, ready to be written once its id is known. */
export interface ConvertedRow<Draft> {
  /** The natural key the row is matched by (product number, customer number). */
  key: string;
  /** Another key that identifies the same record (a customer's e-mail), if any. */
  altKey?: string;
  draft: Draft;
}

/**
 * What an import needs of an entity: converting a CSV record (field path → cell) into a draft, finding the
 * ids of records that exist already by their natural key, and the write payloads (create or update).
 * The run (import-run.ts) owns batching, transactions, the log and the rejected rows.
 */
export interface EntityImporter<Draft = unknown> {
  readonly entity: string;
  /** Field paths the profile must map for this entity to be imported. */
  readonly requiredKeys: readonly string[];
  /** Throws RowProblem with the reason when the record cannot be imported. */
  convert(cells: ReadonlyMap<string, string>): ConvertedRow<Draft>;
  /** Ids of existing records by key (and by altKey where the entity has one). */
  findExisting(rows: ReadonlyArray<ConvertedRow<Draft>>, uow: UnitOfWork): Promise<Map<ConvertedRow<Draft>, string>>;
  /** Runs in the batch's transaction before the writes (creates referenced records such as manufacturers). */
  prepareBatch?(rows: ReadonlyArray<ConvertedRow<Draft>>, uow: UnitOfWork): Promise<void>;
  /** The id of a new record, derived from its key so a retried batch writes the same record. */
  newId(row: ConvertedRow<Draft>): string;
  /** Runs in the batch's transaction after the writes, with the ids written. */
  afterBatch?(ids: readonly string[], uow: UnitOfWork): Promise<void>;
  /** The payload for the repository; throws RowProblem when a new record lacks what a new one needs. */
  payload(row: ConvertedRow<Draft>, id: string, isNew: boolean): Record<string, unknown>;
}

import { deterministicId } from '../ids.js';

/** Any fixed id works as the namespace; this one is the import's. */
const NAMESPACE = '3d5e2a7c9b104f6e8a1c2b3d4e5f6a7b';

/**
 * The id of a record an import creates, derived from its natural key (product number, customer number,
 * manufacturer name): a batch written twice (a job retried after a crash) writes the same records again
 * instead of new ones.
 */
export function importedId(kind: string, key: string): string {
  return deterministicId(NAMESPACE, `${kind}:${key}`);
}

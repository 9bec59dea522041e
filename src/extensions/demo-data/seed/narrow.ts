import type { EntityRecord } from '../../../platform/sdk/index.js';

/** A value a merchant (or an interrupted run) left unset: what a narrow write may fill. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * The fields of `wanted` that are empty on the existing row: nothing else is ever written to an existing
 * row, so a merchant's edits survive every run.
 */
export function emptyFieldPatch(existing: EntityRecord, wanted: Record<string, unknown>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(wanted)) {
    if (value === null || value === undefined) continue;
    if (isEmptyValue(existing[field])) patch[field] = value;
  }
  return patch;
}

/** Ids of `wanted` not among `linked` (the row's current links of one association). */
export function missingLinks(linked: readonly string[], wanted: readonly string[]): string[] {
  const present = new Set(linked);
  return [...new Set(wanted)].filter((id) => !present.has(id));
}

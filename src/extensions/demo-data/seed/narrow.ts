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

/** Ids of `wanted` not yet among the row's linked records (`association` loaded with the row). */
export function missingLinks(existing: EntityRecord, association: string, wanted: readonly string[]): string[] {
  const linked = new Set(((existing[association] as EntityRecord[] | undefined) ?? []).map((r) => r.id as string));
  return [...new Set(wanted)].filter((id) => !linked.has(id));
}

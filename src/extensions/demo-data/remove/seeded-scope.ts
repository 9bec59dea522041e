import type { ExtensionHost } from '../../../platform/sdk/index.js';
import type { Blueprint } from '../blueprint/schema.js';
import { SEEDED_SCOPE_KEY } from '../config.js';

/**
 * The most products per category any run seeded (recorded before it writes): removal plans with it, so
 * the ids of `#1`…`#n` of every leaf are known however many a past run made.
 */
export async function seededPerCategory(host: Pick<ExtensionHost, 'config'>, blueprint: Blueprint): Promise<number> {
  const stored = await host.config.get(SEEDED_SCOPE_KEY);
  const recorded = typeof stored === 'object' && stored !== null ? Number((stored as { perCategory?: unknown }).perCategory) : NaN;
  return Number.isInteger(recorded) && recorded > 0 ? Math.max(recorded, blueprint.defaultPerCategory) : blueprint.defaultPerCategory;
}

export async function recordSeededScope(host: Pick<ExtensionHost, 'config' | 'db'>, blueprint: Blueprint, perCategory: number): Promise<void> {
  const current = await seededPerCategory(host, blueprint);
  const stored = await host.config.get(SEEDED_SCOPE_KEY);
  if (stored !== null && stored !== undefined && current >= perCategory) return;
  await host.config.set(host.db, SEEDED_SCOPE_KEY, { perCategory: Math.max(current, perCategory) });
}

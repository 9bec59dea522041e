import type { SlotConfig } from './slot-config.js';

/** The entity a page shows (a category, a landing page or a product), for `mapped` config values. */
export interface CmsPageEntity {
  name: 'category' | 'landing_page' | 'product';
  /** The entity as its Store API answer shows it (camelCase fields). */
  record: Readonly<Record<string, unknown>>;
}

const ENTITY_PREFIX: Record<CmsPageEntity['name'], string> = { category: 'category', landing_page: 'landingPage', product: 'product' };

/**
 * A config field's value: the static value, the mapped entity field (`category.description`: only fields
 * of the page's own entity; anything else reads as undefined), or undefined for `default` and absent fields.
 */
export function configValue(config: SlotConfig, field: string, entity: CmsPageEntity | undefined): unknown {
  const entry = Object.hasOwn(config, field) ? config[field] : undefined;
  if (!entry || entry.source === 'default') return undefined;
  if (entry.source === 'static') return entry.value;
  if (!entity || typeof entry.value !== 'string') return undefined;
  const [prefix, ...path] = entry.value.split('.');
  if (prefix !== ENTITY_PREFIX[entity.name]) return undefined;
  let current: unknown = entity.record;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The field's value as a list of ids (one id, a list, or `[{ mediaId }]` slider items), lower-cased. */
export function idsOf(value: unknown, key = 'mediaId'): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list
    .map((entry) => (typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)[key] : entry))
    .filter((entry): entry is string => typeof entry === 'string' && /^[0-9a-fA-F]{32}$/.test(entry))
    .map((entry) => entry.toLowerCase());
}

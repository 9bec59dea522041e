/**
 * A slot's config in Shopware's shape: each field of the element is `{ source, value }`, where `static`
 * holds the value itself, `mapped` a path into the page's entity (`category.description`,
 * `product.media`) and `default` leaves the element's own default. Categories, landing pages and
 * products hold overrides of it per slot id (`slotConfig`).
 */
export type SlotConfigSource = 'static' | 'mapped' | 'default';

export interface SlotConfigField {
  source: SlotConfigSource;
  value: unknown;
}

export type SlotConfig = Record<string, SlotConfigField>;

const SOURCES: readonly string[] = ['static', 'mapped', 'default'];
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with a slot config, phrased for the entity validator, or undefined. */
export function slotConfigProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'must be an object of fields, each { "source": "static" | "mapped" | "default", "value": ... }';
  for (const [name, field] of Object.entries(value)) {
    if (!isObject(field) || typeof field.source !== 'string' || !SOURCES.includes(field.source) || !('value' in field)) {
      return `has a field "${name}" that is not { "source": "static" | "mapped" | "default", "value": ... }`;
    }
    if (field.source === 'mapped' && (typeof field.value !== 'string' || !/^[a-zA-Z]+(\.[a-zA-Z]+)+$/.test(field.value))) {
      return `has a mapped field "${name}" whose value is not a path like "category.description"`;
    }
  }
  return undefined;
}

/** The per-entity overrides (`slotConfig`, keyed by slot id): each a slot config. */
export function slotOverridesProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'must be an object keyed by slot id';
  for (const [slotId, config] of Object.entries(value)) {
    if (!/^[0-9a-f]{32}$/.test(slotId)) return `has a key "${slotId}" that is not a slot id`;
    const problem = slotConfigProblem(config);
    if (problem) return `has for slot ${slotId} a config that ${problem}`;
  }
  return undefined;
}

/** The slot's config with the entity's overrides for it laid over, field by field. */
export function effectiveSlotConfig(own: SlotConfig | null, override: SlotConfig | undefined): SlotConfig {
  return { ...(own ?? {}), ...(override ?? {}) };
}

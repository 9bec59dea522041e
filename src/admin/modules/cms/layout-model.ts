/**
 * A layout as the editor holds it (a draft of the stored `cms_page` tree) and the pure steps on it: the block
 * catalogue, adding, moving and removing sections and blocks, and turning the draft into the Admin API's
 * writes. Kept free of React so the save plan is unit-tested (test/admin/cms-layout-model.unit.test.ts).
 */

export const LAYOUT_TYPES = [
  { value: 'landingpage', label: 'Landing page' },
  { value: 'product_list', label: 'Listing page' },
  { value: 'product_detail', label: 'Product page' },
  { value: 'page', label: 'Shop page' },
] as const;

export type SlotConfig = Record<string, { source: 'static' | 'mapped' | 'default'; value: unknown }>;

export interface DraftSlot {
  id: string;
  type: string;
  slot: string;
  config: SlotConfig;
}

export type SectionType = 'default' | 'sidebar';
export type SizingMode = 'boxed' | 'full_width';
export type MobileBehavior = 'wrap' | 'hidden';
export type SectionPosition = 'main' | 'sidebar';

export interface DraftBlock {
  id: string;
  type: string;
  /** The column in a sidebar section; a default section draws every block in its one column. */
  sectionPosition: SectionPosition;
  backgroundColor: string | null;
  slots: DraftSlot[];
}

export interface DraftSection {
  id: string;
  type: SectionType;
  sizingMode: SizingMode;
  /** `hidden`: phones do not show a sidebar section's side column. */
  mobileBehavior: MobileBehavior;
  backgroundColor: string | null;
  blocks: DraftBlock[];
}

export interface DraftLayout {
  name: string;
  type: string;
  sections: DraftSection[];
}

/** The stored tree as `POST /api/search/cms-page` answers it with LAYOUT_ASSOCIATIONS. */
export interface StoredLayout {
  id: string;
  name: string | null;
  type: string;
  updatedAt: string | null;
  sections?: Array<{
    id: string;
    type: SectionType;
    sizingMode?: string | null;
    mobileBehavior?: string | null;
    backgroundColor?: string | null;
    position: number;
    updatedAt: string | null;
    blocks?: Array<{ id: string; type: string; sectionPosition?: string | null; backgroundColor?: string | null; position: number; updatedAt: string | null; slots?: Array<{ id: string; type: string; slot: string; config: SlotConfig | null; updatedAt: string | null }> }>;
  }>;
}

export const LAYOUT_ASSOCIATIONS = {
  sections: {
    sort: [{ field: 'position', order: 'ASC' }],
    associations: { blocks: { sort: [{ field: 'position', order: 'ASC' }], associations: { slots: {} } } },
  },
};

/** A block type: a row of named slots, each one element. Shopware's names; each element alone is a block of that name. */
export interface BlockKind {
  type: string;
  label: string;
  slots: Array<{ slot: string; type: string }>;
}

export const BLOCK_KINDS: readonly BlockKind[] = [
  { type: 'text', label: 'Text', slots: [{ slot: 'content', type: 'text' }] },
  { type: 'image', label: 'Image', slots: [{ slot: 'image', type: 'image' }] },
  { type: 'image-slider', label: 'Image slider', slots: [{ slot: 'imageSlider', type: 'image-slider' }] },
  { type: 'image-text', label: 'Image and text', slots: [{ slot: 'left', type: 'image' }, { slot: 'right', type: 'text' }] },
  { type: 'product-box', label: 'Product box', slots: [{ slot: 'product', type: 'product-box' }] },
  { type: 'product-slider', label: 'Product slider', slots: [{ slot: 'productSlider', type: 'product-slider' }] },
  { type: 'product-listing', label: 'Product listing', slots: [{ slot: 'content', type: 'product-listing' }] },
  { type: 'category-navigation', label: 'Category navigation', slots: [{ slot: 'content', type: 'category-navigation' }] },
  { type: 'form', label: 'Form', slots: [{ slot: 'content', type: 'form' }] },
];

/** What a person calls an element type (the slot's `type`). */
export const ELEMENT_LABELS: Record<string, string> = {
  text: 'Text',
  image: 'Image',
  'image-slider': 'Image slider',
  'image-gallery': 'Image gallery',
  'product-box': 'Product box',
  'product-slider': 'Product slider',
  'product-listing': 'Product listing',
  'buy-box': 'Buy box',
  'product-description-reviews': 'Description and reviews',
  'cross-selling': 'Cross-selling',
  'category-navigation': 'Category navigation',
  form: 'Form',
};

export const blockLabel = (type: string) => BLOCK_KINDS.find((kind) => kind.type === type)?.label ?? ELEMENT_LABELS[type] ?? type;

const stat = (value: unknown) => ({ source: 'static' as const, value });

/** A new element's config: the fields its form edits, empty. */
export function emptyConfig(elementType: string): SlotConfig {
  switch (elementType) {
    case 'text':
      return { content: stat('') };
    case 'image':
      return { media: stat(null), url: stat(null), newTab: stat(false) };
    case 'image-slider':
      return { sliderItems: stat([]) };
    case 'product-box':
      return { product: stat(null) };
    case 'product-slider':
      return { title: stat(''), products: stat([]) };
    default:
      return {};
  }
}

export const SECTION_TYPES = [
  { value: 'default', label: 'One column' },
  { value: 'sidebar', label: 'With sidebar' },
] as const;
export const SIZING_MODES = [
  { value: 'boxed', label: 'Boxed (page width)' },
  { value: 'full_width', label: 'Full width' },
] as const;
export const MOBILE_BEHAVIORS = [
  { value: 'wrap', label: 'Shown above the main column' },
  { value: 'hidden', label: 'Hidden' },
] as const;
export const SECTION_POSITIONS = [
  { value: 'main', label: 'Main column' },
  { value: 'sidebar', label: 'Sidebar' },
] as const;

/** The only colours the shop's generated stylesheet takes from the editor: `#rrggbb`. */
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** Why a background colour cannot be saved, or null (empty is "no background"). */
export function colourProblem(value: string | null): string | null {
  if (!value) return null;
  return HEX_COLOUR.test(value) ? null : 'A colour as #rrggbb, e.g. #f6efe3';
}

/** The background colour fields of the draft that cannot be saved, by the editor's field key. */
export function colourProblems(draft: DraftLayout): Record<string, string> {
  const problems: Record<string, string> = {};
  draft.sections.forEach((section, si) => {
    const own = colourProblem(section.backgroundColor);
    if (own) problems[`sections.${si}.backgroundColor`] = own;
    section.blocks.forEach((block, bi) => {
      const problem = colourProblem(block.backgroundColor);
      if (problem) problems[`sections.${si}.blocks.${bi}.backgroundColor`] = problem;
    });
  });
  return problems;
}

export const newSection = (id: string): DraftSection => ({ id, type: 'default', sizingMode: 'boxed', mobileBehavior: 'wrap', backgroundColor: null, blocks: [] });

const oneOf = <T extends string>(value: string | null | undefined, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);

export function newBlock(kind: BlockKind, newId: () => string): DraftBlock {
  return { id: newId(), type: kind.type, sectionPosition: 'main', backgroundColor: null, slots: kind.slots.map((slot) => ({ id: newId(), type: slot.type, slot: slot.slot, config: emptyConfig(slot.type) })) };
}

export function draftOf(stored: StoredLayout | null): DraftLayout {
  if (!stored) return { name: '', type: 'landingpage', sections: [] };
  return {
    name: stored.name ?? '',
    type: stored.type,
    sections: (stored.sections ?? []).map((section) => ({
      id: section.id,
      type: oneOf(section.type, ['default', 'sidebar'], 'default'),
      sizingMode: oneOf(section.sizingMode, ['boxed', 'full_width'], 'boxed'),
      mobileBehavior: oneOf(section.mobileBehavior, ['wrap', 'hidden'], 'wrap'),
      backgroundColor: section.backgroundColor || null,
      blocks: (section.blocks ?? []).map((block) => ({
        id: block.id,
        type: block.type,
        sectionPosition: oneOf(block.sectionPosition, ['main', 'sidebar'], 'main'),
        backgroundColor: block.backgroundColor || null,
        // slots in the order the block type names them, others after
        slots: [...(block.slots ?? [])]
          .sort((a, b) => slotRank(block.type, a.slot) - slotRank(block.type, b.slot))
          .map((slot) => ({ id: slot.id, type: slot.type, slot: slot.slot, config: slot.config ?? {} })),
      })),
    })),
  };
}

function slotRank(blockType: string, slot: string): number {
  const index = BLOCK_KINDS.find((kind) => kind.type === blockType)?.slots.findIndex((entry) => entry.slot === slot) ?? -1;
  return index === -1 ? 99 : index;
}

/** The list with the item at `index` moved by `by` places (clamped to the list). */
export function moved<T>(list: readonly T[], index: number, by: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, index + by));
  if (to === index || index < 0 || index >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * Moves a block up or down; at the first or last place of its section it crosses into the section before
 * or after (its end or start), so a block can travel through the whole layout with the same two buttons.
 */
export function moveBlock(sections: readonly DraftSection[], sectionIndex: number, blockIndex: number, by: -1 | 1): DraftSection[] {
  const section = sections[sectionIndex];
  if (!section) return [...sections];
  const next = sections.map((entry) => ({ ...entry, blocks: [...entry.blocks] }));
  const target = blockIndex + by;
  if (target >= 0 && target < section.blocks.length) {
    next[sectionIndex]!.blocks = moved(section.blocks, blockIndex, by);
    return next;
  }
  const neighbour = next[sectionIndex + by];
  if (!neighbour) return next;
  const [block] = next[sectionIndex]!.blocks.splice(blockIndex, 1);
  if (by < 0) neighbour.blocks.push(block!);
  else neighbour.blocks.unshift(block!);
  return next;
}

/** Moves a block to the end of another section (the editor's "Move to section N"). */
export function moveBlockToSection(sections: readonly DraftSection[], sectionIndex: number, blockIndex: number, toSection: number): DraftSection[] {
  const block = sections[sectionIndex]?.blocks[blockIndex];
  if (!block || toSection === sectionIndex || !sections[toSection]) return [...sections];
  return sections.map((entry, si) =>
    si === sectionIndex ? { ...entry, blocks: entry.blocks.filter((_, bi) => bi !== blockIndex) } : si === toSection ? { ...entry, blocks: [...entry.blocks, block] } : entry,
  );
}

/** Whether a block can move that way (not the very first or last block of the layout). */
export function canMoveBlock(sections: readonly DraftSection[], sectionIndex: number, blockIndex: number, by: -1 | 1): boolean {
  const section = sections[sectionIndex];
  if (!section) return false;
  const target = blockIndex + by;
  return (target >= 0 && target < section.blocks.length) || sections[sectionIndex + by] !== undefined;
}

/** What saving a draft writes: one nested upsert of the layout, then the deletes of what the draft dropped. */
export interface SavePlan {
  body: Record<string, unknown>;
  deletes: Array<{ entity: 'cms-section' | 'cms-block' | 'cms-slot'; id: string }>;
}

/**
 * The nested write of the whole layout (positions from the draft's order, so the API's error pointers
 * `/sections/0/blocks/1/slots/0/config` name the draft's places) and the records the draft no longer has.
 * A dropped section's blocks go with it unless the draft moved them elsewhere (then they are written
 * there first and only the section is deleted); the same for a dropped block's slots.
 */
export function savePlan(draft: DraftLayout, stored: StoredLayout | null): SavePlan {
  const body = {
    name: draft.name,
    type: draft.type,
    sections: draft.sections.map((section, position) => ({
      id: section.id,
      position,
      type: section.type,
      sizingMode: section.sizingMode,
      mobileBehavior: section.mobileBehavior,
      backgroundColor: section.backgroundColor || null,
      blocks: section.blocks.map((block, blockPosition) => ({
        id: block.id,
        position: blockPosition,
        type: block.type,
        // a default section has one column: a block moved there from a sidebar section is `main`
        sectionPosition: section.type === 'sidebar' ? block.sectionPosition : 'main',
        backgroundColor: block.backgroundColor || null,
        slots: block.slots.map((slot) => ({ id: slot.id, type: slot.type, slot: slot.slot, config: slot.config })),
      })),
    })),
  };
  const keptSections = new Set(draft.sections.map((section) => section.id));
  const keptBlocks = new Set(draft.sections.flatMap((section) => section.blocks.map((block) => block.id)));
  const keptSlots = new Set(draft.sections.flatMap((section) => section.blocks.flatMap((block) => block.slots.map((slot) => slot.id))));
  const deletes: SavePlan['deletes'] = [];
  for (const section of stored?.sections ?? []) {
    const sectionGoes = !keptSections.has(section.id);
    if (sectionGoes) deletes.push({ entity: 'cms-section', id: section.id });
    for (const block of section.blocks ?? []) {
      // a block of a deleted section that the draft did not move goes with the section (cascade)
      if (!keptBlocks.has(block.id)) {
        if (!sectionGoes) deletes.push({ entity: 'cms-block', id: block.id });
        continue;
      }
      for (const slot of block.slots ?? []) if (!keptSlots.has(slot.id)) deletes.push({ entity: 'cms-slot', id: slot.id });
    }
  }
  return { body, deletes };
}

/**
 * A fingerprint of the stored tree (every record's id and `updatedAt`): the Admin API has no optimistic
 * locking and a write to a slot does not touch its layout's `updatedAt`, so the editor compares this before
 * saving instead of the layout's `updatedAt` alone.
 */
export function layoutVersion(stored: StoredLayout): string {
  const parts = [`${stored.id}@${stored.updatedAt}`];
  for (const section of stored.sections ?? []) {
    parts.push(`${section.id}@${section.updatedAt}`);
    for (const block of section.blocks ?? []) {
      parts.push(`${block.id}@${block.updatedAt}`);
      for (const slot of block.slots ?? []) parts.push(`${slot.id}@${slot.updatedAt}`);
    }
  }
  return parts.sort().join(',');
}

/** Ids in a `static` config value: a list of ids, `[{ mediaId }]` items, or one id. */
export function idsIn(value: unknown, key?: string): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => (typeof item === 'string' ? [item] : key && item && typeof item === 'object' && typeof (item as Record<string, unknown>)[key] === 'string' ? [(item as Record<string, string>)[key]!] : []));
}

/**
 * The config fields a category, landing page or product may override for itself (its `slotConfig`), by
 * element type: the content, not the presentation (an image's link, a slider's title stay the layout's).
 */
export const OVERRIDABLE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  text: ['content'],
  image: ['media'],
  'image-slider': ['sliderItems'],
  'product-box': ['product'],
  'product-slider': ['products'],
};

/** A slot a page may override, with the name the editor gives its block. */
export interface OverridableSlot {
  slot: DraftSlot;
  /** "Block 3" or, for a block of several elements, "Block 3 right". */
  name: string;
  /** The element's label ("Text"). */
  kind: string;
  fields: readonly string[];
}

/** The layout's slots that have overridable fields, numbered as the editor numbers its blocks. */
export function overridableSlots(layout: DraftLayout): OverridableSlot[] {
  let number = 0;
  return layout.sections.flatMap((section) =>
    section.blocks.flatMap((block) => {
      number += 1;
      return block.slots.flatMap((slot) => {
        const fields = OVERRIDABLE_FIELDS[slot.type];
        if (!fields) return [];
        return [{ slot, name: block.slots.length > 1 ? `Block ${number} ${slot.slot}` : `Block ${number}`, kind: ELEMENT_LABELS[slot.type] ?? slot.type, fields }];
      });
    }),
  );
}

/** Only `fields` of a config (what an override of them holds). */
export function pickFields(config: SlotConfig, fields: readonly string[]): SlotConfig {
  return Object.fromEntries(Object.entries(config).filter(([field]) => fields.includes(field)));
}

/** The per-page overrides (`slotConfig`), keyed by slot id, as the Admin API stores them. */
export type SlotOverrides = Record<string, SlotConfig>;

/**
 * The page's overrides with one slot's set (or dropped, for `null`); an empty result is `null`, the field's
 * "none". Overrides of slots this layout does not have (left from a layout the page had before) are kept.
 */
export function withOverride(overrides: SlotOverrides | null, slotId: string, config: SlotConfig | null): SlotOverrides | null {
  const next: SlotOverrides = { ...(overrides ?? {}) };
  if (config) next[slotId] = config;
  else delete next[slotId];
  return Object.keys(next).length > 0 ? next : null;
}

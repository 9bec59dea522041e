import type { Db } from '../database/connection.js';
import type { UnitOfWork } from '../database/transaction.js';
import { isId } from '../ids.js';
import type { SalesChannelContext } from '../sales-channel/context/sales-channel-context.js';
import { readCmsPageTree, type CmsBlockRow, type CmsPageTree, type CmsSectionRow } from './cms-page-reader.js';
import { resolveCmsPage, type CmsResolveDeps, type CmsResolveOptions } from './resolve-cms-slots.js';
import type { SlotConfig } from './slot-config.js';
import { storeCmsPageJson, type StoreCmsPageJson } from './store-cms-page.js';

/** An unsaved layout as the Administration's editor holds it: sections, blocks and slots in order, with ids. */
export interface CmsDraftPage {
  name: string;
  type: string;
  sections: Array<{
    id: string;
    type: string;
    sizingMode?: 'boxed' | 'full_width';
    mobileBehavior?: 'wrap' | 'hidden';
    backgroundColor?: string | null;
    blocks: Array<{ id: string; type: string; sectionPosition?: 'main' | 'sidebar'; backgroundColor?: string | null; slots: Array<{ id: string; type: string; slot: string; config: SlotConfig }> }>;
  }>;
}

/**
 * The draft as the tree `readCmsPageTree` would read once it is saved: positions from the draft's order, slots
 * ordered by slot name as the reader orders them, the database's defaults for what the editor does not hold.
 * Sections and blocks the stored layout already has keep the attributes the draft leaves out (images, classes),
 * so the draft draws like the layout it will become.
 */
export function draftCmsPageTree(id: string, draft: CmsDraftPage, stored?: CmsPageTree): CmsPageTree {
  const now = new Date().toISOString();
  const storedSections = new Map((stored?.sections ?? []).map((section) => [section.id, section]));
  const storedBlocks = new Map((stored?.sections ?? []).flatMap((section) => section.blocks.map((block) => [block.id, block] as const)));
  const sections = draft.sections.map((section, position): CmsSectionRow => {
    const before = storedSections.get(section.id);
    return {
      name: null,
      sizingMode: 'boxed',
      mobileBehavior: 'wrap',
      backgroundColor: null,
      backgroundMediaId: null,
      backgroundMediaMode: null,
      cssClass: null,
      visibility: null,
      customFields: null,
      createdAt: now,
      updatedAt: null,
      ...before,
      ...(section.sizingMode ? { sizingMode: section.sizingMode } : {}),
      ...(section.mobileBehavior ? { mobileBehavior: section.mobileBehavior } : {}),
      ...(section.backgroundColor !== undefined ? { backgroundColor: section.backgroundColor } : {}),
      id: section.id,
      pageId: id,
      position,
      type: section.type,
      blocks: section.blocks.map((block, blockPosition): CmsBlockRow => {
        const earlier = storedBlocks.get(block.id);
        return {
          sectionPosition: 'main',
          name: null,
          marginTop: null,
          marginBottom: null,
          marginLeft: null,
          marginRight: null,
          backgroundColor: null,
          backgroundMediaId: null,
          backgroundMediaMode: null,
          cssClass: null,
          visibility: null,
          locked: false,
          customFields: null,
          createdAt: now,
          updatedAt: null,
          ...earlier,
          ...(block.sectionPosition ? { sectionPosition: block.sectionPosition } : {}),
          ...(block.backgroundColor !== undefined ? { backgroundColor: block.backgroundColor } : {}),
          id: block.id,
          sectionId: section.id,
          position: blockPosition,
          type: block.type,
          slots: [...block.slots]
            .sort((a, b) => (a.slot === b.slot ? (a.id < b.id ? -1 : 1) : a.slot < b.slot ? -1 : 1))
            .map((slot) => ({ id: slot.id, blockId: block.id, type: slot.type, slot: slot.slot, locked: false, config: slot.config, fieldConfig: null, customFields: null, createdAt: now, updatedAt: null })),
        };
      }),
    };
  });
  return {
    entity: null,
    cssClass: null,
    config: null,
    previewMediaId: null,
    customFields: null,
    createdAt: now,
    updatedAt: null,
    ...stored,
    id,
    name: draft.name,
    type: draft.type,
    sections,
  };
}

/**
 * An unsaved layout resolved for the context exactly as `loadResolvedCmsPage` resolves a stored one, in the
 * Store API's shape; nothing is written. `pageId`: the stored layout the draft edits (its attributes the
 * editor does not hold are kept), or a new id for a layout not saved yet.
 */
export async function resolveDraftCmsPage(
  within: Db | UnitOfWork,
  deps: CmsResolveDeps,
  context: SalesChannelContext,
  pageId: string,
  draft: CmsDraftPage,
  options: CmsResolveOptions = {},
): Promise<StoreCmsPageJson> {
  const id = pageId.toLowerCase();
  const stored = isId(id) ? await readCmsPageTree(within, id) : undefined;
  const tree = draftCmsPageTree(id, draft, stored);
  const resolved = await resolveCmsPage(within, deps, context, tree, options);
  return storeCmsPageJson(tree, resolved.slots, resolved.backgroundMedia);
}

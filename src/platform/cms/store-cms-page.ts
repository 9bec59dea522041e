import type { StoreMediaJson } from '../media/store-media-json.js';
import type { CmsPageTree } from './cms-page-reader.js';
import type { ResolvedSlot } from './resolve-cms-slots.js';

/**
 * A layout in the Store API's shape (Shopware's CmsPage with sections, blocks and slots, each slot with
 * its effective `config` and resolved `data`); sections and blocks with a background image carry it as
 * `backgroundMedia`, as Shopware's page loader adds that association.
 */
export function storeCmsPageJson(tree: CmsPageTree, resolved: ReadonlyMap<string, ResolvedSlot>, backgroundMedia: ReadonlyMap<string, StoreMediaJson> = new Map()) {
  const background = (id: string | null) => (id && backgroundMedia.has(id) ? { backgroundMedia: backgroundMedia.get(id)! } : {});
  return {
    id: tree.id,
    name: tree.name,
    type: tree.type,
    entity: tree.entity,
    cssClass: tree.cssClass,
    config: tree.config ?? null,
    previewMediaId: tree.previewMediaId,
    customFields: tree.customFields ?? {},
    translated: { name: tree.name, customFields: {} },
    createdAt: tree.createdAt,
    updatedAt: tree.updatedAt,
    sections: tree.sections.map(({ blocks, ...section }) => ({
      ...section,
      ...background(section.backgroundMediaId),
      visibility: section.visibility ?? null,
      customFields: section.customFields ?? {},
      blocks: blocks.map(({ slots, ...block }) => ({
        ...block,
        ...background(block.backgroundMediaId),
        visibility: block.visibility ?? null,
        customFields: block.customFields ?? {},
        slots: slots.map((slot) => {
          const own = resolved.get(slot.id);
          const config = own?.config ?? slot.config ?? {};
          return {
            ...slot,
            config,
            fieldConfig: slot.fieldConfig ?? null,
            customFields: slot.customFields ?? {},
            data: own?.data ?? null,
            translated: { config, customFields: {} },
            apiAlias: 'cms_slot' as const,
          };
        }),
        apiAlias: 'cms_block' as const,
      })),
      apiAlias: 'cms_section' as const,
    })),
    apiAlias: 'cms_page' as const,
  };
}

export type StoreCmsPageJson = ReturnType<typeof storeCmsPageJson>;

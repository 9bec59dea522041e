import type { EntityDefinition } from '../entities/definition.js';
import { slotConfigProblem } from './slot-config.js';

export const CMS_PAGE_TYPES = ['landingpage', 'product_list', 'product_detail', 'page'] as const;

/** A layout: sections in `position` order; assigned to categories, landing pages and products. */
export const cmsPageEntity: EntityDefinition = {
  name: 'cms_page',
  fields: {
    name: { type: 'string', maxLength: 255, searchable: true },
    type: { type: 'enum', values: CMS_PAGE_TYPES, required: true },
    entity: { type: 'string', maxLength: 255 },
    cssClass: { type: 'string', maxLength: 255 },
    config: { type: 'json' },
    previewMediaId: { type: 'id' },
    locked: { type: 'bool', default: false },
  },
  associations: {
    sections: { type: 'one-to-many', entity: 'cms_section', foreignKey: 'pageId', cascadeDelete: true },
    previewMedia: { type: 'many-to-one', entity: 'media', foreignKey: 'previewMediaId' },
    landingPages: { type: 'one-to-many', entity: 'landing_page', foreignKey: 'cmsPageId' },
    categories: { type: 'one-to-many', entity: 'category', foreignKey: 'cmsPageId' },
  },
  defaultSort: [{ field: 'name', order: 'ASC' }],
};

/** A section: full width or boxed, with or without a sidebar (`type` `default` | `sidebar`). */
export const cmsSectionEntity: EntityDefinition = {
  name: 'cms_section',
  fields: {
    pageId: { type: 'id', required: true, column: 'cms_page_id' },
    position: { type: 'int', required: true },
    type: { type: 'enum', values: ['default', 'sidebar'], default: 'default' },
    name: { type: 'string', maxLength: 255 },
    sizingMode: { type: 'enum', values: ['boxed', 'full_width'], default: 'boxed' },
    mobileBehavior: { type: 'enum', values: ['wrap', 'hidden'], default: 'wrap' },
    backgroundColor: { type: 'string', maxLength: 50 },
    backgroundMediaId: { type: 'id' },
    backgroundMediaMode: { type: 'enum', values: ['auto', 'contain', 'cover'] },
    cssClass: { type: 'string', maxLength: 255 },
    visibility: { type: 'json' },
  },
  associations: {
    page: { type: 'many-to-one', entity: 'cms_page', foreignKey: 'pageId' },
    blocks: { type: 'one-to-many', entity: 'cms_block', foreignKey: 'sectionId', cascadeDelete: true },
    backgroundMedia: { type: 'many-to-one', entity: 'media', foreignKey: 'backgroundMediaId' },
  },
  defaultSort: [{ field: 'position', order: 'ASC' }],
};

/** A block: a row of slots (`image-text` has `left` and `right`), in its section's main or sidebar area. */
export const cmsBlockEntity: EntityDefinition = {
  name: 'cms_block',
  fields: {
    sectionId: { type: 'id', required: true, column: 'cms_section_id' },
    position: { type: 'int', required: true },
    sectionPosition: { type: 'enum', values: ['main', 'sidebar'], default: 'main' },
    type: { type: 'string', required: true, maxLength: 255 },
    name: { type: 'string', maxLength: 255 },
    marginTop: { type: 'string', maxLength: 50 },
    marginBottom: { type: 'string', maxLength: 50 },
    marginLeft: { type: 'string', maxLength: 50 },
    marginRight: { type: 'string', maxLength: 50 },
    backgroundColor: { type: 'string', maxLength: 50 },
    backgroundMediaId: { type: 'id' },
    backgroundMediaMode: { type: 'enum', values: ['auto', 'contain', 'cover'] },
    cssClass: { type: 'string', maxLength: 255 },
    visibility: { type: 'json' },
    locked: { type: 'bool', default: false },
  },
  associations: {
    section: { type: 'many-to-one', entity: 'cms_section', foreignKey: 'sectionId' },
    slots: { type: 'one-to-many', entity: 'cms_slot', foreignKey: 'blockId', cascadeDelete: true },
    backgroundMedia: { type: 'many-to-one', entity: 'media', foreignKey: 'backgroundMediaId' },
  },
  defaultSort: [{ field: 'position', order: 'ASC' }],
};

/** A slot: one element (`text`, `image`, `product-slider`, ...) with its config; `data` is resolved at read time. */
export const cmsSlotEntity: EntityDefinition = {
  name: 'cms_slot',
  fields: {
    blockId: { type: 'id', required: true, column: 'cms_block_id' },
    type: { type: 'string', required: true, maxLength: 255 },
    slot: { type: 'string', required: true, maxLength: 255 },
    locked: { type: 'bool', default: false },
    config: { type: 'json', validate: slotConfigProblem },
    fieldConfig: { type: 'json' },
  },
  associations: {
    block: { type: 'many-to-one', entity: 'cms_block', foreignKey: 'blockId' },
  },
  defaultSort: [{ field: 'slot', order: 'ASC' }],
};

export const cmsEntities = [cmsPageEntity, cmsSectionEntity, cmsBlockEntity, cmsSlotEntity];

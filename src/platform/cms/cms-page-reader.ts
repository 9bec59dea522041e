import { sql } from 'kysely';
import type { Db } from '../database/connection.js';
import { executorOf, type UnitOfWork } from '../database/transaction.js';
import type { SlotConfig } from './slot-config.js';

export interface CmsSlotRow {
  id: string;
  blockId: string;
  type: string;
  slot: string;
  locked: boolean;
  config: SlotConfig | null;
  fieldConfig: unknown;
  customFields: unknown;
  createdAt: string;
  updatedAt: string | null;
}

export interface CmsBlockRow {
  id: string;
  sectionId: string;
  position: number;
  sectionPosition: string;
  type: string;
  name: string | null;
  marginTop: string | null;
  marginBottom: string | null;
  marginLeft: string | null;
  marginRight: string | null;
  backgroundColor: string | null;
  backgroundMediaId: string | null;
  backgroundMediaMode: string | null;
  cssClass: string | null;
  visibility: unknown;
  locked: boolean;
  customFields: unknown;
  createdAt: string;
  updatedAt: string | null;
  slots: CmsSlotRow[];
}

export interface CmsSectionRow {
  id: string;
  pageId: string;
  position: number;
  type: string;
  name: string | null;
  sizingMode: string;
  mobileBehavior: string;
  backgroundColor: string | null;
  backgroundMediaId: string | null;
  backgroundMediaMode: string | null;
  cssClass: string | null;
  visibility: unknown;
  customFields: unknown;
  createdAt: string;
  updatedAt: string | null;
  blocks: CmsBlockRow[];
}

export interface CmsPageTree {
  id: string;
  name: string | null;
  type: string;
  entity: string | null;
  cssClass: string | null;
  config: unknown;
  previewMediaId: string | null;
  customFields: unknown;
  createdAt: string;
  updatedAt: string | null;
  sections: CmsSectionRow[];
}

/**
 * A layout with its sections, blocks and slots in position order, read in one statement whatever the
 * number of slots (the tree is assembled by PostgreSQL as JSON); undefined for an unknown id.
 */
export async function readCmsPageTree(within: Db | UnitOfWork, pageId: string): Promise<CmsPageTree | undefined> {
  const { rows } = await sql<{ page: CmsPageTree }>`${sql.raw(CMS_PAGE_TREE_SELECT)} WHERE p.id = ${pageId}`.execute(executorOf(within));
  return rows[0]?.page;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const CMS_PAGE_TREE_SELECT = `
  SELECT json_build_object(
    'id', replace(p.id::text, '-', ''), 'name', p.name, 'type', p.type, 'entity', p.entity, 'cssClass', p.css_class,
    'config', p.config, 'previewMediaId', replace(p.preview_media_id::text, '-', ''), 'customFields', p.custom_fields,
    'createdAt', ${iso('p.created_at')}, 'updatedAt', ${iso('p.updated_at')},
    'sections', coalesce((
      SELECT json_agg(json_build_object(
        'id', replace(s.id::text, '-', ''), 'pageId', replace(s.cms_page_id::text, '-', ''), 'position', s.position, 'type', s.type,
        'name', s.name, 'sizingMode', s.sizing_mode, 'mobileBehavior', s.mobile_behavior, 'backgroundColor', s.background_color,
        'backgroundMediaId', replace(s.background_media_id::text, '-', ''), 'backgroundMediaMode', s.background_media_mode,
        'cssClass', s.css_class, 'visibility', s.visibility, 'customFields', s.custom_fields,
        'createdAt', ${iso('s.created_at')}, 'updatedAt', ${iso('s.updated_at')},
        'blocks', coalesce((
          SELECT json_agg(json_build_object(
            'id', replace(b.id::text, '-', ''), 'sectionId', replace(b.cms_section_id::text, '-', ''), 'position', b.position,
            'sectionPosition', b.section_position, 'type', b.type, 'name', b.name,
            'marginTop', b.margin_top, 'marginBottom', b.margin_bottom, 'marginLeft', b.margin_left, 'marginRight', b.margin_right,
            'backgroundColor', b.background_color, 'backgroundMediaId', replace(b.background_media_id::text, '-', ''),
            'backgroundMediaMode', b.background_media_mode, 'cssClass', b.css_class, 'visibility', b.visibility, 'locked', b.locked,
            'customFields', b.custom_fields, 'createdAt', ${iso('b.created_at')}, 'updatedAt', ${iso('b.updated_at')},
            'slots', coalesce((
              SELECT json_agg(json_build_object(
                'id', replace(sl.id::text, '-', ''), 'blockId', replace(sl.cms_block_id::text, '-', ''), 'type', sl.type, 'slot', sl.slot,
                'locked', sl.locked, 'config', sl.config, 'fieldConfig', sl.field_config, 'customFields', sl.custom_fields,
                'createdAt', ${iso('sl.created_at')}, 'updatedAt', ${iso('sl.updated_at')}
              ) ORDER BY sl.slot, sl.id) FROM cms_slot sl WHERE sl.cms_block_id = b.id), '[]'::json)
          ) ORDER BY b.position, b.id) FROM cms_block b WHERE b.cms_section_id = s.id), '[]'::json)
      ) ORDER BY s.position, s.id) FROM cms_section s WHERE s.cms_page_id = p.id), '[]'::json)
  ) AS page
  FROM cms_page p`;

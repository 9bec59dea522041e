import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import { storeMediaJson, type MediaRow } from '../../media/store-media-json.js';

/**
 * The entities behind a listing's aggregations, as Shopware's listing answers them: the manufacturers
 * of the listed products, and the filterable property groups with the options the products carry.
 */

export async function loadListingManufacturers(within: Db | UnitOfWork, ids: readonly string[], mediaBaseUrl = '') {
  if (ids.length === 0) return [];
  const rows = await executorOf(within)
    .selectFrom('product_manufacturer as m')
    .leftJoin('media as media', 'media.id', 'm.media_id')
    .select(['m.id', 'm.name', 'm.link', 'm.description', 'm.media_id', 'm.custom_fields', 'm.created_at', 'm.updated_at'])
    .select((eb) => eb.fn.toJson('media').as('media'))
    .where('m.id', 'in', [...ids])
    .orderBy('m.name')
    .orderBy('m.id')
    .execute();
  return rows.map((row) => ({
    id: row.id as string,
    mediaId: row.media_id as string | null,
    name: row.name as string,
    link: row.link as string | null,
    description: row.description as string | null,
    media: row.media_id === null || row.media === null ? null : storeMediaJson(mediaRow(row.media), mediaBaseUrl),
    customFields: (row.custom_fields as object | null) ?? {},
    translated: { name: row.name as string, link: row.link as string | null, description: row.description as string | null, customFields: {} },
    createdAt: new Date(row.created_at as Date).toISOString(),
    updatedAt: row.updated_at === null ? null : new Date(row.updated_at as Date).toISOString(),
    apiAlias: 'product_manufacturer' as const,
  }));
}

interface OptionRow {
  id: string;
  group_id: string;
  name: string;
  position: number;
  color_hex_code: string | null;
  media_id: string | null;
  group_name: string;
  display_type: string;
  sorting_type: string;
  group_position: number;
  visible_on_product_detail_page: boolean;
}

/**
 * The filterable property groups (`property-whitelist` narrows them) with the given options, groups by
 * position then name, options by position when the group sorts by position, else by name.
 */
export async function loadListingPropertyGroups(within: Db | UnitOfWork, optionIds: readonly string[], whitelist: readonly string[] | null) {
  if (optionIds.length === 0) return [];
  let query = executorOf(within)
    .selectFrom('property_group_option as o')
    .innerJoin('property_group as g', 'g.id', 'o.group_id')
    .select(['o.id', 'o.group_id', 'o.name', 'o.position', 'o.color_hex_code', 'o.media_id'])
    .select(['g.name as group_name', 'g.display_type', 'g.sorting_type', 'g.position as group_position', 'g.visible_on_product_detail_page'])
    .where('o.id', 'in', [...optionIds])
    .where('g.filterable', '=', true);
  if (whitelist) query = query.where('g.id', 'in', [...whitelist]);
  const rows = (await query.execute()) as unknown as OptionRow[];
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en', { numeric: true });
  const groups = new Map<string, { row: OptionRow; options: OptionRow[] }>();
  for (const row of rows) {
    const group = groups.get(row.group_id) ?? { row, options: [] };
    group.options.push(row);
    groups.set(row.group_id, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.row.group_position - b.row.group_position || byName({ name: a.row.group_name }, { name: b.row.group_name }))
    .map(({ row, options }) => ({
      id: row.group_id,
      name: row.group_name,
      displayType: row.display_type,
      sortingType: row.sorting_type,
      position: row.group_position,
      filterable: true,
      visibleOnProductDetailPage: row.visible_on_product_detail_page,
      translated: { name: row.group_name, position: row.group_position, customFields: {} },
      options: options
        .sort((a, b) => (row.sorting_type === 'position' ? a.position - b.position : 0) || byName(a, b) || a.id.localeCompare(b.id))
        .map((option) => ({
          id: option.id,
          groupId: option.group_id,
          name: option.name,
          position: option.position,
          colorHexCode: option.color_hex_code,
          mediaId: option.media_id,
          translated: { name: option.name, position: option.position, customFields: {} },
          apiAlias: 'property_group_option' as const,
        })),
      apiAlias: 'property_group' as const,
    }));
}

/** A media row read with `to_json` (ids with dashes, timestamps as text). */
function mediaRow(json: unknown): MediaRow {
  const row = json as Record<string, unknown>;
  return { ...(row as unknown as MediaRow), id: String(row.id).replace(/-/g, '') };
}

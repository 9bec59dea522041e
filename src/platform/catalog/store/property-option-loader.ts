import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';

export interface PropertyGroupJson {
  id: string;
  name: string;
  displayType: string;
  sortingType: string;
  position: number;
  translated: { name: string; position: number };
  apiAlias: 'property_group';
}

export interface PropertyOptionJson {
  id: string;
  groupId: string;
  name: string;
  position: number;
  colorHexCode: string | null;
  translated: { name: string; position: number };
  group: PropertyGroupJson;
  apiAlias: 'property_group_option';
}

interface OptionRow {
  product_id: string;
  id: string;
  group_id: string;
  name: string;
  position: number;
  color_hex_code: string | null;
  group_name: string;
  display_type: string;
  sorting_type: string;
  group_position: number;
}

/**
 * The property group options linked to products, with their group, by product id.
 * `options` are what makes a variant a variant (never inherited); `properties` describe a product
 * and a variant without properties of its own shows its parent's (Shopware's inheritance).
 */
export async function loadPropertyOptions(
  within: Db | UnitOfWork,
  products: Array<{ id: string; parentId: string | null }>,
  kind: 'options' | 'properties',
): Promise<Map<string, PropertyOptionJson[]>> {
  const result = new Map<string, PropertyOptionJson[]>(products.map((p) => [p.id, []]));
  if (products.length === 0) return result;
  const table = kind === 'options' ? 'product_option' : 'product_property';
  const owners = [...new Set(products.flatMap((p) => (kind === 'properties' && p.parentId ? [p.id, p.parentId] : [p.id])))];
  const rows = await sql<OptionRow>`
    SELECT m.product_id, o.id, o.group_id, o.name, o.position, o.color_hex_code,
      g.name AS group_name, g.display_type, g.sorting_type, g.position AS group_position
    FROM ${sql.table(table)} m
    JOIN property_group_option o ON o.id = m.property_group_option_id
    JOIN property_group g ON g.id = o.group_id
    WHERE m.product_id = ANY(${owners}::uuid[])
    ORDER BY g.position, g.name, o.position, o.name, o.id
  `.execute(executorOf(within));
  const byOwner = new Map<string, PropertyOptionJson[]>();
  for (const row of rows.rows) {
    const list = byOwner.get(row.product_id) ?? [];
    list.push(toOptionJson(row));
    byOwner.set(row.product_id, list);
  }
  for (const product of products) {
    const own = byOwner.get(product.id) ?? [];
    const inherited = kind === 'properties' && own.length === 0 && product.parentId ? (byOwner.get(product.parentId) ?? []) : own;
    result.set(product.id, inherited);
  }
  return result;
}

function toOptionJson(row: OptionRow): PropertyOptionJson {
  return {
    id: row.id,
    groupId: row.group_id,
    name: row.name,
    position: row.position,
    colorHexCode: row.color_hex_code,
    translated: { name: row.name, position: row.position },
    group: {
      id: row.group_id,
      name: row.group_name,
      displayType: row.display_type,
      sortingType: row.sorting_type,
      position: row.group_position,
      translated: { name: row.group_name, position: row.group_position },
      apiAlias: 'property_group',
    },
    apiAlias: 'property_group_option',
  };
}

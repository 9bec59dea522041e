import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import { AppError } from '../../errors/app-error.js';
import type { Filter } from '../../entities/criteria/types.js';
import { isId } from '../../ids.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { categoryNameSql } from './category-translation.js';

/** The alias Shopware's category route accepts for the channel's navigation (root) category. */
export const HOME_CATEGORY_ALIAS = 'home';

export function categoryNotFound(categoryId: string): AppError {
  return new AppError(404, 'CONTENT__CATEGORY_NOT_FOUND', `Category ${categoryId} not found.`, { meta: { parameters: { categoryId } } });
}

/**
 * Criteria filters limiting categories to what a sales channel shows: its navigation category and
 * everything below it (by the materialised `path`), active ones only.
 */
export function channelCategoryFilters(context: SalesChannelContext): Filter[] {
  const root = context.salesChannel.navigationCategoryId;
  return [
    { type: 'equals', field: 'active', value: true },
    {
      type: 'multi',
      operator: 'OR',
      queries: [
        { type: 'equals', field: 'id', value: root },
        { type: 'contains', field: 'path', value: `|${root}|` },
      ],
    },
  ];
}

export interface ChannelCategory {
  id: string;
  parentId: string | null;
  name: string;
  level: number;
  path: string | null;
  displayNestedProducts: boolean;
  /** The layout (Shopping Experiences) the category shows, and the category's overrides of its slots. */
  cmsPageId?: string | null;
  slotConfig?: Record<string, unknown> | null;
}

/**
 * The category if the channel shows it (active, the navigation category or below it); otherwise a
 * 404 `CONTENT__CATEGORY_NOT_FOUND`. `home` names the navigation category. Its name is in the context's language.
 */
export async function findChannelCategory(within: Db | UnitOfWork, context: SalesChannelContext, categoryId: string): Promise<ChannelCategory> {
  const root = context.salesChannel.navigationCategoryId;
  const id = categoryId === HOME_CATEGORY_ALIAS ? root : categoryId;
  if (!isId(id)) throw categoryNotFound(categoryId);
  const row = await executorOf(within)
    .selectFrom('category')
    .select(['id', 'parent_id', categoryNameSql('category', context.languageId).as('name'), 'level', 'path', 'display_nested_products', 'cms_page_id', 'slot_config'])
    .where('id', '=', id)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('id', '=', root), eb('path', 'like', `%|${root}|%`)]))
    .executeTakeFirst();
  if (!row) throw categoryNotFound(categoryId);
  return {
    id: row.id as string,
    parentId: row.parent_id as string | null,
    name: row.name as string,
    level: row.level as number,
    path: row.path as string | null,
    displayNestedProducts: row.display_nested_products as boolean,
    cmsPageId: (row.cms_page_id as string | null) ?? null,
    slotConfig: (row.slot_config as Record<string, unknown> | null) ?? null,
  };
}

/** A SQL condition: category `alias` is `categoryId` or (when `nested`) one of its descendants. */
export function categoryOrDescendantSql(alias: string, categoryId: string, nested: boolean) {
  const c = sql.ref(alias);
  return nested ? sql`(${c}.id = ${categoryId} OR ${c}.path LIKE ${`%|${categoryId}|%`})` : sql`${c}.id = ${categoryId}`;
}

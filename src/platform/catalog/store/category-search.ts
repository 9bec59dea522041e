import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import type { Criteria } from '../../entities/criteria/types.js';
import type { EntityRegistry } from '../../entities/registry.js';
import { EntityReader } from '../../entities/reader.js';
import type { EntityRecord } from '../../entities/serializer.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { categoryNotFound, channelCategoryFilters, findChannelCategory } from './category-scope.js';

export interface StoreCategorySearchResult {
  total: number;
  elements: EntityRecord[];
  page: number;
  limit: number | null;
}

/** `GET|POST /store-api/category`: the criteria applied to the channel's active navigation tree. */
export async function searchStoreCategories(
  within: Db | UnitOfWork,
  registry: EntityRegistry,
  context: SalesChannelContext,
  criteria: Criteria,
): Promise<StoreCategorySearchResult> {
  const scoped: Criteria = { ...criteria, filter: [...(criteria.filter ?? []), ...channelCategoryFilters(context)] };
  const { total, entities } = await new EntityReader(registry).search(executorOf(within), registry.get('category'), scoped);
  return { total, elements: entities, page: criteria.page ?? 1, limit: criteria.ids ? null : (criteria.limit ?? null) };
}

/** `GET|POST /store-api/category/{id}`: one category of the channel (404 when outside or inactive). */
export async function loadStoreCategory(
  within: Db | UnitOfWork,
  registry: EntityRegistry,
  context: SalesChannelContext,
  categoryId: string,
  criteria: Criteria = {},
): Promise<EntityRecord> {
  const category = await findChannelCategory(within, context, categoryId);
  const { entities } = await new EntityReader(registry).search(executorOf(within), registry.get('category'), { associations: criteria.associations, ids: [category.id] });
  // it was found a moment ago; a concurrent delete makes it a 404 like any unknown id
  const [entity] = entities;
  if (!entity) throw categoryNotFound(categoryId);
  return entity;
}

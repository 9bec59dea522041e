import { errors } from '../../errors/app-error.js';
import { parseCriteria } from '../../entities/criteria/parse.js';
import { queryToCriteriaBody } from '../../entities/criteria/query-string.js';
import { resolveFieldPath } from '../../entities/criteria/field-path.js';
import type { Criteria, Filter } from '../../entities/criteria/types.js';
import type { EntityDefinition } from '../../entities/definition.js';
import type { EntityRegistry } from '../../entities/registry.js';

/** Shopware's Store API limit: at most 100 records per page, 100 when none is asked. */
export const STORE_API_MAX_LIMIT = 100;

/**
 * Which associations the Store API lets a client reach, per entity. Filters, sortings and
 * `associations` may only go through these: anything else (visibilities of other channels, reviews
 * awaiting approval, raw product rows behind a category) answers 400 as if it did not exist.
 */
export type StoreApiExposure = Readonly<Record<string, readonly string[]>>;

export const STORE_API_EXPOSURE: StoreApiExposure = {
  product: ['manufacturer', 'cover', 'categories', 'properties', 'options', 'tags'],
  product_media: ['media'],
  property_group_option: ['group'],
  category: ['media'],
  country: ['states'],
};

/** Criteria of a Store API request: the JSON body for POST, the query string for GET. */
export function parseStoreApiCriteria(
  method: string,
  body: unknown,
  query: Readonly<Record<string, unknown>> | undefined,
  entity: string,
  registry: EntityRegistry,
  exposure: StoreApiExposure = STORE_API_EXPOSURE,
): Criteria {
  const def = registry.get(entity);
  const input = method === 'GET' ? queryToCriteriaBody(query ?? {}) : (body ?? {});
  const criteria = parseCriteria(input, def, registry, { maxLimit: STORE_API_MAX_LIMIT });
  assertExposed(criteria, def, registry, exposure, '');
  return criteria;
}

function assertExposed(criteria: Criteria, def: EntityDefinition, registry: EntityRegistry, exposure: StoreApiExposure, at: string): void {
  const checkPath = (field: string, pointer: string, code?: string) => {
    const path = resolveFieldPath(registry, def, field, pointer, code);
    for (const hop of path.hops) {
      if (!exposure[hop.from.name]?.includes(hop.name)) {
        throw errors.badRequest(code ?? 'FRAMEWORK__INVALID_FILTER_QUERY', `Field "${field}" does not exist in entity "${def.name}".`, pointer, { field });
      }
    }
  };
  const checkFilters = (filters: Filter[] | undefined, key: string) =>
    filters?.forEach((filter, index) => checkFilter(filter, `${at}/${key}/${index}`, checkPath));
  checkFilters(criteria.filter, 'filter');
  checkFilters(criteria.postFilter, 'post-filter');
  criteria.sort?.forEach((sorting, index) => checkPath(sorting.field, `${at}/sort/${index}/field`, 'FRAMEWORK__INVALID_SORT_QUERY'));
  for (const [name, nested] of Object.entries(criteria.associations ?? {})) {
    const association = def.associations?.[name];
    if (!association || !exposure[def.name]?.includes(name)) {
      throw errors.badRequest('FRAMEWORK__ASSOCIATION_NOT_FOUND', `Association "${name}" does not exist in entity "${def.name}".`, `${at}/associations/${name}`, {
        association: name,
      });
    }
    assertExposed(nested, registry.get(association.entity), registry, exposure, `${at}/associations/${name}`);
  }
}

function checkFilter(filter: Filter, pointer: string, checkPath: (field: string, pointer: string) => void): void {
  if (filter.type === 'multi' || filter.type === 'not') {
    filter.queries.forEach((query, index) => checkFilter(query, `${pointer}/queries/${index}`, checkPath));
    return;
  }
  checkPath(filter.field, `${pointer}/field`);
}

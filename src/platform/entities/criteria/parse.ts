import { AppError, AppErrorList, errors, throwProblems } from '../../errors/app-error.js';
import { isId } from '../../ids.js';
import { associationOf, isToOneAssociation, type EntityDefinition } from '../definition.js';
import type { EntityRegistry } from '../registry.js';
import { resolveFieldPath } from './field-path.js';
import { ADMIN_API_MAX_LIMIT, type Criteria, type Filter, type RangeParameters, type Sorting, type TotalCountMode } from './types.js';
import { normalizeFilterValue, normalizeRangeValue } from './values.js';

export interface ParseOptions {
  /** Largest accepted `limit`, also the limit when none is given (Admin API: 500). */
  maxLimit?: number;
}

const FILTER = 'FRAMEWORK__INVALID_FILTER_QUERY';
const SORT = 'FRAMEWORK__INVALID_SORT_QUERY';

/**
 * Validates a JSON criteria (the body of POST /api/search/{res}) against the entity definitions and
 * returns the typed Criteria. Every field path is resolved now so that a bad one is a 400 with a
 * JSON pointer into the request (`/filter/0/field`), as Shopware's search errors carry.
 */
export function parseCriteria(input: unknown, definition: EntityDefinition, registry: EntityRegistry, options: ParseOptions = {}): Criteria {
  const problems: AppError[] = [];
  const criteria = parseLevel(input ?? {}, definition, registry, options.maxLimit ?? ADMIN_API_MAX_LIMIT, '', problems, true);
  throwProblems(problems);
  return criteria;
}

function parseLevel(input: unknown, def: EntityDefinition, registry: EntityRegistry, maxLimit: number, at: string, problems: AppError[], root: boolean): Criteria {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    problems.push(errors.badRequest('FRAMEWORK__INVALID_CRITERIA', 'Criteria must be a JSON object.', at || '/'));
    return {};
  }
  const body = input as Record<string, unknown>;
  const criteria: Criteria = {};
  const attempt = (work: () => void) => {
    try {
      work();
    } catch (error) {
      if (error instanceof AppErrorList) problems.push(...error.entries);
      else if (error instanceof AppError) problems.push(error);
      else throw error;
    }
  };

  if (body.ids !== undefined) attempt(() => (criteria.ids = parseIds(body.ids, `${at}/ids`)));
  if (body.page !== undefined) attempt(() => (criteria.page = parsePositiveInt(body.page, 'FRAMEWORK__INVALID_PAGE_QUERY', 'page', `${at}/page`)));
  attempt(() => {
    if (body.limit === undefined || body.limit === null || body.limit === '') {
      // Absent limit means the maximum on the root (Admin API); nested to-many criteria load everything.
      if (root) criteria.limit = maxLimit;
      return;
    }
    const limit = parsePositiveInt(body.limit, 'FRAMEWORK__INVALID_LIMIT_QUERY', 'limit', `${at}/limit`);
    if (limit > maxLimit) {
      throw errors.badRequest('FRAMEWORK__QUERY_LIMIT_EXCEEDED', `The limit must be lower than or equal to ${maxLimit} but is ${limit}.`, `${at}/limit`, { maxLimit, limit });
    }
    criteria.limit = limit;
  });
  if (body.term !== undefined && body.term !== null && body.term !== '') {
    attempt(() => {
      if (typeof body.term !== 'string') throw errors.badRequest('FRAMEWORK__INVALID_CRITERIA', 'The term must be a string.', `${at}/term`);
      criteria.term = body.term.trim();
    });
  }
  if (body['total-count-mode'] !== undefined) attempt(() => (criteria.totalCountMode = parseTotalCountMode(body['total-count-mode'], `${at}/total-count-mode`)));
  for (const key of ['filter', 'post-filter'] as const) {
    if (body[key] === undefined || body[key] === null) continue;
    attempt(() => {
      const list = body[key];
      if (!Array.isArray(list)) throw errors.badRequest(FILTER, `"${key}" must be an array of filters.`, `${at}/${key}`);
      const filters = list.map((f, i) => parseFilter(f, def, registry, `${at}/${key}/${i}`));
      if (key === 'filter') criteria.filter = filters;
      else criteria.postFilter = filters;
    });
  }
  if (body.sort !== undefined && body.sort !== null) attempt(() => (criteria.sort = parseSort(body.sort, def, registry, `${at}/sort`)));
  if (body.associations !== undefined && body.associations !== null) {
    attempt(() => {
      const associations = body.associations;
      if (typeof associations !== 'object' || Array.isArray(associations)) {
        throw errors.badRequest('FRAMEWORK__INVALID_CRITERIA', '"associations" must be an object of criteria by property name.', `${at}/associations`);
      }
      criteria.associations = {};
      for (const [name, nested] of Object.entries(associations as Record<string, unknown>)) {
        const association = associationOf(def, name);
        if (!association || !registry.has(association.entity)) {
          problems.push(errors.badRequest('FRAMEWORK__ASSOCIATION_NOT_FOUND', `Association "${name}" does not exist in entity "${def.name}".`, `${at}/associations/${name}`, { association: name }));
          continue;
        }
        criteria.associations[name] = parseLevel(nested ?? {}, registry.get(association.entity), registry, maxLimit, `${at}/associations/${name}`, problems, false);
      }
    });
  }
  if (body.includes !== undefined && body.includes !== null) attempt(() => (criteria.includes = parseIncludes(body.includes, `${at}/includes`)));
  if (body.aggregations !== undefined && !(Array.isArray(body.aggregations) && body.aggregations.length === 0)) {
    problems.push(errors.badRequest('FRAMEWORK__INVALID_AGGREGATION_QUERY', 'Aggregations are not supported by this platform.', `${at}/aggregations`));
  }
  return criteria;
}

function parseIds(value: unknown, pointer: string): string[] {
  const list = typeof value === 'string' ? value.split('|') : value;
  if (!Array.isArray(list)) throw errors.badRequest('FRAMEWORK__INVALID_CRITERIA', '"ids" must be an array of ids or a "|"-separated string.', pointer);
  return list.map((id, i) => {
    const normalized = typeof id === 'string' ? id.toLowerCase() : id;
    if (!isId(normalized)) throw errors.badRequest('FRAMEWORK__INVALID_CRITERIA', `"${String(id)}" is not a valid id (32 hexadecimal characters).`, `${pointer}/${i}`);
    return normalized;
  });
}

/** Pages and limits beyond this are no real request, and their offsets would overflow the database's integers. */
export const MAX_CRITERIA_INTEGER = 1_000_000;

function parsePositiveInt(value: unknown, code: string, name: string, pointer: string): number {
  const n = typeof value === 'string' && /^\d{1,16}$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_CRITERIA_INTEGER) {
    const shown = typeof value === 'string' || typeof value === 'number' ? JSON.stringify(String(value).slice(0, 40)) : 'a non-number';
    throw errors.badRequest(code, `The ${name} parameter must be an integer from 1 to ${MAX_CRITERIA_INTEGER}, got ${shown}.`, pointer);
  }
  return n;
}

function parseTotalCountMode(value: unknown, pointer: string): TotalCountMode {
  const modes: Record<string, TotalCountMode> = { '0': 'none', none: 'none', '1': 'exact', exact: 'exact', '2': 'next-pages', 'next-pages': 'next-pages' };
  const mode = modes[String(value).toLowerCase()];
  if (!mode) throw errors.badRequest('FRAMEWORK__INVALID_CRITERIA', `Invalid total-count-mode ${JSON.stringify(value)}: use none (0), exact (1) or next-pages (2).`, pointer);
  return mode;
}

/** `and`/`or`/`nand`/`nor` are Shopware's shorthands for multi and not. */
const SHORTHANDS: Record<string, { type: 'multi' | 'not'; operator: 'AND' | 'OR' }> = {
  and: { type: 'multi', operator: 'AND' },
  or: { type: 'multi', operator: 'OR' },
  nand: { type: 'not', operator: 'AND' },
  nor: { type: 'not', operator: 'OR' },
};

export function parseFilter(input: unknown, def: EntityDefinition, registry: EntityRegistry, at: string): Filter {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw errors.badRequest(FILTER, 'A filter must be an object.', at);
  const f = input as Record<string, unknown>;
  const type = f.type;
  if (typeof type !== 'string' || type === '') throw errors.badRequest(FILTER, 'Parameter "type" of the filter is missing.', `${at}/type`);

  const shorthand = SHORTHANDS[type];
  if (type === 'multi' || type === 'not' || shorthand) {
    const operatorInput = shorthand ? shorthand.operator : (f.operator ?? 'AND');
    const operator = String(operatorInput).toUpperCase();
    if (operator !== 'AND' && operator !== 'OR') throw errors.badRequest(FILTER, `Unsupported operator "${String(operatorInput)}": use AND or OR.`, `${at}/operator`);
    if (!Array.isArray(f.queries) || f.queries.length === 0) throw errors.badRequest(FILTER, `Parameter "queries" of the ${type} filter must be a non-empty array.`, `${at}/queries`);
    const queries = f.queries.map((q, i) => parseFilter(q, def, registry, `${at}/queries/${i}`));
    return { type: shorthand?.type ?? (type as 'multi' | 'not'), operator, queries };
  }
  if (!['equals', 'equalsAny', 'contains', 'prefix', 'suffix', 'range'].includes(type)) {
    throw errors.badRequest(FILTER, `Unsupported filter type: ${type}`, `${at}/type`, { type });
  }
  if (typeof f.field !== 'string' || f.field === '') throw errors.badRequest(FILTER, `Parameter "field" of the ${type} filter is missing.`, `${at}/field`);
  const field = f.field;
  const path = resolveFieldPath(registry, def, field, `${at}/field`);

  switch (type) {
    case 'equals':
      if (!('value' in f) || f.value === '') throw errors.badRequest(FILTER, 'Parameter "value" of the equals filter is missing.', `${at}/value`);
      return { type, field, value: normalizeFilterValue(path, f.value, `${at}/value`) };
    case 'equalsAny': {
      const list = typeof f.value === 'string' ? f.value.split('|') : f.value;
      if (!Array.isArray(list) || list.length === 0) throw errors.badRequest(FILTER, 'Parameter "value" of the equalsAny filter must be a non-empty array or "|"-separated string.', `${at}/value`);
      return { type, field, value: list.map((v, i) => normalizeFilterValue(path, v, `${at}/value/${i}`)) };
    }
    case 'range': {
      const parameters = f.parameters;
      if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) {
        throw errors.badRequest(FILTER, 'Parameter "parameters" of the range filter must be an object with gte, lte, gt or lt.', `${at}/parameters`);
      }
      const result: RangeParameters = {};
      for (const [key, bound] of Object.entries(parameters as Record<string, unknown>)) {
        if (key !== 'gte' && key !== 'lte' && key !== 'gt' && key !== 'lt') throw errors.badRequest(FILTER, `Unsupported range parameter "${key}": use gte, lte, gt or lt.`, `${at}/parameters/${key}`);
        if (bound === undefined || bound === null || bound === '') continue;
        result[key] = normalizeRangeValue(path, bound, `${at}/parameters/${key}`);
      }
      if (Object.keys(result).length === 0) throw errors.badRequest(FILTER, 'The range filter needs at least one of gte, lte, gt or lt.', `${at}/parameters`);
      return { type, field, parameters: result };
    }
    default: {
      const value = typeof f.value === 'number' ? String(f.value) : f.value;
      if (typeof value !== 'string' || value === '') throw errors.badRequest(FILTER, `Parameter "value" of the ${type} filter must be a non-empty string.`, `${at}/value`);
      return { type: type as 'contains' | 'prefix' | 'suffix', field, value };
    }
  }
}

function parseSort(input: unknown, def: EntityDefinition, registry: EntityRegistry, at: string): Sorting[] {
  // "name,-createdAt" is the query-string form; it may also arrive inside a JSON body.
  const list: unknown[] =
    typeof input === 'string'
      ? input
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map((s) => (s.startsWith('-') ? { field: s.slice(1), order: 'DESC' } : { field: s.replace(/^\+/, ''), order: 'ASC' }))
      : Array.isArray(input)
        ? input
        : [];
  if (typeof input !== 'string' && !Array.isArray(input)) throw errors.badRequest(SORT, '"sort" must be an array of sortings or a comma-separated string.', at);
  return list.map((s, i) => {
    if (typeof s !== 'object' || s === null) throw errors.badRequest(SORT, 'A sorting must be an object with "field".', `${at}/${i}`);
    const sorting = s as Record<string, unknown>;
    if (typeof sorting.field !== 'string' || sorting.field === '') throw errors.badRequest(SORT, 'Parameter "field" of the sorting is missing.', `${at}/${i}/field`);
    if (sorting.type !== undefined && sorting.type !== null) throw errors.badRequest(SORT, `Unsupported sorting type "${String(sorting.type)}".`, `${at}/${i}/type`);
    const path = resolveFieldPath(registry, def, sorting.field, `${at}/${i}/field`, SORT);
    if (path.hops.some((h) => !isToOneAssociation(h.association))) {
      throw errors.badRequest(SORT, `Sorting by "${sorting.field}" is not supported: it goes through a to-many association.`, `${at}/${i}/field`);
    }
    const order = String(sorting.order ?? 'ASC').toUpperCase();
    if (order !== 'ASC' && order !== 'DESC') throw errors.badRequest(SORT, `Unsupported sort order "${String(sorting.order)}": use ASC or DESC.`, `${at}/${i}/order`);
    const result: Sorting = { field: sorting.field, order };
    if (sorting.naturalSorting !== undefined) result.naturalSorting = Boolean(sorting.naturalSorting);
    return result;
  });
}

function parseIncludes(input: unknown, at: string): Record<string, string[]> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw errors.badRequest('FRAMEWORK__INVALID_CRITERIA', '"includes" must be an object of field lists by apiAlias.', at);
  }
  const result: Record<string, string[]> = {};
  for (const [alias, fields] of Object.entries(input as Record<string, unknown>)) {
    const list = typeof fields === 'string' ? fields.split(',').map((s) => s.trim()) : fields;
    if (!Array.isArray(list) || list.some((f) => typeof f !== 'string')) {
      throw errors.badRequest('FRAMEWORK__INVALID_CRITERIA', `"includes.${alias}" must be a list of field names.`, `${at}/${alias}`);
    }
    result[alias] = list as string[];
  }
  return result;
}

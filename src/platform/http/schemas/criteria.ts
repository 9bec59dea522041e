import { Type, type TObject, type TOptional, type TString, type TUnsafe } from '@sinclair/typebox';
import { component, componentRef, describedAs } from './documentation.js';
import { StringEnum } from './string-enum.js';
import { QueryInteger } from './query-integers.js';
import { ADMIN_API_MAX_LIMIT } from '../../entities/criteria/types.js';
import { MAX_CRITERIA_INTEGER } from '../../entities/criteria/parse.js';

const FILTER_TYPES = ['equals', 'equalsAny', 'contains', 'prefix', 'suffix', 'range', 'multi', 'not', 'and', 'or', 'nand', 'nor'] as const;
const BOUND = Type.Union([Type.Number(), Type.String()]);

/**
 * The criteria of a search (entities/criteria/parse.ts) as the component `Criteria` (with `Filter`
 * and `Sorting`), for a document whose searches allow at most `maxLimit` records per page (Admin API
 * 500, Store API 100). Documentation: parseCriteria checks a criteria itself, with a JSON pointer per
 * problem (`/filter/0/field`), so a body is `documentedOnly(criteriaSchema(500))`.
 */
export function criteriaSchema(maxLimit: number): TUnsafe<unknown> {
  const filter = Type.Object(
    {
      type: StringEnum(FILTER_TYPES, { description: '`and`/`or`/`nand`/`nor` are shorthands for multi and not with that operator.' }),
      field: Type.Optional(Type.String({ description: 'Field path: `name`, `manufacturer.name` (through associations), `customFields.region`.' })),
      value: Type.Optional(
        Type.Unknown({ description: 'equals: a scalar (null matches NULL); equalsAny: an array or a `|`-separated string; contains/prefix/suffix: a string.' }),
      ),
      parameters: Type.Optional(
        Type.Object({ gte: Type.Optional(BOUND), lte: Type.Optional(BOUND), gt: Type.Optional(BOUND), lt: Type.Optional(BOUND) }, { description: 'Bounds of a range filter.' }),
      ),
      operator: Type.Optional(StringEnum(['AND', 'OR'], { description: 'multi and not: how the queries combine (default AND).' })),
      queries: Type.Optional(Type.Array(componentRef('Filter'), { description: 'multi and not: the nested filters.' })),
    },
    { description: 'One filter; multi and not nest others.' },
  );
  const sorting = Type.Object({
    field: Type.String(),
    order: Type.Optional(StringEnum(['ASC', 'DESC'])),
    naturalSorting: Type.Optional(Type.Boolean({ description: 'Accepted; the database collation orders either way.' })),
  });
  const filters = Type.Array(component('Filter', filter));
  const criteria = Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_CRITERIA_INTEGER, description: '1-based page.' })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: maxLimit, description: `Records per page (default ${maxLimit}).` })),
      term: Type.Optional(Type.String({ description: 'Case-insensitive search over the searchable fields.' })),
      ids: Type.Optional(Type.Union([Type.Array(Type.String()), Type.String()], { description: 'Ids, as an array or `|`-separated.' })),
      filter: Type.Optional(filters),
      'post-filter': Type.Optional({ ...filters, description: 'Applied like `filter` (there are no aggregations).' }),
      sort: Type.Optional(Type.Union([Type.Array(component('Sorting', sorting)), Type.String()], { description: 'Sortings, or `name,-createdAt`.' })),
      associations: Type.Optional(Type.Record(Type.String(), componentRef('Criteria'), { description: 'Nested criteria per association name; loads the association.' })),
      includes: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()), { description: 'apiAlias → the fields kept in the answer.' })),
      'total-count-mode': Type.Optional(
        Type.Union([StringEnum(['none', 'exact', 'next-pages']), Type.Integer({ minimum: 0, maximum: 2 })], { description: 'none (0, default), exact (1) or next-pages (2).' }),
      ),
    },
    { description: 'What a search asks for. Aggregations, grouping and fields are not supported (400).' },
  );
  return component('Criteria', criteria);
}

const queryParameter = (description: string): TOptional<TString> => Type.Optional(Type.String({ description }));

/**
 * A number of the criteria in the query string: documented as the bounded integer it must be, validated
 * as text, because parseCriteria checks it (Shopware's codes, e.g. FRAMEWORK__INVALID_LIMIT_QUERY, and
 * the same range as in a body).
 */
const queryNumber = (minimum: number, maximum: number, description: string): TOptional<TString> =>
  Type.Optional(describedAs(QueryInteger({ minimum, maximum, description }), Type.String({ description })));

/**
 * The criteria of a GET listing in the query string (entities/criteria/query-string.ts), for a document
 * whose listings allow at most `maxLimit` records per page. Each named parameter is one string; further
 * keys carry the bracket notation (`filter[0][type]=equals`).
 */
export function criteriaQuery(maxLimit: number): TObject {
  return Type.Object(
    {
      limit: queryNumber(1, maxLimit, 'Records per page.'),
      page: queryNumber(1, MAX_CRITERIA_INTEGER, '1-based page.'),
      term: queryParameter('Case-insensitive search over the searchable fields.'),
      sort: queryParameter('Comma-separated fields, `-` for descending: `name,-createdAt`.'),
      ids: queryParameter('`|`-separated ids.'),
      'total-count-mode': queryParameter('none (0), exact (1) or next-pages (2).'),
      filter: queryParameter('JSON-encoded filter list, or bracket notation `filter[0][type]=equals`, or `filter[name]=x`.'),
      associations: queryParameter('JSON-encoded associations, or bracket notation `associations[tax][limit]=5`.'),
      includes: queryParameter('JSON-encoded includes, or `includes[product]=id,name`.'),
    },
    { additionalProperties: true },
  );
}

/** The criteria of an Admin API GET listing in the query string (at most 500 records per page). */
export const CriteriaQuery = criteriaQuery(ADMIN_API_MAX_LIMIT);

import { describe, expect, it } from 'vitest';
import { AppError, AppErrorList, toErrorEntries } from '../../../src/platform/errors/app-error.js';
import { parseCriteria } from '../../../src/platform/entities/criteria/parse.js';
import { parseQueryCriteria, queryToCriteriaBody } from '../../../src/platform/entities/criteria/query-string.js';
import { createRegistry, id } from './fixtures.js';

const registry = createRegistry();
const order = registry.get('test_order');

function errorOf(work: () => unknown): AppError {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('parseCriteria (JSON body)', () => {
  it('parses a full Criteria body (paging, count mode, filters, sort, associations, includes, term) with prefixed and association paths', () => {
    const criteria = parseCriteria(
      {
        page: 2,
        limit: 25,
        'total-count-mode': 'exact',
        filter: [{ type: 'equals', field: 'test_order.stateMachineState.technicalName', value: 'paid' }],
        'post-filter': [{ type: 'range', field: 'amount', parameters: { gte: '10', lt: 20 } }],
        sort: [{ field: 'createdAt', order: 'desc', naturalSorting: true }],
        associations: { stateMachineState: {}, transactions: { limit: 2, sort: [{ field: 'amount' }] } },
        includes: { test_order: ['id', 'orderNumber'] },
        term: '  hello ',
      },
      order,
      registry,
    );
    expect(criteria).toEqual({
      page: 2,
      limit: 25,
      totalCountMode: 'exact',
      filter: [{ type: 'equals', field: 'test_order.stateMachineState.technicalName', value: 'paid' }],
      postFilter: [{ type: 'range', field: 'amount', parameters: { gte: 10, lt: 20 } }],
      sort: [{ field: 'createdAt', order: 'DESC', naturalSorting: true }],
      associations: { stateMachineState: {}, transactions: { limit: 2, sort: [{ field: 'amount', order: 'ASC' }] } },
      includes: { test_order: ['id', 'orderNumber'] },
      term: 'hello',
    });
  });

  it('defaults the root limit to 500 and rejects larger ones', () => {
    expect(parseCriteria({}, order, registry).limit).toBe(500);
    const error = errorOf(() => parseCriteria({ limit: 501 }, order, registry));
    expect(error.status).toBe(400);
    expect(error.code).toBe('FRAMEWORK__QUERY_LIMIT_EXCEEDED');
    expect(error.pointer).toBe('/limit');
    expect(errorOf(() => parseCriteria({ limit: 0 }, order, registry)).code).toBe('FRAMEWORK__INVALID_LIMIT_QUERY');
    expect(errorOf(() => parseCriteria({ page: 'x' }, order, registry)).code).toBe('FRAMEWORK__INVALID_PAGE_QUERY');
  });

  it('names unsupported filter types with a pointer', () => {
    const error = errorOf(() => parseCriteria({ filter: [{ type: 'equals', field: 'notes', value: 'a' }, { type: 'fuzzy', field: 'x' }] }, order, registry));
    expect(error.code).toBe('FRAMEWORK__INVALID_FILTER_QUERY');
    expect(error.message).toBe('Unsupported filter type: fuzzy');
    expect(toErrorEntries(error)[0]).toMatchObject({ status: '400', source: { pointer: '/filter/1/type' } });
  });

  it('points at unknown fields, also inside nested queries and associations', () => {
    const error = errorOf(() =>
      parseCriteria(
        {
          filter: [{ type: 'multi', operator: 'or', queries: [{ type: 'contains', field: 'nope', value: 'x' }] }],
          sort: [{ field: 'tax.unknown' }],
          associations: { transactions: { filter: [{ type: 'equals', field: 'ghost', value: 1 }] }, missing: {} },
        },
        order,
        registry,
      ),
    );
    expect(error).toBeInstanceOf(AppErrorList);
    const pointers = toErrorEntries(error).map((e) => e.source?.pointer);
    expect(pointers).toEqual(['/filter/0/queries/0/field', '/sort/0/field', '/associations/transactions/filter/0/field', '/associations/missing']);
  });

  it('names inherited from Object.prototype are unknown fields, not columns (400, not a database error)', () => {
    for (const field of ['constructor', 'toString', 'tax.hasOwnProperty', 'customFields.x', '__proto__']) {
      const run = () => parseCriteria({ filter: [{ type: 'equals', field, value: 'x' }], sort: [{ field }] }, order, registry);
      if (field === 'customFields.x') expect(run).not.toThrow();
      else expect(toErrorEntries(errorOf(run)).map((e) => e.source?.pointer)).toEqual(['/filter/0/field', '/sort/0/field']);
    }
  });

  it('association names inherited from Object.prototype are unknown associations', () => {
    const body = JSON.parse('{"associations":{"constructor":{},"__proto__":{},"tax":{}}}');
    expect(toErrorEntries(errorOf(() => parseCriteria(body, order, registry))).map((e) => [e.code, e.source?.pointer])).toEqual([
      ['FRAMEWORK__ASSOCIATION_NOT_FOUND', '/associations/constructor'],
      ['FRAMEWORK__ASSOCIATION_NOT_FOUND', '/associations/__proto__'],
    ]);
  });

  it('validates filter values against field types', () => {
    expect(errorOf(() => parseCriteria({ filter: [{ type: 'equals', field: 'stateId', value: 'abc' }] }, order, registry)).pointer).toBe('/filter/0/value');
    expect(errorOf(() => parseCriteria({ filter: [{ type: 'equals', field: 'notes', value: '' }] }, order, registry)).pointer).toBe('/filter/0/value');
    expect(errorOf(() => parseCriteria({ filter: [{ type: 'range', field: 'amount', parameters: { gte: 'ten' } }] }, order, registry)).pointer).toBe(
      '/filter/0/parameters/gte',
    );
    expect(errorOf(() => parseCriteria({ filter: [{ type: 'not', operator: 'XOR', queries: [] }] }, order, registry)).pointer).toBe('/filter/0/operator');
    expect(errorOf(() => parseCriteria({ sort: [{ field: 'transactions.amount' }] }, order, registry)).code).toBe('FRAMEWORK__INVALID_SORT_QUERY');
    expect(errorOf(() => parseCriteria({ sort: [{ field: 'amount', order: 'UP' }] }, order, registry)).pointer).toBe('/sort/0/order');
  });

  it('accepts the and/or/nand/nor shorthands, equalsAny strings and total-count-mode numbers', () => {
    const criteria = parseCriteria(
      {
        filter: [
          { type: 'nor', queries: [{ type: 'equalsAny', field: 'status', value: 'open|done' }] },
          { type: 'prefix', field: 'customFields.region', value: 'EU' },
        ],
        'total-count-mode': 2,
        ids: [id(1).toUpperCase()],
      },
      order,
      registry,
    );
    expect(criteria.filter?.[0]).toEqual({ type: 'not', operator: 'OR', queries: [{ type: 'equalsAny', field: 'status', value: ['open', 'done'] }] });
    expect(criteria.totalCountMode).toBe('next-pages');
    expect(criteria.ids).toEqual([id(1)]);
  });

  it('rejects aggregations rather than silently ignoring them', () => {
    expect(errorOf(() => parseCriteria({ aggregations: [{ name: 'x', type: 'count', field: 'id' }] }, order, registry)).code).toBe(
      'FRAMEWORK__INVALID_AGGREGATION_QUERY',
    );
  });
});

describe('parseQueryCriteria (query string)', () => {
  it('reads Shopware query-string conventions', () => {
    const criteria = parseQueryCriteria(
      {
        limit: '10',
        page: '3',
        term: 'abc',
        sort: 'orderNumber,-createdAt',
        ids: `${id(1)}|${id(2)}`,
        'total-count-mode': '1',
        'filter[0][type]': 'equals',
        'filter[0][field]': 'status',
        'filter[0][value]': 'open',
        'filter[1][type]': 'range',
        'filter[1][field]': 'amount',
        'filter[1][parameters][gte]': '5',
        'associations[transactions][limit]': '1',
        'includes[test_order]': 'id,orderNumber',
      },
      order,
      registry,
    );
    expect(criteria).toEqual({
      limit: 10,
      page: 3,
      term: 'abc',
      sort: [
        { field: 'orderNumber', order: 'ASC' },
        { field: 'createdAt', order: 'DESC' },
      ],
      ids: [id(1), id(2)],
      totalCountMode: 'exact',
      filter: [
        { type: 'equals', field: 'status', value: 'open' },
        { type: 'range', field: 'amount', parameters: { gte: 5 } },
      ],
      associations: { transactions: { limit: 1 } },
      includes: { test_order: ['id', 'orderNumber'] },
    });
  });

  it('accepts JSON-encoded filter, associations and includes, and simple equals filters', () => {
    const criteria = parseQueryCriteria(
      {
        filter: JSON.stringify([{ type: 'contains', field: 'orderNumber', value: '10' }]),
        associations: JSON.stringify({ tax: {} }),
        includes: JSON.stringify({ test_tax: ['name'] }),
      },
      order,
      registry,
    );
    expect(criteria.filter).toEqual([{ type: 'contains', field: 'orderNumber', value: '10' }]);
    expect(criteria.associations).toEqual({ tax: {} });
    expect(criteria.includes).toEqual({ test_tax: ['name'] });
    expect(parseQueryCriteria({ 'filter[status]': 'done' }, order, registry).filter).toEqual([{ type: 'equals', field: 'status', value: 'done' }]);
  });

  it('bracket keys cannot reach Object.prototype (__proto__, constructor)', () => {
    try {
      for (const key of ['__proto__[polluted]', 'filter[__proto__][polluted]', 'associations[tax][__proto__][polluted]', 'constructor[prototype][polluted]']) {
        queryToCriteriaBody({ [key]: 'yes' });
        expect(({} as Record<string, unknown>).polluted, key).toBeUndefined();
      }
      // what looked like a prototype is an ordinary (unknown) key: nothing of it becomes criteria
      expect(parseQueryCriteria({ '__proto__[limit]': '1' }, order, registry).limit).toBe(500);
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it('reports broken JSON and limits above the maximum', () => {
    expect(errorOf(() => parseQueryCriteria({ filter: '[{' }, order, registry)).pointer).toBe('/filter');
    expect(errorOf(() => parseQueryCriteria({ limit: '1000' }, order, registry)).code).toBe('FRAMEWORK__QUERY_LIMIT_EXCEEDED');
    expect(errorOf(() => parseQueryCriteria({ 'filter[0][type]': 'bogus' }, order, registry)).message).toBe('Unsupported filter type: bogus');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/platform/acl/context.js';
import type { DatabaseHandle } from '../../../src/platform/database/connection.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { AppError } from '../../../src/platform/errors/app-error.js';
import { EventDispatcher } from '../../../src/platform/events/dispatcher.js';
import { parseCriteria } from '../../../src/platform/entities/criteria/parse.js';
import { RepositoryFactory } from '../../../src/platform/entities/repository.js';
import { createRegistry, id, restricted } from './fixtures.js';
import { openTestDatabase } from './database-fixtures.js';

const registry = createRegistry();
let handle: DatabaseHandle;
let repositories: RepositoryFactory;

const OPEN = id(101);
const PAID = id(102);

beforeAll(async () => {
  handle = await openTestDatabase();
  repositories = new RepositoryFactory({ registry, dispatcher: new EventDispatcher(), db: handle.db });
  await transaction(handle.db, async (uow) => {
    await repositories.get('test_state').create([{ id: OPEN, technicalName: 'open' }, { id: PAID, technicalName: 'paid' }], systemContext, uow);
    await repositories.get('test_tax').create([{ id: id(201), name: 'Standard rate', taxRate: 19 }, { id: id(202), name: 'Reduced rate', taxRate: 7 }], systemContext, uow);
    await repositories.get('test_payment_method').create(
      [
        { id: id(301), name: 'Invoice', technicalName: 'invoice' },
        { id: id(302), name: 'Card', technicalName: 'card', active: false },
      ],
      systemContext,
      uow,
    );
    // Ten orders with increasing creation times, so the default sort (createdAt) is their number.
    for (let n = 1; n <= 10; n++) {
      await repositories.get('test_order').create(
        {
          id: id(n),
          orderNumber: `ORD-${String(n).padStart(3, '0')}`,
          customerName: n % 2 === 0 ? 'Alice Example' : 'Bob_Sample',
          amount: n * 10.5,
          stateId: n <= 3 ? PAID : OPEN,
          taxId: n % 2 === 0 ? id(201) : id(202),
          createdAt: new Date(Date.UTC(2024, 0, n)).toISOString(),
          customFields: { region: n <= 5 ? 'EU' : 'US', score: n },
          transactions: n <= 2 ? [{ id: id(400 + n * 10 + 1), amount: n, stateId: PAID }, { id: id(400 + n * 10 + 2), amount: n + 100, stateId: OPEN }] : [],
          paymentMethods: n === 1 ? [{ id: id(301) }, { id: id(302) }] : [],
        },
        systemContext,
        uow,
      );
    }
  });
});

afterAll(async () => {
  await handle?.close();
});

const orders = () => repositories.get('test_order');
const search = (body: unknown) => orders().search(parseCriteria(body, registry.get('test_order'), registry), systemContext);
const numbers = (entities: Array<Record<string, unknown>>) => entities.map((e) => e.orderNumber);

describe('repository search', () => {
  it('returns plain entities with every readable field and no secrets', async () => {
    const { entities } = await search({ ids: [id(1)] });
    expect(entities).toHaveLength(1);
    const [order] = entities;
    expect(order).toMatchObject({
      id: id(1),
      orderNumber: 'ORD-001',
      amount: 10.5,
      status: 'open',
      stateId: PAID,
      customFields: { region: 'EU', score: 1 },
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: null,
      apiAlias: 'test_order',
    });
    expect(order).not.toHaveProperty('secret');
    expect(order).not.toHaveProperty('apiToken');
    expect(Object.keys(order)[0]).toBe('id');
  });

  it('filters with equals, equalsAny, contains, prefix, suffix, range, multi and not', async () => {
    expect(numbers((await search({ filter: [{ type: 'equals', field: 'orderNumber', value: 'ORD-004' }] })).entities)).toEqual(['ORD-004']);
    expect(numbers((await search({ filter: [{ type: 'equalsAny', field: 'id', value: [id(2), id(3)] }] })).entities)).toEqual(['ORD-002', 'ORD-003']);
    expect((await search({ filter: [{ type: 'contains', field: 'customerName', value: 'ALICE' }] })).entities).toHaveLength(5);
    // LIKE wildcards in the value are literal: "_" matches only the underscore.
    expect((await search({ filter: [{ type: 'contains', field: 'customerName', value: 'b_s' }] })).entities).toHaveLength(5);
    expect((await search({ filter: [{ type: 'contains', field: 'customerName', value: 'e_e' }] })).entities).toHaveLength(0);
    expect(numbers((await search({ filter: [{ type: 'prefix', field: 'orderNumber', value: 'ord-01' }] })).entities)).toEqual(['ORD-010']);
    expect((await search({ filter: [{ type: 'suffix', field: 'orderNumber', value: '1' }] })).entities).toHaveLength(1);
    expect(numbers((await search({ filter: [{ type: 'range', field: 'amount', parameters: { gt: 21, lte: 42 } }] })).entities)).toEqual(['ORD-003', 'ORD-004']);
    expect(
      numbers(
        (
          await search({
            filter: [
              {
                type: 'multi',
                operator: 'OR',
                queries: [
                  { type: 'equals', field: 'orderNumber', value: 'ORD-001' },
                  { type: 'equals', field: 'orderNumber', value: 'ORD-009' },
                ],
              },
            ],
          })
        ).entities,
      ),
    ).toEqual(['ORD-001', 'ORD-009']);
    expect((await search({ filter: [{ type: 'not', queries: [{ type: 'equals', field: 'taxId', value: id(201) }] }] })).entities).toHaveLength(5);
    expect((await search({ filter: [{ type: 'equals', field: 'notes', value: null }] })).entities).toHaveLength(10);
    expect((await search({ filter: [{ type: 'range', field: 'createdAt', parameters: { gte: '2024-01-09T00:00:00Z' } }] })).entities).toHaveLength(2);
  });

  it('filters through many-to-one, one-to-many and many-to-many paths without duplicating rows', async () => {
    expect(numbers((await search({ filter: [{ type: 'equals', field: 'test_order.stateMachineState.technicalName', value: 'paid' }] })).entities)).toEqual([
      'ORD-001',
      'ORD-002',
      'ORD-003',
    ]);
    // Order 1 and 2 each have two transactions; both match "amount >= 1" but each order is listed once.
    const byTransaction = await search({ filter: [{ type: 'range', field: 'transactions.amount', parameters: { gte: 1 } }], 'total-count-mode': 'exact' });
    expect(numbers(byTransaction.entities)).toEqual(['ORD-001', 'ORD-002']);
    expect(byTransaction.total).toBe(2);
    expect(numbers((await search({ filter: [{ type: 'equals', field: 'transactions.stateMachineState.technicalName', value: 'open' }] })).entities)).toEqual([
      'ORD-001',
      'ORD-002',
    ]);
    expect(numbers((await search({ filter: [{ type: 'equals', field: 'paymentMethods.technicalName', value: 'card' }] })).entities)).toEqual(['ORD-001']);
    // equals null through a to-many path: orders without transactions.
    expect((await search({ filter: [{ type: 'equals', field: 'transactions.id', value: null }] })).entities).toHaveLength(8);
  });

  it('filters and compares inside JSON (customFields)', async () => {
    expect((await search({ filter: [{ type: 'equals', field: 'customFields.region', value: 'US' }] })).entities).toHaveLength(5);
    expect(numbers((await search({ filter: [{ type: 'range', field: 'customFields.score', parameters: { gte: 9 } }] })).entities)).toEqual(['ORD-009', 'ORD-010']);
  });

  it('sorts by fields and many-to-one paths, with the default sort by createdAt', async () => {
    expect(numbers((await search({ limit: 3 })).entities)).toEqual(['ORD-001', 'ORD-002', 'ORD-003']);
    expect(numbers((await search({ limit: 3, sort: [{ field: 'amount', order: 'desc' }] })).entities)).toEqual(['ORD-010', 'ORD-009', 'ORD-008']);
    const byTax = (await search({ sort: 'tax.name,-orderNumber', limit: 2 })).entities;
    // "Reduced rate" (odd numbers) sorts before "Standard rate"; within it by number descending.
    expect(numbers(byTax)).toEqual(['ORD-009', 'ORD-007']);
  });

  it('pages and applies the three total-count modes', async () => {
    const none = await search({ limit: 3, page: 2 });
    expect(numbers(none.entities)).toEqual(['ORD-004', 'ORD-005', 'ORD-006']);
    expect(none.total).toBe(3);
    expect((await search({ limit: 3, page: 4, 'total-count-mode': 'exact' })).total).toBe(10);
    expect((await search({ limit: 3, page: 4, 'total-count-mode': 'exact' })).entities).toHaveLength(1);
    // the exact total rides on the page query (a window count): one statement, also with a filter
    const filtered = await handle.statements.measure(() => search({ limit: 2, 'total-count-mode': 'exact', filter: [{ type: 'equals', field: 'tax.name', value: 'Reduced rate' }] }));
    expect([filtered.count, filtered.result.total, filtered.result.entities.length]).toEqual([1, 5, 2]);
    // a page past the end has no row to carry it: counted separately; an empty first page is 0 at once
    const pastEnd = await handle.statements.measure(() => search({ limit: 3, page: 9, 'total-count-mode': 'exact' }));
    expect([pastEnd.count, pastEnd.result.total, pastEnd.result.entities.length]).toEqual([2, 10, 0]);
    const nothing = await handle.statements.measure(() => search({ limit: 3, 'total-count-mode': 'exact', term: 'no such order' }));
    expect([nothing.count, nothing.result.total]).toEqual([1, 0]);
    // next-pages: rows from the page start up to five pages ahead (limit*6+1), plus the offset.
    expect((await search({ limit: 1, page: 2, 'total-count-mode': 'next-pages' })).total).toBe(1 + 7);
    expect((await search({ limit: 3, page: 2, 'total-count-mode': 'next-pages' })).total).toBe(10);
  });

  it('matches term case-insensitively over searchable fields', async () => {
    expect((await search({ term: 'alice' })).entities).toHaveLength(5);
    expect(numbers((await search({ term: 'ord-007' })).entities)).toEqual(['ORD-007']);
    expect((await search({ term: 'Standard' })).entities).toHaveLength(0);
    const taxes = await repositories.get('test_tax').search(parseCriteria({ term: 'REDUCED' }, registry.get('test_tax'), registry), systemContext);
    expect(taxes.entities.map((t) => t.name)).toEqual(['Reduced rate']);
  });

  it('loads associations: to-one as object or null, to-many with nested filter/sort/limit per parent', async () => {
    const { entities } = await search({
      ids: [id(1), id(2), id(3)],
      associations: {
        stateMachineState: {},
        tax: {},
        transactions: { sort: [{ field: 'amount', order: 'DESC' }], limit: 1, associations: { stateMachineState: {} } },
        paymentMethods: { filter: [{ type: 'equals', field: 'active', value: true }] },
      },
    });
    const [one, two, three] = entities;
    expect(one.stateMachineState).toMatchObject({ id: PAID, technicalName: 'paid', apiAlias: 'test_state' });
    expect(one.tax).toMatchObject({ id: id(202), name: 'Reduced rate', taxRate: 7 });
    expect(one.transactions).toEqual([expect.objectContaining({ id: id(412), amount: 101, stateMachineState: expect.objectContaining({ technicalName: 'open' }) })]);
    expect(two.transactions).toEqual([expect.objectContaining({ id: id(422), amount: 102 })]);
    expect(three.transactions).toEqual([]);
    expect((one.paymentMethods as Array<{ id: string }>).map((p) => p.id)).toEqual([id(301)]);
    expect(three.paymentMethods).toEqual([]);

    const unlinked = await repositories.get('test_order_transaction').search({ ids: [id(411)], associations: { order: { associations: { tax: {} } } } }, systemContext);
    expect(unlinked.entities[0].order).toMatchObject({ id: id(1), tax: { name: 'Reduced rate' } });
  });

  it('reads a whole association tree in the root statement, and a page in one more: never one per association', async () => {
    const associations = { stateMachineState: {}, tax: {}, transactions: { associations: { stateMachineState: {} } }, paymentMethods: {} };
    const byIds = await handle.statements.measure(() => search({ ids: [id(1), id(2)], associations }));
    expect(byIds.count).toBe(1);
    const paged = await handle.statements.measure(() => search({ limit: 2, 'total-count-mode': 'exact', associations }));
    expect(paged.count).toBe(2);
    expect(paged.result.total).toBe(10);
    expect(numbers(paged.result.entities)).toEqual(['ORD-001', 'ORD-002']);
    expect(paged.result.entities.map((e) => e.id)).toEqual(byIds.result.entities.map((e) => e.id));

    // nested rows come through row_to_json: they read exactly as the same rows read at the root
    // (ids without dashes, timestamps with milliseconds, numbers as numbers, JSON as JSON)
    const [first] = byIds.result.entities;
    const transactions = first.transactions as Array<Record<string, unknown>>;
    const { entities: direct } = await repositories.get('test_order_transaction').search({ ids: transactions.map((tx) => tx.id as string), associations: { stateMachineState: {} } }, systemContext);
    expect(transactions).toEqual(direct);
    const { entities: taxes } = await repositories.get('test_tax').search({ ids: [id(202)] }, systemContext);
    expect(first.tax).toEqual(taxes[0]);
    expect(first.updatedAt === null || typeof first.updatedAt === 'string').toBe(true);
    expect((transactions[0]!.createdAt as string)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('trims output to includes per apiAlias, keeping id and apiAlias', async () => {
    const { entities } = await search({
      ids: [id(1)],
      associations: { tax: {}, transactions: {} },
      includes: { test_order: ['orderNumber', 'tax', 'transactions'], test_tax: ['name'], test_order_transaction: ['amount'] },
    });
    expect(entities[0]).toEqual({
      id: id(1),
      orderNumber: 'ORD-001',
      tax: { id: id(202), name: 'Reduced rate', apiAlias: 'test_tax' },
      transactions: [
        { id: id(411), amount: 1, apiAlias: 'test_order_transaction' },
        { id: id(412), amount: 101, apiAlias: 'test_order_transaction' },
      ],
      apiAlias: 'test_order',
    });
  });

  it('searchIds returns ids and total', async () => {
    const result = await orders().searchIds(parseCriteria({ limit: 2, 'total-count-mode': 'exact' }, registry.get('test_order'), registry), systemContext);
    expect(result).toEqual({ total: 10, ids: [id(1), id(2)] });
    expect(await orders().read([id(3), id(999)], systemContext)).toHaveLength(1);
  });

  it('needs read privileges for the root, every loaded association and every association in filter/sort paths', async () => {
    const criteria = parseCriteria(
      {
        filter: [{ type: 'equals', field: 'transactions.stateMachineState.technicalName', value: 'paid' }],
        sort: [{ field: 'tax.name' }],
        associations: { paymentMethods: {} },
      },
      registry.get('test_order'),
      registry,
    );
    const denied = await orders()
      .search(criteria, restricted('test_order:read'))
      .catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(AppError);
    expect((denied as AppError).status).toBe(403);
    expect(JSON.parse((denied as AppError).message).missingPrivileges.sort()).toEqual(
      ['test_order_transaction:read', 'test_payment_method:read', 'test_state:read', 'test_tax:read'].sort(),
    );
    const allowed = await orders().search(
      criteria,
      restricted('test_order:read', 'test_order_transaction:read', 'test_payment_method:read', 'test_state:read', 'test_tax:read'),
    );
    // Order 1 has the "Reduced rate" tax, which sorts before "Standard rate".
    expect(numbers(allowed.entities)).toEqual(['ORD-001', 'ORD-002']);
  });
});

describe('linked ids of a many-to-many association', () => {
  it('lists the linked ids per record in one statement, an empty list for a record without links', async () => {
    const measured = await handle.statements.measure(() => orders().linkedIds([id(1), id(2), id(77)], 'paymentMethods', systemContext));
    expect(measured.count).toBe(1);
    const linked = measured.result;
    expect([...linked.keys()]).toEqual([id(1), id(2), id(77)]);
    expect([...linked.get(id(1))!].sort()).toEqual([id(301), id(302)]);
    expect(linked.get(id(2))).toEqual([]);
    expect(linked.get(id(77))).toEqual([]);
  });

  it('needs read rights on both entities and refuses an association that is not many-to-many', async () => {
    await expect(orders().linkedIds([id(1)], 'paymentMethods', restricted('test_order:read'))).rejects.toMatchObject({ status: 403 });
    const allowed = await orders().linkedIds([id(1)], 'paymentMethods', restricted('test_order:read', 'test_payment_method:read'));
    expect(allowed.get(id(1))).toHaveLength(2);
    await expect(orders().linkedIds([id(1)], 'transactions', systemContext)).rejects.toThrow(/not a many-to-many/);
  });
});

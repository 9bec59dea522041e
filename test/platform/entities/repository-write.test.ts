import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemContext, type ApiContext } from '../../../src/platform/acl/context.js';
import type { DatabaseHandle } from '../../../src/platform/database/connection.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { AppError, toErrorEntries } from '../../../src/platform/errors/app-error.js';
import { EventDispatcher } from '../../../src/platform/events/dispatcher.js';
import { RepositoryFactory, type WritePayload } from '../../../src/platform/entities/repository.js';
import { verifyPassword } from '../../../src/platform/security/password.js';
import { admin, createRegistry, id, restricted } from './fixtures.js';
import { openTestDatabase } from './database-fixtures.js';

const registry = createRegistry();
const dispatcher = new EventDispatcher();
let handle: DatabaseHandle;
let repositories: RepositoryFactory;
const OPEN = id(101);
const TAX = id(201);
const INVOICE = id(301);

beforeAll(async () => {
  handle = await openTestDatabase();
  repositories = new RepositoryFactory({ registry, dispatcher, db: handle.db });
  await transaction(handle.db, async (uow) => {
    await repositories.get('test_state').create({ id: OPEN, technicalName: 'open' }, systemContext, uow);
    await repositories.get('test_tax').create({ id: TAX, name: 'Standard', taxRate: 19 }, systemContext, uow);
    await repositories.get('test_payment_method').create({ id: INVOICE, name: 'Invoice', technicalName: 'invoice' }, systemContext, uow);
  });
});

afterAll(async () => {
  await handle?.close();
});

let counter = 0;
beforeEach(() => {
  counter++;
});

type Op = 'create' | 'update' | 'upsert';
function write(entity: string, op: Op, data: WritePayload, context: ApiContext = admin): Promise<string[]> {
  return transaction(handle.db, (uow) => repositories.get(entity)[op](data, context, uow));
}

async function failure(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const order = (extra: Record<string, unknown> = {}) => ({ orderNumber: `W-${counter}-${Math.random()}`, stateId: OPEN, ...extra });
const count = async (table: string) => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(handle.db)).rows[0].n);

describe('write validation', () => {
  it('collects every problem with its pointer in one 400', async () => {
    const error = await failure(
      write('test_order', 'create', {
        id: 'not-an-id',
      }),
    );
    expect(toErrorEntries(error)).toEqual([
      expect.objectContaining({ status: '400', code: 'FRAMEWORK__WRITE_CONSTRAINT_VIOLATION', source: { pointer: '/id' } }),
    ]);

    const many = await failure(
      write('test_order', 'create', [
        {
          customerName: 42,
          status: 'lost',
          amount: 'ten',
          price: [{ gross: 1 }],
          orderDate: 'yesterday-ish',
          locked: true,
          createdAt: '2024-01-01T00:00:00Z',
          bogus: 1,
          taxId: id(7777),
          stateMachineState: { id: 'x' },
        },
        { orderNumber: 'x'.repeat(10), stateId: OPEN, tax: { name: 'y'.repeat(51), taxRate: 'high' }, transactions: {} },
      ]),
    );
    const entries = toErrorEntries(many);
    expect(many.status).toBe(400);
    expect(entries.every((e) => e.code === 'FRAMEWORK__WRITE_CONSTRAINT_VIOLATION' && e.status === '400')).toBe(true);
    const byPointer = Object.fromEntries(entries.map((e) => [e.source?.pointer, e.detail]));
    expect(byPointer).toEqual({
      '/0/customerName': 'The value of "customerName" must be a string.',
      '/0/status': 'The value of "status" must be one of: open, done.',
      '/0/amount': 'The value of "amount" must be a number.',
      '/0/orderDate': 'The value of "orderDate" must be a date (ISO 8601).',
      '/0/locked': 'The field "locked" is read-only.',
      '/0/createdAt': 'The field "createdAt" is read-only.',
      '/0/bogus': 'The field "bogus" does not exist in entity "test_order".',
      '/0/stateMachineState/id': 'The value of "id" is not a valid id (32 hexadecimal characters).',
      '/0/orderNumber': 'The field "orderNumber" is required.',
      '/0/taxId': `The test_tax with id ${id(7777)} does not exist.`,
      '/1/tax/name': 'The value of "name" is too long: at most 50 characters are allowed.',
      '/1/tax/taxRate': 'The value of "taxRate" must be a number.',
      '/1/transactions': 'The value of "transactions" must be an array.',
    });
    expect(await count('test_order')).toBe(0);
  });

  it('names inherited from Object.prototype are unknown fields of the payload', async () => {
    const error = await failure(write('test_order', 'create', JSON.parse('{"orderNumber":"P-1","stateId":"' + OPEN + '","constructor":1,"toString":"x"}')));
    expect(toErrorEntries(error).map((e) => [e.source?.pointer, e.detail])).toEqual([
      ['/constructor', 'The field "constructor" does not exist in entity "test_order".'],
      ['/toString', 'The field "toString" does not exist in entity "test_order".'],
    ]);
  });

  it('rejects null for required fields on update and unknown association ids', async () => {
    const [orderId] = await write('test_order', 'create', order());
    const error = await failure(write('test_order', 'update', { id: orderId, orderNumber: null, stateMachineState: { id: id(5555) }, paymentMethods: [{ id: id(5556) }] }));
    expect(toErrorEntries(error).map((e) => [e.source?.pointer, e.detail])).toEqual([
      ['/orderNumber', 'The field "orderNumber" must not be null.'],
      ['/stateMachineState/id', `The test_state with id ${id(5555)} does not exist.`],
      ['/paymentMethods/0/id', `The test_payment_method with id ${id(5556)} does not exist.`],
    ]);
  });

  it('answers 404 when updating a record that does not exist, and 400 when creating an existing id', async () => {
    const missing = await failure(write('test_order', 'update', { id: id(8888), notes: 'x' }));
    expect(missing.status).toBe(404);
    expect(missing.code).toBe('FRAMEWORK__RESOURCE_NOT_FOUND');
    const [existing] = await write('test_order', 'create', order());
    const duplicate = await failure(write('test_order', 'create', order({ id: existing })));
    expect(duplicate.status).toBe(400);
    expect(duplicate.pointer).toBe('/id');
  });

  it('lets the system set read-only fields (e.g. historic createdAt)', async () => {
    const [orderId] = await write('test_order', 'create', order({ locked: true, createdAt: '2020-05-01T10:00:00Z' }), systemContext);
    const [stored] = await repositories.get('test_order').read([orderId], systemContext);
    expect(stored).toMatchObject({ locked: true, createdAt: '2020-05-01T10:00:00.000Z' });
  });
});

describe('nested writes', () => {
  it('many-to-one: upserts the target and sets the foreign key', async () => {
    const newTax = id(20_000 + counter);
    const [orderId] = await write('test_order', 'create', order({ tax: { id: newTax, name: 'Zero', taxRate: 0 } }));
    expect((await repositories.get('test_order').get(orderId, systemContext, undefined, { associations: { tax: {} } }))?.tax).toMatchObject({ id: newTax, name: 'Zero' });
    // Without an id the target is created with a fresh one; with only {id} it is just linked.
    const [second] = await write('test_order', 'create', order({ tax: { name: 'Fresh', taxRate: 5 } }));
    const fresh = await repositories.get('test_order').get(second, systemContext);
    expect(fresh?.taxId).toMatch(/^[0-9a-f]{32}$/);
    await write('test_order', 'update', { id: second, tax: { id: TAX } });
    expect((await repositories.get('test_order').get(second, systemContext))?.taxId).toBe(TAX);
    // Updating through the association changes the existing target.
    await write('test_order', 'update', { id: second, tax: { id: newTax, name: 'Zero (renamed)' } });
    expect((await repositories.get('test_tax').get(newTax, systemContext))?.name).toBe('Zero (renamed)');
  });

  it('one-to-many: creates and updates children with the foreign key set', async () => {
    const childId = id(30_000 + counter);
    const [orderId] = await write('test_order', 'create', order({ transactions: [{ id: childId, amount: 10 }, { amount: 20 }] }));
    const rows = await handle.db.selectFrom('test_order_transaction').select(['id', 'order_id', 'amount']).where('order_id', '=', orderId).orderBy('amount').execute();
    expect(rows.map((r) => [r.order_id, Number(r.amount)])).toEqual([
      [orderId, 10],
      [orderId, 20],
    ]);
    await write('test_order', 'update', { id: orderId, transactions: [{ id: childId, amount: 15 }] });
    const updated = await repositories.get('test_order_transaction').get(childId, systemContext);
    expect(updated).toMatchObject({ amount: 15, orderId });
    expect(updated?.updatedAt).toEqual(expect.any(String));
  });

  it('many-to-many: links existing targets and creates missing ones given with more than an id', async () => {
    const created = id(40_000 + counter);
    const [orderId] = await write('test_order', 'create', order({ paymentMethods: [{ id: INVOICE }, { id: created, name: 'Prepayment', technicalName: `pre-${counter}` }] }));
    // Linking again is idempotent.
    await write('test_order', 'update', { id: orderId, paymentMethods: [{ id: INVOICE }] });
    const links = await handle.db.selectFrom('test_order_payment_method').select('payment_method_id').where('order_id', '=', orderId).execute();
    expect(links.map((l) => l.payment_method_id).sort()).toEqual([INVOICE, created].sort());
    expect((await repositories.get('test_payment_method').get(created, systemContext))?.active).toBe(true);
  });
});

describe('field behaviour', () => {
  it('stores arbitrary JSON and merges customFields on update', async () => {
    const price = [{ currencyId: id(1), gross: 11.9, net: 10, linked: true }];
    const [orderId] = await write('test_order', 'create', order({ price, customFields: { a: 1, nested: { x: 1 } } }));
    const repo = repositories.get('test_order');
    expect((await repo.get(orderId, systemContext))?.price).toEqual(price);
    await write('test_order', 'update', { id: orderId, customFields: { b: 2, nested: { y: 2 } } });
    expect((await repo.get(orderId, systemContext))?.customFields).toEqual({ a: 1, b: 2, nested: { y: 2 } });
    await write('test_order', 'update', { id: orderId, customFields: null });
    const raw = await handle.db.selectFrom('test_order').select('custom_fields').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(raw.custom_fields).toBeNull();
    expect((await repo.get(orderId, systemContext))?.customFields).toEqual({});
    await write('test_order', 'update', { id: orderId, customFields: { c: 3 } });
    await write('test_order', 'update', { id: orderId, customFields: {} });
    expect((await handle.db.selectFrom('test_order').select('custom_fields').where('id', '=', orderId).executeTakeFirstOrThrow()).custom_fields).toEqual({});
    const bad = await failure(write('test_order', 'update', { id: orderId, customFields: [1] }));
    expect(bad.pointer).toBe('/customFields');
  });

  it('hashes passwords and never returns password or write-only fields', async () => {
    const [orderId] = await write('test_order', 'create', order({ secret: 'hunter2', apiToken: 'tok' }));
    const raw = await handle.db.selectFrom('test_order').select(['secret', 'api_token']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(raw.secret).toMatch(/^scrypt\$/);
    expect(await verifyPassword('hunter2', raw.secret as string)).toBe(true);
    expect(raw.api_token).toBe('tok');
    const read = await repositories.get('test_order').get(orderId, systemContext);
    expect(read).not.toHaveProperty('secret');
    expect(read).not.toHaveProperty('apiToken');
  });

  it('turns unique violations into a 400 and writes nothing of the failed payload', async () => {
    const before = await count('test_order');
    const error = await failure(
      write('test_order', 'create', order({ paymentMethods: [{ name: 'Duplicate', technicalName: 'invoice' }] })),
    );
    expect(error.status).toBe(400);
    expect(error.pointer).toBe('/paymentMethods/0/technicalName');
    expect(error.message).toContain('already exists');
    expect(await count('test_order')).toBe(before);
  });

  it('maps a restricting foreign key on delete to a 400', async () => {
    const stateId = id(50_000 + counter);
    await write('test_state', 'create', { id: stateId, technicalName: 'temp' }, systemContext);
    await write('test_order', 'create', order({ stateId }));
    const error = await failure(transaction(handle.db, (uow) => repositories.get('test_state').delete([stateId], systemContext, uow)));
    expect(error.status).toBe(400);
    expect(error.message).toContain('still referenced by test_order');
  });
});

describe('write privileges', () => {
  it('collects every missing privilege of nested writes before writing anything', async () => {
    const before = await count('test_order');
    const error = await failure(
      write(
        'test_order',
        'create',
        order({ tax: { name: 'New', taxRate: 1 }, transactions: [{ amount: 1 }], paymentMethods: [{ id: INVOICE }] }),
        restricted('test_order:create'),
      ),
    );
    expect(error.status).toBe(403);
    expect(JSON.parse(error.message).missingPrivileges.sort()).toEqual(['test_order_payment_method:create', 'test_order_transaction:create', 'test_tax:create']);
    expect(await count('test_order')).toBe(before);
    // With them, the same payload succeeds; linking an existing many-to-one target needs no privilege on it.
    await write(
      'test_order',
      'create',
      order({ tax: { id: TAX }, transactions: [{ amount: 1 }], paymentMethods: [{ id: INVOICE }] }),
      restricted('test_order:create', 'test_order_transaction:create', 'test_order_payment_method:create'),
    );
    expect(await count('test_order')).toBe(before + 1);
  });

  it('requires update for existing nested records and delete for deletes; read-only entities are refused', async () => {
    const [orderId] = await write('test_order', 'create', order());
    const error = await failure(write('test_order', 'update', { id: orderId, tax: { id: TAX, name: 'Renamed' } }, restricted('test_order:update')));
    expect(JSON.parse(error.message).missingPrivileges).toEqual(['test_tax:update']);
    const del = await failure(transaction(handle.db, (uow) => repositories.get('test_order').delete([orderId], restricted('test_order:read'), uow)));
    expect(JSON.parse(del.message).missingPrivileges).toEqual(['test_order:delete']);
    const readOnly = await failure(write('test_state', 'create', { technicalName: 'x' }));
    expect(readOnly.status).toBe(400);
  });
});

describe('events and delete', () => {
  it('dispatches written/deleted after commit, never after a rollback', async () => {
    const seen: string[] = [];
    const offWritten = dispatcher.on('test_order.written', (payload) => void seen.push(`written:${(payload as { ids: string[] }).ids.length}`));
    const offChild = dispatcher.on('test_order_transaction.written', () => void seen.push('child'));
    const offDeleted = dispatcher.on('test_order.deleted', (payload) => void seen.push(`deleted:${(payload as { ids: string[] }).ids[0]}`));
    const offChildDeleted = dispatcher.on('test_order_transaction.deleted', () => void seen.push('child-deleted'));
    try {
      let orderId = '';
      await transaction(handle.db, async (uow) => {
        [orderId] = await repositories.get('test_order').create(order({ transactions: [{ amount: 3 }] }), admin, uow);
        expect(seen).toEqual([]);
      });
      expect(seen).toEqual(['written:1', 'child']);

      seen.length = 0;
      await transaction(handle.db, async (uow) => {
        await repositories.get('test_order').update({ id: orderId, notes: 'changed' }, admin, uow);
        throw new Error('rollback');
      }).catch(() => undefined);
      expect(seen).toEqual([]);
      expect((await repositories.get('test_order').get(orderId, systemContext))?.notes).toBeNull();

      await transaction(handle.db, (uow) => repositories.get('test_order').delete([orderId], admin, uow));
      expect(seen).toEqual(['child-deleted', `deleted:${orderId}`]);
      expect(await repositories.get('test_order').get(orderId, systemContext)).toBeUndefined();
      const missing = await failure(transaction(handle.db, (uow) => repositories.get('test_order').delete([orderId], admin, uow)));
      expect(missing.status).toBe(404);
    } finally {
      offWritten();
      offChild();
      offDeleted();
      offChildDeleted();
    }
  });
});

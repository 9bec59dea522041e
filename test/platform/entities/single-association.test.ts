import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/platform/acl/context.js';
import { JsonApiRenderer } from '../../../src/platform/admin-api/json-api.js';
import { openDatabase, type DatabaseHandle } from '../../../src/platform/database/connection.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { parseCriteria } from '../../../src/platform/entities/criteria/parse.js';
import type { EntityDefinition } from '../../../src/platform/entities/definition.js';
import { EntityRegistry } from '../../../src/platform/entities/registry.js';
import { RepositoryFactory } from '../../../src/platform/entities/repository.js';
import { EventDispatcher } from '../../../src/platform/events/dispatcher.js';
import { id } from './fixtures.js';

/**
 * One-to-many `single` associations (a one-to-one seen from the side without the foreign key, like
 * `order.orderCustomer`). The child table deliberately has no unique key on its foreign key: the entity
 * layer must keep "one child" by itself.
 */
const definitions: EntityDefinition[] = [
  {
    name: 'test_person',
    fields: { name: { type: 'string', required: true } },
    associations: { profile: { type: 'one-to-many', entity: 'test_profile', foreignKey: 'personId', cascadeDelete: true, single: true } },
  },
  {
    name: 'test_profile',
    fields: { personId: { type: 'id', required: true }, nickname: { type: 'string', required: true } },
    associations: { person: { type: 'many-to-one', entity: 'test_person', foreignKey: 'personId' } },
  },
];

const registry = new EntityRegistry();
for (const definition of definitions) registry.register(definition);
let handle: DatabaseHandle;
let repositories: RepositoryFactory;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  const stamps = sql`created_at timestamptz NOT NULL, updated_at timestamptz, custom_fields jsonb`;
  await sql`CREATE TABLE test_person (id uuid PRIMARY KEY, name text NOT NULL, ${stamps})`.execute(handle.db);
  await sql`CREATE TABLE test_profile (id uuid PRIMARY KEY, person_id uuid NOT NULL REFERENCES test_person(id), nickname text NOT NULL, ${stamps})`.execute(handle.db);
  repositories = new RepositoryFactory({ registry, dispatcher: new EventDispatcher(), db: handle.db });
});

afterAll(async () => {
  await handle?.close();
});

const people = () => repositories.get('test_person');
const write = (mode: 'create' | 'update', data: Record<string, unknown>) => transaction(handle.db, (uow) => people()[mode](data, systemContext, uow));
const search = (body: unknown) => people().search(parseCriteria(body, registry.get('test_person'), registry), systemContext);
const profilesOf = async (personId: string) => handle.db.selectFrom('test_profile').select(['id', 'nickname']).where('person_id', '=', personId).execute();

describe('one-to-many single associations', () => {
  it('write and read as one object (or null)', async () => {
    await write('create', { id: id(1), name: 'Ada', profile: { nickname: 'countess' } });
    await write('create', { id: id(2), name: 'Bob' });
    const { entities } = await search({ ids: [id(1), id(2)], associations: { profile: {} } });
    expect(entities.find((e) => e.id === id(1))?.profile).toMatchObject({ nickname: 'countess', personId: id(1), apiAlias: 'test_profile' });
    expect(entities.find((e) => e.id === id(2))?.profile).toBeNull();
  });

  it('an update with the object but without its id changes the existing child instead of adding a second one', async () => {
    await write('create', { id: id(10), name: 'Cy', profile: { nickname: 'first' } });
    const [before] = await profilesOf(id(10));
    await write('update', { id: id(10), profile: { nickname: 'second' } });
    expect(await profilesOf(id(10))).toEqual([{ id: before!.id, nickname: 'second' }]);
    const { entities } = await search({ ids: [id(10)], associations: { profile: {} } });
    expect(entities[0]?.profile).toMatchObject({ id: before!.id, nickname: 'second' });
    // a parent without a child yet gets one
    await write('update', { id: id(2), profile: { nickname: 'bobby' } });
    expect((await profilesOf(id(2))).map((p) => p.nickname)).toEqual(['bobby']);
  });

  it('filters and sorts through the association', async () => {
    await write('create', { id: id(20), name: 'Zed', profile: { nickname: 'aaa' } });
    await write('create', { id: id(21), name: 'Yan', profile: { nickname: 'zzz' } });
    const filtered = await search({ filter: [{ type: 'equals', field: 'profile.nickname', value: 'zzz' }] });
    expect(filtered.entities.map((e) => e.id)).toEqual([id(21)]);
    const sorted = await search({ ids: [id(20), id(21)], sort: [{ field: 'profile.nickname', order: 'DESC' }] });
    expect(sorted.entities.map((e) => e.id)).toEqual([id(21), id(20)]);
  });

  it('renders as a to-one relationship in JSON:API (object or null, never a list)', async () => {
    const { entities } = await search({ ids: [id(1), id(2), id(20)], associations: { profile: {} } });
    const renderer = new JsonApiRenderer(registry, 'http://localhost/api');
    const ada = renderer.resource(entities.find((e) => e.id === id(1))!);
    expect(ada.relationships.profile?.data).toEqual({ type: 'test_profile', id: expect.any(String) });
    expect(renderer.included().map((r) => r.type)).toContain('test_profile');
    // not loaded: null like any to-one relationship
    const { entities: plain } = await search({ ids: [id(1)] });
    expect(new JsonApiRenderer(registry, 'http://localhost/api').resource(plain[0]!).relationships.profile?.data).toBeNull();
  });
});

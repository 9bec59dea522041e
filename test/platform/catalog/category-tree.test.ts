import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { newId } from '../../../src/platform/ids.js';
import { categoryTreeMovesMigration } from '../../../src/platform/catalog/migration-category-tree-moves.js';
import { HOME_CATEGORY } from './catalog-fixtures.js';

/** The category tree maintenance of the database (path, level, childCount, sibling chain) through the Admin API. */
describe('category tree maintenance', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>) => {
    const id = newId();
    const response = await t.api('POST', '/api/category', { body: { id, name: `Category ${id.slice(0, 6)}`, ...body } });
    expect(response.statusCode, response.body).toBe(204);
    return id;
  };
  const read = async (id: string) => (await t.api('GET', `/api/category/${id}`)).json().data as { path: string | null; level: number; childCount: number; parentId: string | null; afterCategoryId: string | null };

  it('a move re-derives path and level of the whole subtree, not only of the direct children', async () => {
    const a = await create({ parentId: HOME_CATEGORY });
    const b = await create({ parentId: a });
    const c = await create({ parentId: b });
    const d = await create({ parentId: c });
    const target = await create({ parentId: HOME_CATEGORY });

    expect((await t.api('PATCH', `/api/category/${b}`, { body: { parentId: target } })).statusCode).toBe(204);
    expect(await read(b)).toMatchObject({ path: `|${HOME_CATEGORY}|${target}|`, level: 3 });
    expect(await read(c)).toMatchObject({ path: `|${HOME_CATEGORY}|${target}|${b}|`, level: 4 });
    expect(await read(d)).toMatchObject({ path: `|${HOME_CATEGORY}|${target}|${b}|${c}|`, level: 5 });
    expect(await read(a)).toMatchObject({ childCount: 0 });
    expect(await read(target)).toMatchObject({ childCount: 1 });
  });

  it('refuses a move below a deeper descendant (a cycle) after earlier moves', async () => {
    const a = await create({ parentId: HOME_CATEGORY });
    const b = await create({ parentId: a });
    const c = await create({ parentId: b });
    const d = await create({ parentId: c });
    const x = await create({ parentId: HOME_CATEGORY });
    expect((await t.api('PATCH', `/api/category/${b}`, { body: { parentId: x } })).statusCode).toBe(204);

    // d is below x now (x > b > c > d): x must not move below it
    const loop = await t.api('PATCH', `/api/category/${x}`, { body: { parentId: d } });
    expect(loop.statusCode).toBe(400);
    expect(await read(x)).toMatchObject({ parentId: HOME_CATEGORY, level: 2 });
  });

  it('a moved category hands its place in the sibling chain to its follower (Shopware issue #1184)', async () => {
    const parent = await create({ parentId: HOME_CATEGORY });
    const elsewhere = await create({ parentId: HOME_CATEGORY });
    const first = await create({ parentId: parent, afterCategoryId: null });
    const second = await create({ parentId: parent, afterCategoryId: first });
    const third = await create({ parentId: parent, afterCategoryId: second });

    expect((await t.api('PATCH', `/api/category/${second}`, { body: { parentId: elsewhere, afterCategoryId: null } })).statusCode).toBe(204);
    expect(await read(third)).toMatchObject({ afterCategoryId: first });
    expect(await read(second)).toMatchObject({ parentId: elsewhere, afterCategoryId: null });
    expect(await read(first)).toMatchObject({ afterCategoryId: null });
  });

  it('moving the first sibling makes its follower the first', async () => {
    const parent = await create({ parentId: HOME_CATEGORY });
    const elsewhere = await create({ parentId: HOME_CATEGORY });
    const first = await create({ parentId: parent });
    const second = await create({ parentId: parent, afterCategoryId: first });
    expect((await t.api('PATCH', `/api/category/${first}`, { body: { parentId: elsewhere } })).statusCode).toBe(204);
    expect(await read(second)).toMatchObject({ afterCategoryId: null });
  });

  it('the fix migration repairs paths and levels left stale by earlier moves', async () => {
    const a = await create({ parentId: HOME_CATEGORY });
    const b = await create({ parentId: a });
    const c = await create({ parentId: b });
    // what the old trigger left behind: a grandchild still carrying its former ancestors
    await t.platform.db.updateTable('category').set({ path: `|${HOME_CATEGORY}|${newId()}|${b}|`, level: 7 }).where('id', '=', c).execute();
    await categoryTreeMovesMigration.up(t.platform.db);
    expect(await read(c)).toMatchObject({ path: `|${HOME_CATEGORY}|${a}|${b}|`, level: 4 });
  });

  // Two connections are needed to interleave transactions: PostgreSQL only (the embedded database has one).
  it.skipIf(!process.env.DATABASE_URL)('a category created while its parent moves takes the parent\'s new path', async () => {
    const parent = await create({ parentId: HOME_CATEGORY });
    const target = await create({ parentId: HOME_CATEGORY });
    const child = newId();
    const db = t.platform.db;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let moved!: () => void;
    const parentMoved = new Promise<void>((resolve) => (moved = resolve));
    const move = db.transaction().execute(async (trx) => {
      await trx.updateTable('category').set({ parent_id: target }).where('id', '=', parent).execute();
      moved();
      await gate;
    });
    await parentMoved;
    let settled = false;
    const insert = db
      .insertInto('category')
      .values({ id: child, parent_id: parent, name: 'Created meanwhile' })
      .execute()
      .finally(() => (settled = true));
    // let the insert run until it finished or waits for the lock of the moving transaction
    const waitsForLock = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db)).rows[0]!.n > 0;
    while (!settled && !(await waitsForLock())) await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await move;
    await insert;
    expect(await read(child)).toMatchObject({ path: `|${HOME_CATEGORY}|${target}|${parent}|`, level: 4 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

/** Optimistic locking on the generic writes: `ETag` on the detail, `If-Match` on PATCH and DELETE. */
describe('Admin API optimistic locking (ETag / If-Match)', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  const createManufacturer = async (name: string) => {
    const created = await t.api('POST', '/api/product-manufacturer?_response=1', { body: { name } });
    expect(created.statusCode).toBe(200);
    return { id: created.json().data.id as string, tag: created.headers.etag as string };
  };
  const storedName = async (id: string) => {
    const detail = await t.api('GET', `/api/product-manufacturer/${id}`);
    return detail.statusCode === 404 ? undefined : (detail.json().data.name as string);
  };

  it('names the version in ETag, and a write with a stale If-Match is refused with 412 and changes nothing', async () => {
    const { id, tag } = await createManufacturer('Harbour Ceramics');
    const detail = await t.api('GET', `/api/product-manufacturer/${id}`);
    expect(detail.headers.etag).toBe(tag);
    expect(tag).toBe(`"${detail.json().data.createdAt}"`);

    // the first editor saves with the version read: accepted, and the version moves on
    const first = await t.api('PATCH', `/api/product-manufacturer/${id}?_response=1`, { body: { name: 'Harbour Ceramics Ltd' }, headers: { 'if-match': tag } });
    expect(first.statusCode).toBe(200);
    const newTag = first.headers.etag as string;
    expect(newTag).toBe(`"${first.json().data.updatedAt}"`);
    expect(newTag).not.toBe(tag);

    // the second editor read the same old version: refused, the first editor's name stays
    const second = await t.api('PATCH', `/api/product-manufacturer/${id}`, { body: { name: 'Harbor Ceramics' }, headers: { 'if-match': tag } });
    expect(second.statusCode).toBe(412);
    expect(second.json().errors[0]).toMatchObject({ status: '412', code: 'FRAMEWORK__RECORD_CHANGED', meta: { parameters: { id, currentVersion: newTag } } });
    expect(await storedName(id)).toBe('Harbour Ceramics Ltd');

    // the same for a delete; with the current version (weak or strong) or `*` it goes through
    expect((await t.api('DELETE', `/api/product-manufacturer/${id}`, { headers: { 'if-match': tag } })).statusCode).toBe(412);
    expect(await storedName(id)).toBe('Harbour Ceramics Ltd');
    expect((await t.api('PATCH', `/api/product-manufacturer/${id}`, { body: { link: 'https://harbour.example' }, headers: { 'if-match': `W/${newTag}` } })).statusCode).toBe(204);
    expect((await t.api('PATCH', `/api/product-manufacturer/${id}`, { body: { link: 'https://harbour.example/shop' }, headers: { 'if-match': '*' } })).statusCode).toBe(204);
    const current = (await t.api('GET', `/api/product-manufacturer/${id}`)).headers.etag as string;
    expect((await t.api('DELETE', `/api/product-manufacturer/${id}`, { headers: { 'if-match': `"unrelated", ${current}` } })).statusCode).toBe(204);
    expect(await storedName(id)).toBeUndefined();
  });

  it('of two writes racing with the same version exactly one lands', async () => {
    const { id, tag } = await createManufacturer('Quay Glassworks');
    const answers = await Promise.all(
      ['Quay Glass', 'Quay Glassworks & Co'].map((name) => t.api('PATCH', `/api/product-manufacturer/${id}`, { body: { name }, headers: { 'if-match': tag } })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 412]);
    const winner = answers[0]!.statusCode === 204 ? 'Quay Glass' : 'Quay Glassworks & Co';
    expect(await storedName(id)).toBe(winner);
  });

  it('writes without If-Match behave as before, and a missing record stays a 404', async () => {
    const { id } = await createManufacturer('Pier Pottery');
    expect((await t.api('PATCH', `/api/product-manufacturer/${id}`, { body: { name: 'Pier Pottery Studio' } })).statusCode).toBe(204);
    expect(await storedName(id)).toBe('Pier Pottery Studio');
    const missing = 'f'.repeat(32);
    expect((await t.api('PATCH', `/api/product-manufacturer/${missing}`, { body: { name: 'Nobody' }, headers: { 'if-match': '"2026-01-01T00:00:00.000Z"' } })).statusCode).toBe(404);
  });
});

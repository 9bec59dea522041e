import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { expectMissingPrivileges } from '../../helpers/expectations.js';
import { newId } from '../../../src/platform/ids.js';
import { runCommand } from '../../../src/platform/console/runner.js';
import { captureIo } from '../console/capture-io.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#c03' } }).jpeg().toBuffer();
/** A real 1000×500 picture: large enough for every thumbnail width. */
const WIDE_PNG = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#2a6' } }).png().toBuffer();

describe('media upload and delivery', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  const createMedia = async (fields: Record<string, unknown> = {}) => {
    const id = newId();
    const response = await t.api('POST', '/api/media', { body: { id, alt: 'Alt text', ...fields } });
    expect(response.statusCode).toBe(204);
    return id;
  };

  const upload = async (mediaId: string, query: string, body: Buffer, contentType = 'image/png', token?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/_action/media/${mediaId}/upload${query}`,
      payload: body,
      headers: { authorization: `Bearer ${token ?? (await t.adminToken())}`, 'content-type': contentType, accept: 'application/json' },
    });

  const mediaRow = (id: string) => t.platform.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('stores the file under <VAR_DIR>/media/<yyyy>/<mm>/<id>/<name>.<ext>, records it and serves it back', async () => {
    const id = await createMedia();
    const response = await upload(id, '?extension=png&fileName=Summer%20Shirt', PNG);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const row = await mediaRow(id);
    const now = new Date();
    const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(row.path).toBe(`${month}/${id}/Summer-Shirt.png`);
    expect(row).toMatchObject({ mime_type: 'image/png', file_extension: 'png', file_name: 'Summer-Shirt' });
    expect(Number(row.file_size)).toBe(PNG.length);
    expect(row.uploaded_at).toBeInstanceOf(Date);
    const file = path.join(t.platform.env.varDir, 'media', row.path as string);
    expect(readFileSync(file).equals(PNG)).toBe(true);

    const served = await t.app.inject({ method: 'GET', url: `/media/${row.path}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    expect(served.headers.etag).toBeTruthy();
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('media JSON read through the entity layer carries the absolute url', async () => {
    const id = await createMedia();
    expect((await t.api('GET', `/api/media/${id}`)).json().data.url).toBeNull();
    await upload(id, '?extension=jpg&fileName=photo.jpg', JPEG, 'image/jpeg');
    const row = await mediaRow(id);
    expect(row.path).toMatch(new RegExp(`/${id}/photo\\.jpg$`));
    const read = await t.api('GET', `/api/media/${id}`);
    expect(read.json().data).toMatchObject({ path: row.path, url: `http://localhost:8000/media/${row.path}`, mimeType: 'image/jpeg', fileName: 'photo' });
    // also as a nested association and through includes
    const searched = await t.api('POST', '/api/search/media', { body: { ids: [id], includes: { media: ['url'] } } });
    expect(searched.json().data).toEqual([{ id, url: `http://localhost:8000/media/${row.path}`, apiAlias: 'media' }]);

    const served = await t.app.inject({ method: 'GET', url: `/media/${row.path}` });
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('the url is added wherever the entity reader loads media, also nested below a to-many association', async () => {
    const mediaId = await createMedia();
    await upload(mediaId, '?extension=png&fileName=cover', PNG);
    const { path: stored } = await mediaRow(mediaId);
    const productId = newId();
    const created = await t.api('POST', '/api/product', {
      body: { id: productId, productNumber: `M-${productId.slice(0, 8)}`, name: 'With media', media: [{ mediaId, position: 1 }] },
    });
    expect(created.statusCode).toBe(204);
    const found = await t.api('POST', '/api/search/product', { body: { ids: [productId], associations: { media: { associations: { media: {} } } } } });
    expect(found.json().data[0].media[0].media.url).toBe(`http://localhost:8000/media/${stored}`);
  });

  it('a new upload replaces the file and removes the old one', async () => {
    const id = await createMedia();
    await upload(id, '?extension=png&fileName=first', PNG);
    const first = (await mediaRow(id)).path as string;
    await upload(id, '?extension=jpg&fileName=second', JPEG, 'application/octet-stream');
    const second = await mediaRow(id);
    expect(second.path).toMatch(/second\.jpg$/);
    expect(second.mime_type).toBe('image/jpeg');
    expect(existsSync(path.join(t.platform.env.varDir, 'media', first))).toBe(false);
    expect(existsSync(path.join(t.platform.env.varDir, 'media', second.path as string))).toBe(true);
  });

  it('an upload renders WebP thumbnails 200, 400 and 800 px wide, records them and serves them', async () => {
    const id = await createMedia();
    expect((await upload(id, '?extension=png&fileName=wide', WIDE_PNG)).statusCode).toBe(204);
    const row = await mediaRow(id);
    const folder = path.dirname(row.path as string);
    expect(row.meta_data).toEqual({
      width: 1000,
      height: 500,
      thumbnails: [
        { width: 200, height: 100, path: `${folder}/thumbnails/wide_200x100.webp` },
        { width: 400, height: 200, path: `${folder}/thumbnails/wide_400x200.webp` },
        { width: 800, height: 400, path: `${folder}/thumbnails/wide_800x400.webp` },
      ],
    });
    for (const thumbnail of (row.meta_data as { thumbnails: Array<{ width: number; height: number; path: string }> }).thumbnails) {
      const served = await t.app.inject({ method: 'GET', url: `/media/${thumbnail.path}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=3600');
      const decoded = await sharp(served.rawPayload).metadata();
      expect([decoded.format, decoded.width, decoded.height]).toEqual(['webp', thumbnail.width, thumbnail.height]);
    }
    // the API's media JSON lists them with absolute URLs
    const read = (await t.api('GET', `/api/media/${id}`)).json().data;
    expect(read.thumbnails).toEqual([200, 400, 800].map((width) => ({ width, height: width / 2, url: `http://localhost:8000/media/${folder}/thumbnails/wide_${width}x${width / 2}.webp` })));
  });

  it('nothing is enlarged: a picture narrower than a thumbnail width gets only the smaller thumbnails', async () => {
    const id = await createMedia();
    await upload(id, '?extension=png&fileName=mid', await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } }).png().toBuffer());
    expect((await mediaRow(id)).meta_data).toMatchObject({ width: 300, height: 300, thumbnails: [{ width: 200, height: 200 }] });
    const tiny = await createMedia();
    await upload(tiny, '?extension=png', PNG);
    expect((await mediaRow(tiny)).meta_data).toEqual({ width: 1, height: 1, thumbnails: [] });
  });

  it('a new upload removes the thumbnails of the old file; deleting the record removes the new ones', async () => {
    const id = await createMedia();
    await upload(id, '?extension=png&fileName=before', WIDE_PNG);
    const before = (await mediaRow(id)).meta_data as { thumbnails: Array<{ path: string }> };
    await upload(id, '?extension=jpg&fileName=after', JPEG, 'image/jpeg');
    const file = (relative: string) => path.join(t.platform.env.varDir, 'media', relative);
    for (const thumbnail of before.thumbnails) expect(existsSync(file(thumbnail.path)), thumbnail.path).toBe(false);
    expect((await mediaRow(id)).meta_data).toEqual({ width: 2, height: 2, thumbnails: [] });

    await upload(id, '?extension=png&fileName=again', WIDE_PNG);
    const again = (await mediaRow(id)).meta_data as { thumbnails: Array<{ path: string }> };
    expect(again.thumbnails.every((thumbnail) => existsSync(file(thumbnail.path)))).toBe(true);
    expect((await t.api('DELETE', `/api/media/${id}`)).statusCode).toBe(204);
    for (const thumbnail of again.thumbnails) {
      expect(existsSync(file(thumbnail.path))).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: `/media/${thumbnail.path}` })).statusCode).toBe(404);
    }
  });

  it('media:generate-thumbnails renders them for files stored before thumbnails existed, keeping the original URL', async () => {
    const id = await createMedia();
    await upload(id, '?extension=png&fileName=legacy', WIDE_PNG);
    const { path: original, meta_data: made } = await mediaRow(id);
    // as an upload before thumbnails existed left it: no sizes recorded, no thumbnail files
    const file = (relative: string) => path.join(t.platform.env.varDir, 'media', relative);
    const paths = (made as { thumbnails: Array<{ path: string }> }).thumbnails.map((thumbnail) => thumbnail.path);
    for (const thumbnail of paths) rmSync(file(thumbnail));
    await t.platform.db.updateTable('media').set({ meta_data: null }).where('id', '=', id).execute();
    // and a row whose file is gone: reported, not fatal
    const lost = await createMedia();
    await upload(lost, '?extension=png&fileName=lost', WIDE_PNG);
    const lostRow = await mediaRow(lost);
    rmSync(file(lostRow.path as string));
    await t.platform.db.updateTable('media').set({ meta_data: null }).where('id', '=', lost).execute();

    const io = captureIo();
    expect(await runCommand(t.platform, ['media:generate-thumbnails'], io)).toBe(1);
    expect(io.stdout.join('\n')).toMatch(/^Thumbnails generated for 1 media file; \d+ had them already\.$/);
    expect(io.stderr).toEqual([expect.stringMatching(new RegExp(`^Media ${lost}: `))]);
    const after = await mediaRow(id);
    expect(after.path).toBe(original);
    expect(after.meta_data).toEqual(made);
    for (const thumbnail of paths) expect(existsSync(file(thumbnail))).toBe(true);

    // a second run has nothing to do for it
    await t.api('DELETE', `/api/media/${lost}`);
    const again = captureIo();
    expect(await runCommand(t.platform, ['media:generate-thumbnails'], again)).toBe(0);
    expect(again.stdout.join('\n')).toMatch(/^Thumbnails generated for 0 media files; /);
  });

  it('a file that starts like a PNG but does not decode is refused with 400 and stores nothing', async () => {
    const id = await createMedia();
    const corrupt = Buffer.concat([PNG.subarray(0, 16), Buffer.from('not really an image at all')]);
    const response = await upload(id, '?extension=png', corrupt);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: 'CONTENT__MEDIA_FILE_TYPE_NOT_SUPPORTED', detail: 'The uploaded file cannot be read as a png image.' });
    expect(await mediaRow(id)).toMatchObject({ path: null, meta_data: null });
  });

  it('deleting the media record removes its file: it is no longer served', async () => {
    const id = await createMedia();
    await upload(id, '?extension=png&fileName=private', PNG);
    const stored = (await mediaRow(id)).path as string;
    expect((await t.app.inject({ method: 'GET', url: `/media/${stored}` })).statusCode).toBe(200);
    expect((await t.api('DELETE', `/api/media/${id}`)).statusCode).toBe(204);
    expect(existsSync(path.join(t.platform.env.varDir, 'media', stored))).toBe(false);
    expect(existsSync(path.dirname(path.join(t.platform.env.varDir, 'media', stored)))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/media/${stored}` })).statusCode).toBe(404);
  });

  it('sanitises the file name: no directories, no traversal, ASCII only', async () => {
    const id = await createMedia();
    expect((await upload(id, `?extension=png&fileName=${encodeURIComponent('../../etc/Crème brûlée!!.png')}`, PNG)).statusCode).toBe(204);
    expect((await mediaRow(id)).path).toMatch(new RegExp(`^\\d{4}/\\d{2}/${id}/Creme-brulee\\.png$`));
    const other = await createMedia();
    await upload(other, `?extension=png&fileName=${encodeURIComponent('..')}`, PNG);
    expect((await mediaRow(other)).path).toMatch(new RegExp(`/${other}/${other}\\.png$`));
  });

  it('refuses unsupported extensions, SVG, mismatching content and empty files with 400', async () => {
    const id = await createMedia();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: Array<[string, Buffer, string, string]> = [
      ['?extension=exe', PNG, 'application/octet-stream', 'CONTENT__MEDIA_FILE_TYPE_NOT_SUPPORTED'],
      ['?extension=svg', svg, 'image/svg+xml', 'CONTENT__MEDIA_FILE_TYPE_NOT_SUPPORTED'],
      ['?extension=html', svg, 'text/html', 'CONTENT__MEDIA_FILE_TYPE_NOT_SUPPORTED'],
      ['?extension=png', JPEG, 'image/png', 'CONTENT__MEDIA_FILE_TYPE_NOT_SUPPORTED'],
      ['?extension=png', PNG, 'image/jpeg', 'CONTENT__MEDIA_FILE_TYPE_NOT_SUPPORTED'],
      ['', PNG, 'image/png', 'CONTENT__MEDIA_MISSING_FILE_EXTENSION'],
      ['?extension=png', Buffer.alloc(0), 'image/png', 'CONTENT__MEDIA_EMPTY_FILE'],
    ];
    for (const [query, body, contentType, code] of cases) {
      const response = await upload(id, query, body, contentType);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].code).toBe(code);
    }
    const row = await mediaRow(id);
    expect(row.path).toBeNull();
  });

  it('unknown or malformed media ids are 404', async () => {
    const unknown = newId();
    const response = await upload(unknown, '?extension=png', PNG);
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0]).toMatchObject({ code: 'CONTENT__MEDIA_NOT_FOUND', detail: `Media for id ${unknown} not found.` });
    expect((await upload('not-an-id', '?extension=png', PNG)).statusCode).toBe(404);
  });

  it('needs media:update (and a token)', async () => {
    const id = await createMedia();
    const readOnly = await t.tokenWithPrivileges(['media:read']);
    expectMissingPrivileges(await upload(id, '?extension=png', PNG, 'image/png', readOnly), ['media:update']);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/_action/media/${id}/upload?extension=png`, payload: PNG, headers: { 'content-type': 'image/png' } });
    expect(anonymous.statusCode).toBe(401);
    const allowed = await t.tokenWithPrivileges(['media:update']);
    expect((await upload(id, '?extension=png', PNG, 'image/png', allowed)).statusCode).toBe(204);
  });

  it('refuses bodies above 20 MB', async () => {
    const id = await createMedia();
    const big = Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024)]);
    const response = await upload(id, '?extension=png', big);
    expect(response.statusCode).toBe(413);
    expect((await mediaRow(id)).path).toBeNull();
  });

  it('other routes keep their JSON parser', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: PNG,
      headers: { authorization: `Bearer ${await t.adminToken()}`, 'content-type': 'image/png', accept: 'application/json' },
    });
    expect(response.statusCode).toBe(415);
  });

  it('serves only media paths: traversal, stray files and unknown files are 404', async () => {
    const varDir = t.platform.env.varDir;
    // a file in the media folder that no upload could have created
    writeFileSync(path.join(varDir, 'media', 'stray.html'), '<script>alert(1)</script>');
    for (const url of [
      '/media/../app-secret',
      '/media/..%2Fapp-secret',
      '/media/%2e%2e/app-secret',
      '/media/%2e%2e%2fapp-secret',
      '/media/2024/01/../../../app-secret',
      '/media/stray.html',
      `/media/2024/01/${newId()}/missing.png`,
      '/media/',
      '/media',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('test-app-secret');
    }
  });
});

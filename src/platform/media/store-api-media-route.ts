import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { typed } from '../http/schemas/index.js';
import { isId } from '../ids.js';
import type { PlatformServices } from '../platform-services.js';
import { MediaBody, MediaQuery, MediaResponse } from '../catalog/store/store-api-catalogue-schemas.js';
import { StoreApiHeaders, storeApiErrors } from '../store-api/store-api-schemas.js';
import { mediaColumns, storeMediaJson, type MediaRow } from './store-media-json.js';

/**
 * `GET|POST /store-api/media`: Shopware's MediaRoute, the media files of the given ids in the Store
 * API's shape (every media file here is public), in the order asked; unknown ids are left out. No
 * ids: 400 `CONTENT__MEDIA_EMPTY_ID`; a malformed one: 400 `FRAMEWORK__INVALID_UUID`.
 */
export function registerStoreApiMediaRoute(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'env'>): void {
  const load = async (raw: unknown) => {
    const list = (typeof raw === 'string' ? raw.split('|') : Array.isArray(raw) ? raw : []).map((id) => String(id).toLowerCase()).filter((id) => id !== '');
    if (list.length === 0) throw new AppError(400, 'CONTENT__MEDIA_EMPTY_ID', 'A media id must be provided.');
    const malformed = list.find((id) => !isId(id));
    if (malformed !== undefined) throw new AppError(400, 'FRAMEWORK__INVALID_UUID', `Value is not a valid UUID: ${malformed}`, { meta: { parameters: { input: malformed } } });
    const rows = (await platform.db.selectFrom('media as m').select(mediaColumns('m')).where('m.id', 'in', [...new Set(list)]).execute()) as unknown as MediaRow[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return [...new Set(list)].flatMap((id) => {
      const row = byId.get(id);
      return row ? [storeMediaJson(row, platform.env.appUrl)] : [];
    });
  };
  const schema = {
    tags: ['Content'],
    summary: 'Media files by id',
    headers: StoreApiHeaders,
    response: { 200: MediaResponse, ...storeApiErrors({ 400: 'No ids (`CONTENT__MEDIA_EMPTY_ID`) or a malformed one (`FRAMEWORK__INVALID_UUID`).' }) },
  };
  const routes = typed(app);
  routes.get('/store-api/media', { schema: { ...schema, querystring: MediaQuery } }, (request: FastifyRequest<{ Querystring: { ids?: unknown; 'ids[]'?: unknown } }>) =>
    load(request.query['ids[]'] ?? request.query.ids),
  );
  routes.post('/store-api/media', { schema: { ...schema, body: MediaBody } }, (request) => load(request.body.ids));
}

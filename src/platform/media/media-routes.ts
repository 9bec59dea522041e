import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Type } from '@sinclair/typebox';
import { requirePrivileges } from '../acl/context.js';
import { documentedOnly, errorResponses, IdParams, noContent, typed } from '../http/schemas/index.js';
import type { PlatformServices } from '../platform-services.js';
import { MediaFileStore, isMediaPath } from './media-file-store.js';
import { uploadMediaFile } from './media-upload.js';

/** Largest accepted upload body. */
export const MAX_MEDIA_UPLOAD_BYTES = 20 * 1024 * 1024;

/**
 * `POST /api/_action/media/{mediaId}/upload?extension=png&fileName=name` (raw file body, privilege
 * `media:update`, 204) and the public files under `GET /media/<path>`.
 */
export async function registerMediaRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'env'>): Promise<void> {
  const store = new MediaFileStore(platform.env.varDir);
  await app.register(async (scope) => {
    // Only this scope takes raw bodies of any type, as bytes; the rest of the app keeps its parsers.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_MEDIA_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
    typed(scope).post(
      '/api/_action/media/:mediaId/upload',
      {
        schema: {
          tags: ['media'],
          summary: 'Upload the file of a media record',
          description: 'The raw file is the body. Accepted: jpg, jpeg, png, gif, webp (content must match the extension), at most 20 MB.',
          params: IdParams('mediaId'),
          querystring: Type.Object({
            extension: Type.Optional(Type.String({ description: 'jpg, jpeg, png, gif or webp.' })),
            fileName: Type.Optional(Type.String({ description: 'The file name without extension (default: the media id).' })),
          }),
          // the raw bytes, whatever their content type: documentation only
          body: documentedOnly({ content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }),
          response: {
            204: noContent('Stored.'),
            ...errorResponses({ 400: 'An unsupported extension, content that does not match it, an empty file.', 403: 'Missing media:update.', 404: 'No such media record.' }),
          },
        },
        // checked before the body is read: a caller without the privilege never gets 20 MB buffered
        onRequest: async (request) => requirePrivileges(request.apiContext, ['media:update']),
      },
      async (request, reply) => {
        await uploadMediaFile(platform.db, store, {
          mediaId: request.params.mediaId,
          bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          extension: request.query.extension,
          fileName: request.query.fileName,
          contentType: request.headers['content-type'],
        });
        return reply.status(204).send();
      },
    );
  });

  mkdirSync(store.root, { recursive: true });
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: store.root,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      list: false,
      redirect: false,
      dotfiles: 'deny',
      // only paths an upload can create are served: no traversal, no stray files, no other types
      allowedPath: (pathName) => isMediaPath(pathName.replace(/^\//, '')),
      // a re-upload with the same name in the same month replaces the file: revalidate after an hour
      maxAge: '1h',
      etag: true,
      lastModified: true,
      setHeaders: (res) => res.setHeader('x-content-type-options', 'nosniff'),
    });
  });
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * The Administration (src/admin, built by scripts/build.mjs into dist/admin). This file sits three folders
 * below the root both as source (src/platform/http) and as build (dist/platform/http), so one path serves both.
 */
export const ADMIN_UI_FOLDER = path.resolve(import.meta.dirname, '../../../dist/admin');

/** Serves the built Administration at /admin; unknown paths below it get index.html (client-side routes). */
export async function registerAdminUi(app: FastifyInstance, folder = ADMIN_UI_FOLDER): Promise<void> {
  const built = existsSync(path.join(folder, 'index.html'));
  if (!built) {
    // a checkout without `npm run build` still answers, with the reason
    app.get('/admin', async (_request, reply) => reply.code(503).type('text/plain').send('The Administration is not built: run `npm run build`.'));
    return;
  }
  await app.register(fastifyStatic, {
    root: folder,
    prefix: '/admin/',
    index: false,
    list: false,
    wildcard: false,
    // the headers below decide caching (the plugin's own would overwrite them)
    cacheControl: false,
    // file names under assets/ carry a content hash; index.html must be revalidated on every load
    setHeaders: (res, file) => res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });
  const sendIndex = async (_request: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', folder, { cacheControl: false });
  app.get('/admin', sendIndex);
  app.get('/admin/*', sendIndex);
}

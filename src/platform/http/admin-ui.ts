import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, RouteShorthandOptions } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * The Administration (src/admin, built by scripts/build.mjs into dist/admin). This file sits three folders
 * below the root both as source (src/platform/http) and as build (dist/platform/http), so one path serves both.
 */
export const ADMIN_UI_FOLDER = path.resolve(import.meta.dirname, '../../../dist/admin');

/**
 * Written into src/admin/index.html (`<meta property="csp-nonce" nonce="…">`) and replaced per answer by the
 * nonce of its Content-Security-Policy: the UI hands it to Mantine for the `<style>` elements it adds.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Serves the built Administration at /admin; unknown paths below it get index.html (client-side routes).
 * `pageHelmet` is the index's own security header configuration (see security-headers.ts).
 */
export async function registerAdminUi(app: FastifyInstance, folder = ADMIN_UI_FOLDER, pageHelmet?: RouteShorthandOptions['helmet']): Promise<void> {
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
  // read per answer (a few KB, a few loads a day): a rebuild while the server runs is served at once
  const sendIndex = async (_request: unknown, reply: FastifyReply) => {
    const html = await readFile(path.join(folder, 'index.html'), 'utf8');
    // no nonce (no helmet on this app): the placeholder goes, Mantine's styles then need no nonce either
    const nonce = reply.cspNonce?.style ?? '';
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
  };
  const options: RouteShorthandOptions = pageHelmet === undefined ? {} : { helmet: pageHelmet };
  app.get('/admin', options, sendIndex);
  app.get('/admin/*', options, sendIndex);
}

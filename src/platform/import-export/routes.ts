import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { requirePrivileges, systemContext } from '../acl/context.js';
import { errors } from '../errors/app-error.js';
import { documentedOnly, errorResponses, Id, typed } from '../http/schemas/index.js';
import type { PlatformServices } from '../platform-services.js';
import { readFile } from './file-store.js';
import { IMPORT_LIMITS } from './limits.js';
import { findProfile, prepareRun, queueRun } from './runs.js';

const LOG_PRIVILEGES = { create: 'import_export_log:create', read: 'import_export_log:read', profile: 'import_export_profile:read' };

const LogAnswer = documentedOnly(
  Type.Object(
    { log: Type.Record(Type.String(), Type.Unknown(), { description: 'The run\'s import_export_log record: state, records, result (tally and rejected rows), dryRun, fileId.' }) },
    { description: 'The run.' },
  ),
);

type RouteDeps = Pick<PlatformServices, 'db' | 'queue' | 'repositories'>;

/**
 * Shopware's import/export actions: `prepare` (upload, or an export without a file) creates a pending log,
 * `process` queues it (with `dryRun`), the generic `/api/import-export-log/{id}` polls it, and
 * `file/download` returns an uploaded, exported or rejected-rows file.
 */
export async function registerImportExportRoutes(app: FastifyInstance, platform: RouteDeps): Promise<void> {
  const readLog = async (logId: string) => platform.repositories.get('import_export_log').get(logId, systemContext);
  const needs = (privileges: string[]) => async (request: FastifyRequest) => requirePrivileges(request.apiContext, privileges);

  await app.register(async (scope) => {
    // the file is the raw body, whatever its content type, as bytes; only this scope parses bodies so
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMPORT_LIMITS.maxFileBytes }, (_request, body, done) => done(null, body));
    typed(scope).post(
      '/api/_action/import-export/prepare',
      {
        schema: {
          tags: ['Import/export'],
          summary: 'Upload a CSV file for an import, or prepare an export',
          description: `The raw CSV is the body (at most ${IMPORT_LIMITS.maxFileBytes} bytes, ${IMPORT_LIMITS.maxRows} rows); an empty body prepares an export. Creates a pending log; \`process\` starts it. Needs \`${LOG_PRIVILEGES.create}\`, \`${LOG_PRIVILEGES.profile}\` and the entity's create and update (import) or read (export) privileges.`,
          querystring: Type.Object({
            profileId: Type.String({ minLength: 1, maxLength: 255, description: "The profile's id, technical name or label." }),
            fileName: Type.Optional(Type.String({ maxLength: 255, description: 'The uploaded file\'s name (shown in the log).' })),
          }),
          body: documentedOnly({ content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } } }),
          response: {
            200: LogAnswer,
            ...errorResponses({ 400: 'An empty or binary file, or a profile that cannot import.', 403: 'Missing privileges.', 404: 'No such profile.', 413: 'The file is above the limits.' }),
          },
        },
        // checked before the body is read: a caller without the privilege never gets 32 MB buffered
        onRequest: needs([LOG_PRIVILEGES.create, LOG_PRIVILEGES.profile]),
      },
      async (request) => {
        const profile = await findProfile(platform.db, request.query.profileId);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const logId = await prepareRun(platform.db, {
          profile,
          file: bytes.length > 0 ? { name: request.query.fileName || 'upload.csv', bytes } : undefined,
          context: request.apiContext,
        });
        return { log: await readLog(logId) };
      },
    );
  });

  const routes = typed(app);
  routes.post(
    '/api/_action/import-export/process',
    {
      schema: {
        tags: ['Import/export'],
        summary: 'Start a prepared import or export',
        description: `Queues the run; poll \`GET /api/import-export-log/{logId}\`. A dry run imports into a transaction that is rolled back: the log reports what would be created, updated and rejected. Needs \`${LOG_PRIVILEGES.create}\`.`,
        body: Type.Object({ logId: Id(), dryRun: Type.Optional(Type.Boolean({ default: false })) }),
        response: { 200: LogAnswer, ...errorResponses({ 400: 'A dry run of an export.', 403: 'Missing privileges.', 404: 'No such log.', 409: 'The run was started already.' }) },
      },
      preValidation: needs([LOG_PRIVILEGES.create]),
    },
    async (request) => {
      await queueRun(platform, request.body.logId, request.body.dryRun ?? false, request.apiContext);
      return { log: await readLog(request.body.logId) };
    },
  );

  routes.get(
    '/api/_action/import-export/file/download',
    {
      schema: {
        tags: ['Import/export'],
        summary: 'Download an uploaded, exported or rejected-rows file',
        description: `The CSV as an attachment. Needs \`${LOG_PRIVILEGES.read}\`.`,
        querystring: Type.Object({ fileId: Id() }),
        response: {
          200: documentedOnly({ description: 'The file.', content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } } }),
          ...errorResponses({ 403: 'Missing privileges.', 404: 'No such file.' }),
        },
      },
      preValidation: needs([LOG_PRIVILEGES.read]),
    },
    async (request, reply) => {
      const file = await readFile(platform.db, request.query.fileId);
      if (!file) throw errors.notFound('import_export_file', request.query.fileId);
      const asciiName = file.originalName.replace(/[^\w.-]/g, '_');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`)
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  );
}

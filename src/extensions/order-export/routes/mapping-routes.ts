import type { FastifyInstance } from 'fastify';
import { errors, type ExtensionHost } from '../../../platform/sdk/index.js';
import { loadOrderDocument } from '../export/order-document.js';
import { runtimeOf } from '../export/runtime.js';
import { validateMappingDefinition } from '../mapping/definition-validation.js';
import { exportMappingText, importMappingText } from '../mapping/mapping-text.js';
import { renderMapping } from '../mapping/renderer.js';
import { rollbackMapping } from '../records/mapping-store.js';
import { ACTION_PREFIX, described, privileged } from './route-options.js';
import {
  MappingExportBody,
  MappingImportBody,
  MappingImportResultSchema,
  MappingTextSchema,
  PreviewBody,
  PreviewResultSchema,
  RollbackBody,
  RollbackParams,
  RollbackResultSchema,
  ValidateBody,
  ValidationResultSchema,
} from './schemas.js';

export const MAPPING_READ_PRIVILEGE = 'ext_order_export_mapping:read';
export const MAPPING_UPDATE_PRIVILEGE = 'ext_order_export_mapping:update';

/** Validate, preview, text export and import of definitions (problems are answers, not errors), and rollback. */
export function registerMappingRoutes(app: FastifyInstance, host: ExtensionHost): void {
  const read = privileged(MAPPING_READ_PRIVILEGE);

  app.post<{ Body: ValidateBody }>(
    `${ACTION_PREFIX}/mapping/validate`,
    { ...read, schema: { ...described('Validate a mapping definition', MAPPING_READ_PRIVILEGE), body: ValidateBody, response: { 200: ValidationResultSchema } } },
    async (request) => validateMappingDefinition(request.body.definition),
  );

  app.post<{ Body: PreviewBody }>(
    `${ACTION_PREFIX}/mapping/preview`,
    {
      ...read,
      schema: {
        ...described('Render a definition against a real order; nothing is sent', MAPPING_READ_PRIVILEGE, '404 for an unknown order; validation problems and render errors are in the answer.'),
        body: PreviewBody,
        response: { 200: PreviewResultSchema },
      },
    },
    async (request) => {
      const order = await loadOrderDocument(host, request.body.orderId);
      if (!order) throw errors.notFound('order', request.body.orderId);
      const { problems } = validateMappingDefinition(request.body.definition);
      if (problems.length > 0) return { valid: false, problems, data: {}, errors: {} };
      const rendered = await renderMapping(runtimeOf(host).mappings.forDefinition(request.body.definition), order);
      return { valid: true, problems: [], data: rendered.data, errors: rendered.errors };
    },
  );

  app.post<{ Body: MappingExportBody }>(
    `${ACTION_PREFIX}/mapping/export`,
    { ...read, schema: { ...described('A definition as JSON or YAML text', MAPPING_READ_PRIVILEGE), body: MappingExportBody, response: { 200: MappingTextSchema } } },
    async (request) => exportMappingText(request.body.definition, request.body.format),
  );

  app.post<{ Body: MappingImportBody }>(
    `${ACTION_PREFIX}/mapping/import`,
    {
      ...read,
      schema: {
        ...described('Parse JSON or YAML text into a definition', MAPPING_READ_PRIVILEGE, 'Parses only: validate and save the definition yourself. Bad text answers `{valid: false, error}`.'),
        body: MappingImportBody,
        response: { 200: MappingImportResultSchema },
      },
    },
    async (request) => importMappingText(request.body.content, request.body.format),
  );

  app.post<{ Params: RollbackParams; Body: RollbackBody }>(
    `${ACTION_PREFIX}/mapping/:mappingId/rollback`,
    {
      ...privileged(MAPPING_UPDATE_PRIVILEGE),
      schema: {
        ...described('Make an earlier version\'s definition current again', MAPPING_UPDATE_PRIVILEGE, 'Writes it as a new version; 404 for an unknown mapping or version.'),
        params: RollbackParams,
        body: RollbackBody,
        response: { 200: RollbackResultSchema },
      },
    },
    async (request) => rollbackMapping(host, request.params.mappingId, request.body.version),
  );
}

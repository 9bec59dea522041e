import { AppError, defineRoute, errorResponses, errors, type ExtensionHost, type RouteDeclaration } from '../../../platform/sdk/index.js';
import { loadOrderDocument } from '../export/order-document.js';
import { exportTextInSandbox, importTextInSandbox, renderInSandbox, validateInSandbox } from '../mapping/mapping-sandbox.js';
import { rollbackMapping } from '../records/mapping-store.js';
import { ACTION_PREFIX, described, privileged } from './route-options.js';
import {
  MappingExportBody,
  MappingImportBody,
  MappingImportResult,
  MappingText,
  PreviewBody,
  PreviewResult,
  RollbackBody,
  RollbackParams,
  RollbackResult,
  ValidateBody,
  ValidationResult,
} from './schemas.js';

export const MAPPING_READ_PRIVILEGE = 'ext_order_export_mapping:read';
export const MAPPING_UPDATE_PRIVILEGE = 'ext_order_export_mapping:update';

const READ_ERRORS = errorResponses({ 400: 'The request does not match its schema.', 403: 'Missing privilege.' });

/**
 * Validate, preview, text export and import of definitions (problems are answers, not errors), and
 * rollback. Everything that evaluates or parses the caller's definition or text runs in the sandbox: a
 * limit it passes is a problem in the answer as well.
 */
export function mappingRoutes(host: ExtensionHost): RouteDeclaration[] {
  const read = privileged(MAPPING_READ_PRIVILEGE);
  return [
    defineRoute({
      method: 'POST',
      url: `${ACTION_PREFIX}/mapping/validate`,
      ...read,
      schema: { ...described('Validate a mapping definition', MAPPING_READ_PRIVILEGE), body: ValidateBody, response: { 200: ValidationResult, ...READ_ERRORS } },
      handler: async (request) => validateInSandbox(host, request.body.definition),
    }),
    defineRoute({
      method: 'POST',
      url: `${ACTION_PREFIX}/mapping/preview`,
      ...read,
      schema: {
        ...described('Render a definition against a real order; nothing is sent', MAPPING_READ_PRIVILEGE, 'Validation problems and render errors are in the answer.'),
        body: PreviewBody,
        response: { 200: PreviewResult, ...READ_ERRORS, ...errorResponses({ 404: 'Unknown order.' }) },
      },
      handler: async (request) => {
        const order = await loadOrderDocument(host, request.body.orderId);
        if (!order) throw errors.notFound('order', request.body.orderId);
        const rendered = await renderInSandbox(host, { definition: request.body.definition, order });
        if ('stopped' in rendered) return { valid: false, problems: [`definition: the render was stopped: ${rendered.stopped}`], data: {}, errors: {} };
        if ('problems' in rendered) return { valid: false, problems: rendered.problems, data: {}, errors: {} };
        return { valid: true, problems: [], data: rendered.data, errors: rendered.errors };
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${ACTION_PREFIX}/mapping/export`,
      ...read,
      schema: {
        ...described('A definition as JSON or YAML text', MAPPING_READ_PRIVILEGE),
        body: MappingExportBody,
        response: { 200: MappingText, ...READ_ERRORS, ...errorResponses({ 422: 'The text would pass a limit of the sandbox (time, size).' }) },
      },
      handler: async (request) => {
        const text = await exportTextInSandbox(host, request.body.definition, request.body.format);
        if ('stopped' in text) throw new AppError(422, 'EXT_ORDER_EXPORT__MAPPING_TEXT_STOPPED', `The text was not written: ${text.stopped}.`);
        return text;
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${ACTION_PREFIX}/mapping/import`,
      ...read,
      schema: {
        ...described('Parse JSON or YAML text into a definition', MAPPING_READ_PRIVILEGE, 'Parses only: validate and save the definition yourself. Bad text answers `{valid: false, error}`.'),
        body: MappingImportBody,
        response: { 200: MappingImportResult, ...READ_ERRORS },
      },
      handler: async (request) => importTextInSandbox(host, request.body.content, request.body.format),
    }),
    defineRoute({
      method: 'POST',
      url: `${ACTION_PREFIX}/mapping/:mappingId/rollback`,
      ...privileged(MAPPING_UPDATE_PRIVILEGE),
      schema: {
        ...described('Make an earlier version\'s definition current again', MAPPING_UPDATE_PRIVILEGE, 'Written as a new version.'),
        params: RollbackParams,
        body: RollbackBody,
        response: {
          200: RollbackResult,
          ...errorResponses({ 400: 'No version given, or the old definition no longer validates.', 403: 'Missing privilege.', 404: 'Unknown mapping or version.' }),
        },
      },
      handler: async (request) => rollbackMapping(host, request.params.mappingId, request.body.version),
    }),
  ];
}

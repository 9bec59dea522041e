/**
 * Route schemas: the shared pieces every route (platform or extension) declares its input with, the
 * documentation helpers the OpenAPI documents are built from, and how schema violations are answered.
 * Build schemas with TypeBox (`import { Type } from '@sinclair/typebox'`); see README.md beside this file.
 */
export { typed, type TypedApp } from './type-provider.js';
export { describedAs, documentedOnly, component, componentRef, documentationOf, componentsOf, type DocumentedSchema } from './documentation.js';
export { Id, IdString, IdParams } from './ids.js';
export { StringEnum } from './string-enum.js';
export { ErrorEntry, ErrorResponse } from './error-response.js';
export { errorResponses, noContent } from './responses.js';
export { CriteriaQuery, criteriaQuery, criteriaSchema } from './criteria.js';
export { QueryInteger } from './query-integers.js';
export {
  isSchemaValidationError,
  isRouteRequirementMismatch,
  validationIssues,
  validationAppError,
  type SchemaValidationError,
  type ValidationIssue,
  type RequestPart,
} from './validation-errors.js';
export { answerValidationErrors, type ValidationAnswer } from './own-validation-answers.js';
export { schemaCompilerOptions } from './compiler-options.js';
// the component schemas of entities are generated per document (../openapi/complete-document.ts)
export { entityRef } from '../openapi/entity-schemas.js';

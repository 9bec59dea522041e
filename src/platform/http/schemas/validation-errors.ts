import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { AppError, AppErrorList, errors } from '../../errors/app-error.js';

/** What fastify throws (or puts in `request.validationError` with `attachValidation`) when a request does not match its schema. */
export type SchemaValidationError = Error & { validation: FastifySchemaValidationError[]; validationContext?: string };

export type RequestPart = 'body' | 'querystring' | 'params' | 'headers';

/** One schema violation of a request. */
export interface ValidationIssue {
  part: RequestPart;
  /**
   * JSON pointer of the offending value: into the body as sent (`/items/0/quantity`, `/` for the body
   * itself), as the platform's own checks point; `/querystring/limit`, `/params/type` for the other parts.
   */
  pointer: string;
  /** ajv's keyword: `type`, `required`, `pattern`, `enum`, `minimum`, ... */
  keyword: string;
  /** ajv's message, e.g. `must be integer`. */
  message: string;
}

export function isSchemaValidationError(error: unknown): error is SchemaValidationError {
  return error instanceof Error && Array.isArray((error as Partial<SchemaValidationError>).validation);
}

export function validationIssues(error: SchemaValidationError): ValidationIssue[] {
  const part = (error.validationContext ?? 'body') as RequestPart;
  return error.validation.map((entry) => ({ part, pointer: pointerOf(part, entry), keyword: entry.keyword, message: entry.message ?? 'is invalid' }));
}

/**
 * A path parameter that does not match its pattern (an id that is not 32 hex characters): Shopware's
 * route requirements make such a URL match no route, so it answers 404 like an unknown route.
 */
export function isRouteRequirementMismatch(error: SchemaValidationError): boolean {
  return error.validationContext === 'params' && error.validation.some((entry) => entry.keyword === 'pattern');
}

/**
 * The platform's answer to a schema violation: 404 for a path parameter that misses its pattern,
 * else 400 `FRAMEWORK__INVALID_REQUEST_PARAMETER` with the pointer of each problem.
 */
export function validationAppError(error: SchemaValidationError, request: FastifyRequest): AppError {
  if (isRouteRequirementMismatch(error)) return errors.routeNotFound(request.method, request.url);
  const problems = validationIssues(error).map((issue) => errors.invalidRequest(describe(issue), issue.pointer));
  return problems.length === 1 ? problems[0]! : new AppErrorList(problems);
}

/** fastify's wording (`querystring/limit must be integer`), naming the body's property by its pointer. */
function describe(issue: ValidationIssue): string {
  const where = issue.part === 'body' ? `body${issue.pointer === '/' ? '' : issue.pointer}` : issue.pointer.slice(1);
  return `${where} ${issue.message}`;
}

function pointerOf(part: RequestPart, entry: FastifySchemaValidationError): string {
  // `required` and `additionalProperties` report the object; the property they mean is in params
  const property = entry.params.missingProperty ?? entry.params.additionalProperty;
  const path = entry.instancePath + (typeof property === 'string' ? `/${property.replace(/~/g, '~0').replace(/\//g, '~1')}` : '');
  return part === 'body' ? path || '/' : `/${part}${path}`;
}

import { Type, type TUnknown } from '@sinclair/typebox';
import { component, documentedOnly } from './documentation.js';
import { ErrorResponse } from './error-response.js';

// Response schemas are documentation: handlers send what they send, and fastify's serializer must not
// drop fields a schema does not list (entities gain fields with extensions).

/**
 * Route `response` entries for error statuses, each documented as the component `ErrorResponse`:
 * `response: { 200: ..., ...errorResponses({ 400: 'Invalid criteria.', 403: 'Missing privileges.' }) }`.
 * Documentation only: the error handler writes these bodies, the serializer leaves them alone.
 */
export function errorResponses(descriptions: Record<number, string>): Record<number, TUnknown> {
  return Object.fromEntries(
    Object.entries(descriptions).map(([status, description]) => [status, documentedOnly(component('ErrorResponse', ErrorResponse, description))]),
  );
}

/** A `204` (or other empty) answer: `response: { 204: noContent('Deleted.') }`. */
export function noContent(description: string): TUnknown {
  return documentedOnly(Type.Null({ description }));
}

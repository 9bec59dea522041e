import { Type, type TUnknown } from '@sinclair/typebox';
import { componentRef, documentedOnly } from './documentation.js';

/** One problem of `{"errors":[...]}` (app-error.ts ErrorEntry). */
export const ErrorEntry = Type.Object(
  {
    status: Type.String({ description: 'The HTTP status as a string, e.g. "400".' }),
    code: Type.String({ description: 'Stable error code, e.g. FRAMEWORK__INVALID_REQUEST_PARAMETER or VIOLATION::IS_BLANK_ERROR.' }),
    title: Type.String(),
    detail: Type.String(),
    meta: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'e.g. `parameters` of the error.' })),
    source: Type.Optional(Type.Object({ pointer: Type.String({ description: 'JSON pointer of the offending input, e.g. `/items/0/quantity`.' }) })),
  },
  { additionalProperties: false },
);

/** The error shape of the Admin API and the Store API; every problem of one request is one entry. */
export const ErrorResponse = Type.Object({ errors: Type.Array(ErrorEntry) }, { additionalProperties: false });

/** The name of ErrorResponse among a document's components (both documents carry it). */
export const ERROR_RESPONSE_COMPONENT = 'ErrorResponse';

/**
 * Route `response` entries for error statuses, each documented as the shared ErrorResponse
 * component: `response: { 200: ..., ...errorResponses({ 400: 'Invalid criteria.', 403: 'Missing privileges.' }) }`.
 * Documentation only: the error handler writes these bodies, the serializer leaves them alone.
 */
export function errorResponses(descriptions: Record<number, string>): Record<number, TUnknown> {
  return Object.fromEntries(
    Object.entries(descriptions).map(([status, description]) => [status, documentedOnly(componentRef(ERROR_RESPONSE_COMPONENT, description))]),
  );
}

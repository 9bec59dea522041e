import { Type } from '@sinclair/typebox';

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

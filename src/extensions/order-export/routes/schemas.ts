import { Type } from '@sinclair/typebox';
import { component, describedAs, documentedOnly, Id, IdParams, StringEnum } from '../../../platform/sdk/index.js';
import { AUTH_TYPES } from '../delivery/auth/credential-types.js';
import { MAPPING_TEXT_FORMATS } from '../mapping/mapping-text.js';
import { EXPORT_OUTCOMES } from '../records/values.js';

/**
 * Request schemas (validated by fastify, typed for the handlers) and answer schemas (documentation
 * only) of the extension's Admin API routes; both end up in the OpenAPI document.
 */

const Definition = Type.Unknown({ description: 'A mapping definition `{"fields": {...}}`; anything else is reported as a problem in the answer' });
const Format = StringEnum(MAPPING_TEXT_FORMATS, { description: 'json or yaml' });

export const ExportBody = Type.Object({
  orderId: Id({ description: 'The order' }),
  configId: Id({ description: 'The export target (must be active)' }),
  forceReExport: Type.Optional(Type.Boolean({ description: 'Send a new revision even if the rendered payload is unchanged' })),
});

export const ExportResult = documentedOnly(
  component(
    'OrderExportResult',
    Type.Object({
      outcome: StringEnum(EXPORT_OUTCOMES),
      orderExportId: Id(),
      revision: Type.Integer({ description: 'Starts at 1 with the first export' }),
      correlationId: Id({ description: 'Sent as idempotency-key and webhook-id' }),
      attemptId: Id(),
    }),
  ),
);

export const TestConnectionBody = Type.Object({ configId: Id({ description: 'The export target' }) });
export const TestConnectionResult = documentedOnly(
  Type.Object({ reachable: Type.Boolean(), httpStatus: Type.Integer({ description: '0 without an answer' }), message: Type.String() }),
);

export const ValidateBody = Type.Object({ definition: Definition });
export const ValidationResult = documentedOnly(
  Type.Object({ valid: Type.Boolean(), problems: Type.Array(Type.String(), { description: 'One per problem, each starting with its path' }) }),
);

export const PreviewBody = Type.Object({ definition: Definition, orderId: Id({ description: 'The order to render; nothing is sent' }) });
export const PreviewResult = documentedOnly(
  Type.Object({
    valid: Type.Boolean(),
    problems: Type.Array(Type.String(), { description: 'Validation problems; when present nothing is rendered' }),
    data: Type.Object({}, { additionalProperties: true, description: 'The fields that rendered' }),
    errors: Type.Unsafe<Record<string, string>>({ type: 'object', additionalProperties: { type: 'string' }, description: 'Render errors by payload path' }),
  }),
);

export const MappingExportBody = Type.Object({ definition: Definition, format: Format });
export const MappingText = documentedOnly(Type.Object({ content: Type.String(), format: Format }));

export const MappingImportBody = Type.Object({ content: Type.String(), format: Format });
export const MappingImportResult = documentedOnly(
  Type.Object({
    valid: Type.Boolean(),
    definition: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'When valid: the parsed definition (not validated)' })),
    error: Type.Optional(Type.String({ description: 'When not valid: where and what, e.g. "JSON syntax error at line 3, column 25: ..."' })),
  }),
);

const Credential = component(
  'OrderExportCredential',
  Type.Object({
    id: Id(),
    name: Type.String(),
    authType: StringEnum(AUTH_TYPES),
    publicMeta: Type.Object({}, { additionalProperties: true, description: 'headerName (api_key), username (basic), tokenUrl, clientId, scope (oauth2)' }),
    rotatedAt: Type.String({ format: 'date-time', nullable: true, description: 'Last secret rotation' }),
    secretSet: Type.Boolean({ description: 'Whether a secret is stored; secrets are never returned' }),
  }),
);
export const CredentialList = documentedOnly(Type.Object({ data: Type.Array(Credential) }));
export const CredentialOne = documentedOnly(Credential);
export const CredentialParams = IdParams('id');

export const CredentialSaveBody = Type.Object({
  id: Type.Optional(Id({ description: 'Absent creates a credential' })),
  name: Type.String(),
  authType: StringEnum(AUTH_TYPES),
  publicMeta: Type.Optional(Type.Object({}, { additionalProperties: true })),
  secret: Type.Optional(
    describedAs(Type.String({ nullable: true, writeOnly: true, description: 'Write-only; omit (or null) to keep the stored one' }), Type.Union([Type.String(), Type.Null()])),
  ),
});
export const CredentialSaveResult = documentedOnly(Type.Object({ id: Id(), secretSet: Type.Boolean() }));

export const ReplayParams = IdParams('attemptId');

export const RollbackParams = IdParams('mappingId');
export const RollbackBody = Type.Object({ version: Type.Integer({ minimum: 1, description: 'The version whose definition becomes current again' }) });
export const RollbackResult = documentedOnly(Type.Object({ mappingId: Id(), currentVersion: Type.Integer(), restoredVersion: Type.Integer() }));

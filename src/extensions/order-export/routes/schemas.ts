import { Type, type Static, type TLiteral } from '@sinclair/typebox';
import { AUTH_TYPES } from '../delivery/auth/credential-types.js';
import { MAPPING_TEXT_FORMATS } from '../mapping/mapping-text.js';
import { EXPORT_OUTCOMES } from '../records/values.js';

/** Request and response schemas of the extension's Admin API routes: validated by fastify, described in the OpenAPI document. */

const oneOf = <T extends readonly string[]>(values: T, description?: string) =>
  Type.Union(
    values.map((value) => Type.Literal(value)) as unknown as [TLiteral<T[number]>, ...TLiteral<T[number]>[]],
    description ? { description } : {},
  );
const Id = (description: string) => Type.String({ pattern: '^[0-9a-f]{32}$', description });
const Definition = Type.Unknown({ description: 'A mapping definition `{"fields": {...}}`; anything else is reported as a problem in the answer' });
const Format = oneOf(MAPPING_TEXT_FORMATS, 'json or yaml');

export const ExportBody = Type.Object({
  orderId: Id('The order'),
  configId: Id('The export target (must be active)'),
  forceReExport: Type.Optional(Type.Boolean({ description: 'Send a new revision even if the rendered payload is unchanged' })),
});
export type ExportBody = Static<typeof ExportBody>;

export const ExportResultSchema = Type.Object({
  outcome: oneOf(EXPORT_OUTCOMES),
  orderExportId: Type.String(),
  revision: Type.Integer({ description: 'Starts at 1 with the first export' }),
  correlationId: Type.String({ description: 'Sent as idempotency-key and webhook-id' }),
  attemptId: Type.String(),
});

export const TestConnectionBody = Type.Object({ configId: Id('The export target') });
export type TestConnectionBody = Static<typeof TestConnectionBody>;
export const TestConnectionResultSchema = Type.Object({ reachable: Type.Boolean(), httpStatus: Type.Integer({ description: '0 without an answer' }), message: Type.String() });

export const ValidateBody = Type.Object({ definition: Definition });
export type ValidateBody = Static<typeof ValidateBody>;
export const ValidationResultSchema = Type.Object({ valid: Type.Boolean(), problems: Type.Array(Type.String(), { description: 'One per problem, each starting with its path' }) });

export const PreviewBody = Type.Object({ definition: Definition, orderId: Id('The order to render; nothing is sent') });
export type PreviewBody = Static<typeof PreviewBody>;
export const PreviewResultSchema = Type.Object({
  valid: Type.Boolean(),
  problems: Type.Array(Type.String(), { description: 'Validation problems; when present nothing is rendered' }),
  data: Type.Record(Type.String(), Type.Unknown(), { description: 'The fields that rendered' }),
  errors: Type.Record(Type.String(), Type.String(), { description: 'Render errors by payload path' }),
});

export const MappingExportBody = Type.Object({ definition: Definition, format: Format });
export type MappingExportBody = Static<typeof MappingExportBody>;
export const MappingTextSchema = Type.Object({ content: Type.String(), format: Format });

export const MappingImportBody = Type.Object({ content: Type.String(), format: Format });
export type MappingImportBody = Static<typeof MappingImportBody>;
export const MappingImportResultSchema = Type.Union([
  Type.Object({ valid: Type.Literal(true), definition: Type.Record(Type.String(), Type.Unknown()) }),
  Type.Object({ valid: Type.Literal(false), error: Type.String() }),
]);

export const CredentialSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  authType: oneOf(AUTH_TYPES),
  publicMeta: Type.Record(Type.String(), Type.Unknown(), { description: 'headerName (api_key), username (basic), tokenUrl, clientId, scope (oauth2)' }),
  rotatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'Last secret rotation' }),
  secretSet: Type.Boolean({ description: 'Whether a secret is stored; secrets are never returned' }),
});
export const CredentialListSchema = Type.Object({ data: Type.Array(CredentialSchema) });
export const CredentialParams = Type.Object({ id: Type.String() });
export type CredentialParams = Static<typeof CredentialParams>;

export const CredentialSaveBody = Type.Object({
  id: Type.Optional(Id('Absent creates a credential')),
  name: Type.String(),
  authType: oneOf(AUTH_TYPES),
  publicMeta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  secret: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Write-only; omit (or null) to keep the stored one' })),
});
export type CredentialSaveBody = Static<typeof CredentialSaveBody>;
export const CredentialSaveResultSchema = Type.Object({ id: Type.String(), secretSet: Type.Boolean() });

export const ReplayParams = Type.Object({ attemptId: Type.String() });
export type ReplayParams = Static<typeof ReplayParams>;

export const RollbackParams = Type.Object({ mappingId: Type.String() });
export type RollbackParams = Static<typeof RollbackParams>;
export const RollbackBody = Type.Object({ version: Type.Integer({ minimum: 1, description: 'The version whose definition becomes current again' }) });
export type RollbackBody = Static<typeof RollbackBody>;
export const RollbackResultSchema = Type.Object({ mappingId: Type.String(), currentVersion: Type.Integer(), restoredVersion: Type.Integer() });

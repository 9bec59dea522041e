import { Type } from '@sinclair/typebox';
import { component, describedAs, documentedOnly, Id, IdParams, StringEnum } from '../../../platform/sdk/index.js';
import { AUTH_TYPES } from '../delivery/auth/credential-types.js';
import { MAPPING_TEXT_FORMATS } from '../mapping/mapping-text.js';
import { EXPORT_OUTCOMES, REPLAY_ORIGINS, REPLAY_RUN_STATUSES } from '../records/values.js';

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

export const OrderParams = IdParams('orderId');
export const ExportParams = IdParams('exportId');
export const TargetParams = IdParams('configId');
export const RunParams = IdParams('runId');

export const DiffQuery = Type.Object({
  from: Type.Integer({ minimum: 1, description: 'The older revision' }),
  to: Type.Integer({ minimum: 1, description: 'The newer revision' }),
});
export const DiffResult = documentedOnly(
  Type.Object({
    exportId: Id(),
    from: Type.Integer(),
    to: Type.Integer(),
    changes: Type.Array(
      Type.Object({
        path: Type.String({ description: 'e.g. `$.customer.email`, `$.lines[1].qty`' }),
        change: StringEnum(['added', 'removed', 'changed'] as const),
        old: Type.Optional(Type.Unknown()),
        new: Type.Optional(Type.Unknown()),
      }),
    ),
  }),
);

export const OrderView = documentedOnly(
  Type.Object({
    orderId: Id(),
    targets: Type.Array(
      Type.Object(
        {
          id: Id(),
          name: Type.String(),
          paused: Type.Boolean(),
          held: Type.Boolean({ description: 'An automatic export of this order waits for the target\'s resume' }),
          export: Type.Unknown({ description: 'null when never exported to this target; else status, revision, correlationId, deliveredAt, ackStatus, lastError' }),
          revisions: Type.Array(Type.Object({ revision: Type.Integer(), correlationId: Id(), sentAt: Type.String(), payload: Type.Unknown(), truncated: Type.Boolean() })),
          attempts: Type.Array(Type.Unknown(), { description: 'Newest first (100 at most), with request and answer; credentials are stored redacted' }),
        },
        { additionalProperties: true },
      ),
    ),
  }),
);

export const ReplayRunBody = Type.Object(
  {
    configId: Id({ description: 'The target' }),
    since: Type.Optional(Type.String({ format: 'date-time', description: 'Failed exports last tried at or after this time' })),
    until: Type.Optional(Type.String({ format: 'date-time', description: '...and before this time (default: now)' })),
    orderIds: Type.Optional(Type.Array(Id(), { minItems: 1, maxItems: 10_000, uniqueItems: true, description: 'Instead of (or within) the range: these orders\' failed exports' })),
  },
  { additionalProperties: false },
);
export const ReplayRun = documentedOnly(
  component(
    'OrderExportReplayRun',
    Type.Object({
      id: Id(),
      configId: Id(),
      origin: StringEnum(REPLAY_ORIGINS),
      status: StringEnum(REPLAY_RUN_STATUSES),
      total: Type.Integer(),
      processed: Type.Integer(),
      succeeded: Type.Integer(),
      failed: Type.Integer(),
      skipped: Type.Integer({ description: 'Already delivered (deduplicated), test orders the target does not take, orders gone' }),
      lastError: Type.String({ nullable: true }),
      createdAt: Type.String({ format: 'date-time' }),
      finishedAt: Type.String({ format: 'date-time', nullable: true }),
    }),
  ),
);
export const ResumeResult = documentedOnly(Type.Object({ configId: Id(), held: Type.Integer(), runId: Id({ nullable: true }) }));

export const TargetHealthList = documentedOnly(
  Type.Object({
    data: Type.Array(
      Type.Object({
        id: Id(),
        name: Type.String(),
        active: Type.Boolean(),
        paused: Type.Boolean(),
        pausedAt: Type.String({ format: 'date-time', nullable: true }),
        pauseReason: Type.String({ nullable: true }),
        consecutiveFailures: Type.Integer(),
        failingSince: Type.String({ format: 'date-time', nullable: true }),
        pauseAfterFailures: Type.Integer(),
        held: Type.Integer({ description: 'Orders waiting for the resume' }),
        failedExports: Type.Integer({ description: 'Exports whose last outcome is failed' }),
      }),
    ),
  }),
);

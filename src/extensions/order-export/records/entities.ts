import { isObjectLiteral, type EntityDefinition } from '../../../platform/sdk/index.js';
import { AUTH_TYPES } from '../delivery/auth/credential-types.js';
import { checkOutboundUrl } from '../delivery/outbound-guard.js';
import { generateSigningSecret, isValidSigningSecret } from '../delivery/standard-webhooks.js';
import { headerProblems, TARGET_METHODS, timeoutProblems } from '../delivery/target-settings.js';
import { validateMappingDefinition } from '../mapping/definition-validation.js';
import { ACK_MODES, ACK_VERDICTS, ATTEMPT_TRIGGERS, AUTO_EXPORT_TRIGGERS, EXPORT_OUTCOMES, REPLAY_ORIGINS, REPLAY_RUN_STATUSES } from './values.js';

// a validator answers how `The value of "<field>" ...` goes on: the entity layer writes the start
const asValidation = (problems: string[]) => (problems.length === 0 ? undefined : `is invalid: ${problems.join('; ')}`);

/**
 * Credentials: the secret is write-only (sealed at rest, never read or filtered through the API);
 * `rotatedAt` is stamped by a trigger whenever a secret is written. The credential routes give the
 * read shape with `secretSet` (never the secret) and check publicMeta against the auth type.
 */
export const credentialEntity: EntityDefinition = {
  name: 'ext_order_export_credential',
  fields: {
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    authType: { type: 'enum', required: true, values: AUTH_TYPES },
    publicMeta: {
      type: 'json',
      default: () => ({}),
      nullable: false,
      validate: (value) => (isObjectLiteral(value) && Object.values(value).every((v) => typeof v === 'string') ? undefined : 'must be an object of text values'),
    },
    secret: { type: 'secret', maxLength: 4096 },
    rotatedAt: { type: 'datetime', readOnly: true },
  },
  associations: {
    targets: { type: 'one-to-many', entity: 'ext_order_export_config', foreignKey: 'credentialId' },
  },
};

/** Mappings: `currentVersion` and the version rows are kept by triggers on every definition change. */
export const mappingEntity: EntityDefinition = {
  name: 'ext_order_export_mapping',
  fields: {
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    definition: { type: 'json', required: true, validate: (value) => asValidation(validateMappingDefinition(value).problems) },
    currentVersion: { type: 'int', readOnly: true },
  },
  associations: {
    versions: { type: 'one-to-many', entity: 'ext_order_export_mapping_version', foreignKey: 'mappingId', cascadeDelete: true },
    targets: { type: 'one-to-many', entity: 'ext_order_export_config', foreignKey: 'mappingId' },
  },
};

/** Immutable: written by the mapping's trigger only. */
export const mappingVersionEntity: EntityDefinition = {
  name: 'ext_order_export_mapping_version',
  readOnlyEntity: true,
  customFields: false,
  fields: {
    mappingId: { type: 'id', required: true },
    version: { type: 'int', required: true },
    definition: { type: 'json', required: true },
  },
  associations: {
    mapping: { type: 'many-to-one', entity: 'ext_order_export_mapping', foreignKey: 'mappingId' },
  },
  defaultSort: [{ field: 'version', order: 'ASC' }],
};

/**
 * Export targets. The URL's form is checked on write (http(s), no user:password); whether its address
 * is private is decided when connecting, by the setting in force then. The signing secret is
 * write-only and generated when absent.
 */
export const targetEntity: EntityDefinition = {
  name: 'ext_order_export_config',
  fields: {
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    active: { type: 'bool', default: true, nullable: false },
    url: {
      type: 'string',
      required: true,
      maxLength: 2048,
      validate: (value) => {
        const checked = checkOutboundUrl(value, { allowPrivateTargets: true });
        return checked.ok ? undefined : checked.problem;
      },
    },
    method: { type: 'enum', values: TARGET_METHODS, default: 'POST', nullable: false },
    headers: { type: 'json', default: () => ({}), nullable: false, validate: (value) => asValidation(headerProblems(value)) },
    timeoutMs: { type: 'int', default: 10_000, nullable: false, validate: (value) => asValidation(timeoutProblems(value)) },
    credentialId: { type: 'id' },
    mappingId: { type: 'id', required: true },
    ackMode: { type: 'enum', values: ACK_MODES, default: 'none', nullable: false },
    autoExport: { type: 'enum', values: AUTO_EXPORT_TRIGGERS, default: 'off', nullable: false },
    signingSecret: {
      type: 'secret',
      default: () => generateSigningSecret(),
      nullable: false,
      validate: (value) => (isValidSigningSecret(value) ? undefined : 'must be "whsec_" followed by the base64 of 24 to 64 bytes'),
    },
    // health: kept by the exports; resuming goes through the resume route (it replays what was held)
    paused: { type: 'bool', readOnly: true },
    pausedAt: { type: 'datetime', readOnly: true },
    pauseReason: { type: 'string', readOnly: true },
    consecutiveFailures: { type: 'int', readOnly: true },
    failingSince: { type: 'datetime', readOnly: true },
    pauseAfterFailures: { type: 'int', default: 20, nullable: false, validate: (value) => (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 100_000 ? undefined : 'must be a whole number from 1 to 100000') },
    includeTestOrders: { type: 'bool', default: false, nullable: false },
    maxPerSecond: { type: 'int', validate: (value) => (value === null || (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 1000) ? undefined : 'must be a whole number from 1 to 1000, or null') },
  },
  associations: {
    credential: { type: 'many-to-one', entity: 'ext_order_export_credential', foreignKey: 'credentialId' },
    mapping: { type: 'many-to-one', entity: 'ext_order_export_mapping', foreignKey: 'mappingId' },
    exports: { type: 'one-to-many', entity: 'ext_order_export', foreignKey: 'configId', cascadeDelete: true },
    replayRuns: { type: 'one-to-many', entity: 'ext_order_export_replay_run', foreignKey: 'configId', cascadeDelete: true },
  },
};

/** One per order and target; written by the export only. */
export const exportEntity: EntityDefinition = {
  name: 'ext_order_export',
  readOnlyEntity: true,
  customFields: false,
  fields: {
    orderId: { type: 'id', required: true },
    configId: { type: 'id', required: true },
    revision: { type: 'int', required: true },
    payloadHash: { type: 'string', required: true },
    correlationId: { type: 'id', required: true },
    status: { type: 'enum', values: EXPORT_OUTCOMES, required: true },
    payload: { type: 'text', required: true },
    mappingVersionId: { type: 'id' },
    deliveredAt: { type: 'datetime' },
    ackStatus: { type: 'enum', values: ACK_VERDICTS },
    acknowledgedAt: { type: 'datetime' },
    ackReference: { type: 'string', maxLength: 255 },
    lastError: { type: 'text' },
  },
  associations: {
    order: { type: 'many-to-one', entity: 'order', foreignKey: 'orderId' },
    config: { type: 'many-to-one', entity: 'ext_order_export_config', foreignKey: 'configId' },
    mappingVersion: { type: 'many-to-one', entity: 'ext_order_export_mapping_version', foreignKey: 'mappingVersionId' },
    attempts: { type: 'one-to-many', entity: 'ext_order_export_attempt', foreignKey: 'exportId', cascadeDelete: true },
  },
};

/** Every delivery attempt (and every deduplicated export), secrets redacted, bodies cut at 64 KiB. */
export const attemptEntity: EntityDefinition = {
  name: 'ext_order_export_attempt',
  readOnlyEntity: true,
  customFields: false,
  fields: {
    exportId: { type: 'id', required: true },
    revision: { type: 'int', required: true },
    correlationId: { type: 'id', required: true },
    trigger: { type: 'enum', values: ATTEMPT_TRIGGERS, required: true },
    outcome: { type: 'enum', values: EXPORT_OUTCOMES, required: true },
    startedAt: { type: 'datetime', required: true },
    durationMs: { type: 'int', required: true },
    requestUrl: { type: 'string' },
    requestMethod: { type: 'string' },
    requestHeaders: { type: 'json' },
    requestBody: { type: 'text' },
    requestBodyTruncated: { type: 'bool' },
    responseStatus: { type: 'int' },
    responseHeaders: { type: 'json' },
    responseBody: { type: 'text' },
    responseBodyTruncated: { type: 'bool' },
    error: { type: 'text' },
  },
  associations: {
    export: { type: 'many-to-one', entity: 'ext_order_export', foreignKey: 'exportId' },
  },
  defaultSort: [{ field: 'startedAt', order: 'ASC' }],
};

/** Bulk replays of a target's failed (or held) exports, with their progress; written by the replay routes and the worker. */
export const replayRunEntity: EntityDefinition = {
  name: 'ext_order_export_replay_run',
  readOnlyEntity: true,
  customFields: false,
  fields: {
    configId: { type: 'id', required: true },
    origin: { type: 'enum', values: REPLAY_ORIGINS, required: true },
    since: { type: 'datetime' },
    until: { type: 'datetime' },
    orderIds: { type: 'json', required: true },
    status: { type: 'enum', values: REPLAY_RUN_STATUSES, required: true },
    total: { type: 'int', required: true },
    processed: { type: 'int', required: true },
    succeeded: { type: 'int', required: true },
    failed: { type: 'int', required: true },
    skipped: { type: 'int', required: true },
    lastError: { type: 'text' },
    finishedAt: { type: 'datetime' },
  },
  associations: {
    config: { type: 'many-to-one', entity: 'ext_order_export_config', foreignKey: 'configId' },
  },
  defaultSort: [{ field: 'createdAt', order: 'DESC' }],
};

export const entities: EntityDefinition[] = [credentialEntity, mappingEntity, mappingVersionEntity, targetEntity, exportEntity, attemptEntity, replayRunEntity];

import type { EntityDefinition } from '../entities/definition.js';
import { EXPORTABLE_ENTITIES } from './default-profiles.js';

/**
 * Shopware's `import_export_profile`: which entity, the CSV dialect and the mapping of CSV columns to entity
 * field paths. Editable through the generic routes (`/api/import-export-profile`, `import_export_profile:*`).
 */
export const importExportProfileEntity: EntityDefinition = {
  name: 'import_export_profile',
  fields: {
    label: { type: 'string', required: true, maxLength: 255, searchable: true },
    technicalName: { type: 'string', maxLength: 255 },
    sourceEntity: { type: 'enum', values: EXPORTABLE_ENTITIES, required: true },
    type: { type: 'enum', values: ['import-export', 'export'], default: 'import-export' },
    delimiter: { type: 'string', maxLength: 4, default: ';', validate: (v) => (typeof v === 'string' && v.length === 1 && !/["\r\n]/.test(v) ? undefined : 'must be one character, not a quote or line break') },
    enclosure: { type: 'string', maxLength: 4, default: '"', validate: (v) => (typeof v === 'string' && v.length === 1 && !/[\r\n]/.test(v) ? undefined : 'must be one character') },
    mapping: { type: 'json', default: [], validate: validateMapping },
    systemDefault: { type: 'bool', readOnly: true, default: false },
  },
  associations: {},
};

/** One run's record (`import_export_log`): state, tally and rejected rows in `result`. Written by the runs only. */
export const importExportLogEntity: EntityDefinition = {
  name: 'import_export_log',
  readOnlyEntity: true,
  fields: {
    profileId: { type: 'id' },
    profileName: { type: 'string', maxLength: 255 },
    fileId: { type: 'id' },
    invalidRecordsFileId: { type: 'id' },
    activity: { type: 'enum', values: ['import', 'export'], required: true },
    state: { type: 'enum', values: ['pending', 'progress', 'succeeded', 'failed'], required: true },
    dryRun: { type: 'bool', default: false },
    records: { type: 'int', default: 0 },
    result: { type: 'json' },
    userId: { type: 'id' },
    username: { type: 'string', maxLength: 255 },
    startedAt: { type: 'datetime' },
    finishedAt: { type: 'datetime' },
  },
  associations: {
    profile: { type: 'many-to-one', entity: 'import_export_profile', foreignKey: 'profileId' },
    file: { type: 'many-to-one', entity: 'import_export_file', foreignKey: 'fileId' },
  },
};

/** An uploaded or exported file's metadata; its bytes are read by the download route only. */
export const importExportFileEntity: EntityDefinition = {
  name: 'import_export_file',
  readOnlyEntity: true,
  customFields: false,
  fields: {
    originalName: { type: 'string', required: true, maxLength: 255 },
    size: { type: 'int', required: true },
    expireDate: { type: 'datetime', required: true },
  },
  associations: {},
};

function validateMapping(value: unknown): string | undefined {
  if (!Array.isArray(value)) return 'must be a list of {key, mappedKey}';
  const headers = new Set<string>();
  for (const entry of value) {
    const { key, mappedKey } = (entry ?? {}) as { key?: unknown; mappedKey?: unknown };
    if (typeof key !== 'string' || typeof mappedKey !== 'string' || !key || !mappedKey) return 'must be a list of {key, mappedKey} with non-empty strings';
    if (headers.has(mappedKey)) return `names the column "${mappedKey}" twice`;
    headers.add(mappedKey);
  }
  return undefined;
}

export const importExportEntities = [importExportProfileEntity, importExportLogEntity, importExportFileEntity];

import type { EntityDefinition } from '../entities/definition.js';

/**
 * Shopware's `scheduled_task`, read through the Admin API (`/api/scheduled-task`, `/api/search/scheduled-task`):
 * the scheduler writes the rows from the declared tasks, so the API does not.
 */
export const scheduledTaskEntity: EntityDefinition = {
  name: 'scheduled_task',
  readOnlyEntity: true,
  customFields: false,
  fields: {
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    /** The extension that declared it; empty for the host's own. */
    owner: { type: 'string', maxLength: 255 },
    /** Seconds between runs. */
    runInterval: { type: 'int', required: true },
    status: { type: 'enum', values: ['scheduled', 'running', 'failed', 'inactive'], required: true },
    lastExecutionTime: { type: 'datetime' },
    nextExecutionTime: { type: 'datetime', required: true },
    /** How the last run failed (the error's message only). */
    lastError: { type: 'string', maxLength: 1000 },
  },
};

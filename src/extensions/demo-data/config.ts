import type { CustomFieldSetDeclaration } from '../../platform/sdk/index.js';

export const EXTENSION_NAME = 'ExtDemoData';

/** Queue a run and read its status (Admin API). */
export const GENERATE_PRIVILEGE = 'ext_demo_data:generate';
/** Create or rotate the read-only Administration user (Admin API). */
export const MANAGE_USER_PRIVILEGE = 'ext_demo_data:manage_user';

/** The status record of the current or last run: outside `.config.` so the settings form never shows it. */
export const LAST_RUN_KEY = `${EXTENSION_NAME}.runtime.lastRun`;
/** The largest scope any run seeded (products per category), so a removal knows every id it may have made. */
export const SEEDED_SCOPE_KEY = `${EXTENSION_NAME}.runtime.seeded`;
/** One active run across the command line, the queue and every process. */
export const RUN_LEASE_NAME = 'ext_demo_data.run';
export const RUN_QUEUE = 'ext_demo_data.run';

export const CUSTOM_FIELD_SET = 'ext_demo_data';
export const SOURCE_KEY_FIELD = 'ext_demo_data_source_key';
export const GENERATED_FIELD = 'ext_demo_data_generated';
export const CHANNEL_KEY_FIELD = 'ext_demo_data_channel_key';

export const demoDataCustomFieldSet: CustomFieldSetDeclaration = {
  name: CUSTOM_FIELD_SET,
  label: { 'en-GB': 'Demo data' },
  relations: ['product', 'category'],
  fields: [
    { name: SOURCE_KEY_FIELD, type: 'text', label: { 'en-GB': 'Demo data source key' } },
    { name: GENERATED_FIELD, type: 'bool', label: { 'en-GB': 'Generated demo data' } },
    { name: CHANNEL_KEY_FIELD, type: 'text', label: { 'en-GB': 'Demo data channel' } },
  ],
};

/** The custom fields a generated product or category is created with (never written to adopted rows). */
export function demoCustomFields(key: string, channel: string): Record<string, unknown> {
  return { [SOURCE_KEY_FIELD]: key, [GENERATED_FIELD]: true, [CHANNEL_KEY_FIELD]: channel };
}

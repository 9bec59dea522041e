import { defineConfig, setting } from '../../platform/sdk/index.js';

export const EXTENSION_NAME = 'ExtOrderExport';

/**
 * `ExtOrderExport.config.*`. Only one setting: whether targets (and OAuth token endpoints) may resolve to
 * private, loopback or link-local addresses. Off by default, so a merchant-supplied URL cannot reach the
 * shop's own network; tests and shops whose ERP sits in their own network turn it on.
 */
export const orderExportConfig = defineConfig(EXTENSION_NAME, {
  cards: { delivery: 'Delivery' },
  fields: {
    allowPrivateTargets: setting.boolean({
      card: 'delivery',
      label: 'Allow private targets',
      helpText: 'Lets export targets and token URLs resolve to private, loopback and link-local addresses.',
      default: false,
      scope: 'global',
    }),
  },
});

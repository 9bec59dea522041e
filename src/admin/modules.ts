import type { AdminModule } from './sdk';
import orders from './modules/orders';
import settings from './modules/settings';

/**
 * Every module: the platform's own and each extension's `src/extensions/<name>/admin/index.tsx`, found
 * by Vite at build time. The shell names no extension: adding the folder adds the module.
 */
const extensionModules = Object.values(import.meta.glob<{ default: AdminModule }>('../extensions/*/admin/index.tsx', { eager: true })).map(
  (file) => file.default,
);

export const modules: AdminModule[] = [orders, settings, ...extensionModules];

import type { AdminModule } from './sdk';

/**
 * Every module: the platform's own (`src/admin/modules/<name>/index.tsx`) and each extension's
 * (`src/extensions/<name>/admin/index.tsx`), found by Vite at build time. The shell names no module:
 * adding the folder adds it, so two modules can be built side by side without touching a shared list.
 */
function defaults(files: Record<string, { default: AdminModule }>): AdminModule[] {
  return Object.keys(files)
    .sort()
    .map((path) => files[path]!.default);
}

const platformModules = defaults(import.meta.glob<{ default: AdminModule }>('./modules/*/index.tsx', { eager: true }));
const extensionModules = defaults(import.meta.glob<{ default: AdminModule }>('../extensions/*/admin/index.tsx', { eager: true }));

export const modules: AdminModule[] = [...platformModules, ...extensionModules];

import type { PlatformServices } from '../platform-services.js';
import type { ConsoleCommand } from './command.js';

/**
 * A command of the platform itself, run with the services it names, e.g.
 * `PlatformCommand<'db' | 'systemConfig'>`. Kept apart from command.ts: the declarations every
 * extension imports must not reach the platform's services.
 */
export type PlatformCommand<Uses extends keyof PlatformServices = keyof PlatformServices> = ConsoleCommand<Pick<PlatformServices, Uses>>;

import type { Declarations } from './declarations.js';
import type { PlatformServices } from './platform-services.js';

/**
 * A part of the platform itself (not an extension): the shared declarations, handed the platform's
 * services (each hook and route registrar names the ones it uses, `Pick<PlatformServices, …>`), plus
 * what it sets up on every boot. `modules.ts` lists them in dependency order.
 */
export interface PlatformModule extends Declarations<PlatformServices> {
  name: string;
  /** Runs on every boot after migrations; must be idempotent (first-start records). */
  boot?(platform: PlatformServices): Promise<void>;
}

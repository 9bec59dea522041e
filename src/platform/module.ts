import type { Declarations } from './declarations.js';
import type { Platform } from './kernel.js';

/**
 * A part of the platform itself (not an extension): the shared declarations, handed the whole
 * platform, plus what it sets up on every boot. `modules.ts` lists them in dependency order.
 */
export interface PlatformModule extends Declarations<Platform> {
  name: string;
  /** Runs on every boot after migrations; must be idempotent (first-start records). */
  boot?(platform: Platform): Promise<void>;
}

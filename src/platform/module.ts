import type { FastifyInstance } from 'fastify';
import type { Migration } from './database/migrations.js';
import type { EntityDefinition } from './entities/definition.js';
import type { ConsoleCommand } from './console/command.js';
import type { Platform } from './kernel.js';

/**
 * A part of the platform itself (not an extension): its schema, entities, console commands, routes
 * and what it sets up on first start. `modules.ts` lists them in dependency order.
 */
export interface PlatformModule {
  name: string;
  /** Names are global to the platform and sort in apply order, e.g. `0010_order`. */
  migrations?: Migration[];
  entities?: EntityDefinition[];
  commands?: ConsoleCommand[];
  routes?(app: FastifyInstance, platform: Platform): void | Promise<void>;
  /** Runs on every boot after migrations; must be idempotent (first-start records). */
  boot?(platform: Platform): Promise<void>;
}

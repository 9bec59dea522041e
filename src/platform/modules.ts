import type { Migration } from './database/migrations.js';
import type { EntityDefinition } from './entities/definition.js';
import type { ConsoleCommand } from './console/command.js';
import { authMigration } from './admin-api/auth/migration.js';
import { authEntities } from './admin-api/auth/entities.js';
import { extensionMigration } from './extension-manager/migration.js';
import { systemConfigMigration } from './system-config/migration.js';
import { customFieldMigration } from './custom-fields/migration.js';
import { customFieldEntities } from './custom-fields/entities.js';
import { extensionCommands } from './console/commands/extension.js';
import { userCreateCommand } from './console/commands/user-create.js';
import { integrationCreateCommand } from './console/commands/integration-create.js';
import { systemConfigGetCommand, systemConfigSetCommand } from './console/commands/system-config.js';
import { workerCommand } from './console/commands/worker.js';

/** The platform's own schema, in order. Extensions bring their own migrations. */
export const platformMigrations: Migration[] = [authMigration, extensionMigration, systemConfigMigration, customFieldMigration];

/** The platform's own entities, reachable through the generic Admin API routes. */
export const platformEntities: EntityDefinition[] = [...authEntities, ...customFieldEntities];

/** The platform's own `bin/console` commands. */
export const platformCommands: ConsoleCommand[] = [
  ...extensionCommands,
  userCreateCommand,
  integrationCreateCommand,
  systemConfigGetCommand,
  systemConfigSetCommand,
  workerCommand,
];

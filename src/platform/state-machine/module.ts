import type { PlatformModule } from '../module.js';
import { stateMachineEntities } from './entities.js';
import { stateMachineMigration } from './migration.js';
import { registerStateMachineRoutes } from './routes.js';

/** State machines: schema and seeded machines, read-only entities, transition routes. The service is `platform.stateMachines`. */
export const stateMachineModule: PlatformModule = {
  name: 'state-machine',
  migrations: [stateMachineMigration],
  entities: stateMachineEntities,
  routes: registerStateMachineRoutes,
};

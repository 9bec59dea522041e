import type { PlatformModule } from '../module.js';
import { systemMigration } from './migration.js';
import { salutationCountryStateMigration } from './migration-salutation-country-state.js';
import { customerGroupRegistrationMigration } from './migration-customer-group-registration.js';
import { systemEntities } from './entities.js';

export const systemModule: PlatformModule = {
  name: 'system',
  migrations: [systemMigration, salutationCountryStateMigration, customerGroupRegistrationMigration],
  entities: systemEntities,
};

import type { PlatformModule } from '../module.js';
import { systemMigration } from './migration.js';
import { salutationCountryStateMigration } from './migration-salutation-country-state.js';
import { customerGroupRegistrationMigration } from './migration-customer-group-registration.js';
import { systemEntities } from './entities.js';
import { taxRuleMigration } from './tax-rule/migration.js';
import { taxRuleEntity, taxRuleTypeEntity } from './tax-rule/entities.js';
import { taxRuleDataCheck } from './tax-rule/tax-rule-data-check.js';

export const systemModule: PlatformModule = {
  name: 'system',
  migrations: [systemMigration, salutationCountryStateMigration, customerGroupRegistrationMigration, taxRuleMigration],
  entities: [...systemEntities, taxRuleTypeEntity, taxRuleEntity],
  subscribers: [taxRuleDataCheck],
};

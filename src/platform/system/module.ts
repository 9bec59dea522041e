import type { PlatformModule } from '../module.js';
import { systemMigration } from './migration.js';
import { salutationCountryStateMigration } from './migration-salutation-country-state.js';
import { customerGroupRegistrationMigration } from './migration-customer-group-registration.js';
import { systemEntities } from './entities.js';
import { taxRuleMigration } from './tax-rule/migration.js';
import { taxRuleEntity, taxRuleTypeEntity } from './tax-rule/entities.js';
import { taxRuleDataCheck } from './tax-rule/tax-rule-data-check.js';
import { snippetMigration } from './snippet/migration.js';
import { snippetEntity, snippetSetEntity } from './snippet/entities.js';
import { registerSnippetRoutes } from './snippet/snippet-routes.js';
import { registerNumberRangeRoutes } from './number-range-routes.js';

export const systemModule: PlatformModule = {
  name: 'system',
  migrations: [systemMigration, salutationCountryStateMigration, customerGroupRegistrationMigration, taxRuleMigration, snippetMigration],
  entities: [...systemEntities, taxRuleTypeEntity, taxRuleEntity, snippetSetEntity, snippetEntity],
  subscribers: [taxRuleDataCheck],
  // the Store API's snippet route (the Store API context hook covers it like every /store-api route); the
  // Admin API's number range actions
  routes: (app, platform) => {
    registerSnippetRoutes(app, platform);
    registerNumberRangeRoutes(app, platform.db);
  },
};

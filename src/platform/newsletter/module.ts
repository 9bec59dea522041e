import type { PlatformModule } from '../module.js';
import { newsletterRecipientMigration } from './migration.js';
import { registerFormRoutes } from './routes.js';

/** The newsletter's recipients and double opt-in, and the contact form: Store API routes that mail. */
export const formsModule: PlatformModule = {
  name: 'forms',
  migrations: [newsletterRecipientMigration],
  routes(app, platform) {
    registerFormRoutes(app, platform);
  },
};

import type { PlatformModule } from '../module.js';
import { seoUrlEntity } from './entities.js';
import { seoUrlMigration } from './migration.js';
import { seoUrlSubscribers } from './seo-url-subscribers.js';
import { sitemapGenerateCommand, sitemapHandler } from './sitemap-job.js';
import { registerSeoStoreApiRoutes } from './store-api-seo-routes.js';
import { registerSeoUrlCanonicalRoute } from './seo-url-canonical.js';

/**
 * SEO URLs of products, categories and landing pages per sales channel and language, brought up to date
 * after every catalogue write, and the sitemaps built from them by a queued job. The storefront serves its
 * pages under them (storefront/pages/seo-paths.ts). A merchant may give a page a path of its own
 * (`PATCH /api/_action/seo-url/canonical`, seo-url-canonical.ts), which the template's path then leaves alone.
 */
export const seoModule: PlatformModule = {
  name: 'seo',
  migrations: [seoUrlMigration],
  entities: [seoUrlEntity],
  subscribers: seoUrlSubscribers,
  messageHandlers: [sitemapHandler],
  commands: [sitemapGenerateCommand],
  routes: (app, platform) => {
    registerSeoStoreApiRoutes(app, platform);
    registerSeoUrlCanonicalRoute(app, platform);
  },
};

import type { PlatformModule } from '../module.js';
import { catalogMigration } from './migration.js';
import { categoryTreeMovesMigration } from './migration-category-tree-moves.js';
import { productPriceMigration } from './migration-product-price.js';
import { listingVersionMigration } from './migration-listing-version.js';
import { listingVersionReportsMigration } from './migration-listing-version-reports.js';
import { productCreatedOrderMigration } from './migration-product-created-order.js';
import { listingVersionFiltersMigration } from './migration-listing-version-filters.js';
import { deliveryTimeMigration } from './migration-delivery-time.js';
import { translationsMigration } from './migration-translations.js';
import { productMetaReviewCommentMigration } from './migration-product-meta-review-comment.js';
import { catalogEntities } from './entities.js';
import { registerCatalogStoreApiRoutes } from './store/store-api-routes.js';

export const catalogModule: PlatformModule = {
  name: 'catalog',
  migrations: [catalogMigration, categoryTreeMovesMigration, productPriceMigration, listingVersionMigration, listingVersionReportsMigration, productCreatedOrderMigration, listingVersionFiltersMigration, deliveryTimeMigration, translationsMigration, productMetaReviewCommentMigration],
  entities: catalogEntities,
  routes: (app, platform) => registerCatalogStoreApiRoutes(app, platform),
};

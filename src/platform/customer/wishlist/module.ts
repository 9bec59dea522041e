import type { PlatformModule } from '../../module.js';
import { registerWishlistRoutes } from '../../store-api/wishlist-routes.js';
import { customerWishlistMigration } from './migration.js';

/** The customer's wishlist: its tables (after the catalogue's, which they reference) and Store API routes. */
export const wishlistModule: PlatformModule = {
  name: 'wishlist',
  migrations: [customerWishlistMigration],
  routes(app, platform) {
    registerWishlistRoutes(app, platform);
  },
};

import type { Db } from '../database/connection.js';
import type { SalesChannelContext } from '../sales-channel/context/sales-channel-context.js';
import { loadProductListing } from '../catalog/store/product-listing.js';
import { readListingRequest } from '../catalog/store/product-listing-request.js';
import { findChannelCategory } from '../catalog/store/category-scope.js';
import { productListingJson, storeProductsJson } from '../catalog/store/store-product-list-json.js';
import type { CmsResolveDeps } from './resolve-cms-slots.js';

/**
 * What a product-listing slot shows: the category's listing as the Store API's listing route answers it,
 * with the request's listing parameters (`order`, `p`, `limit`, filters). Read only when a slot asks.
 */
export function categoryListingLoader(db: Db, deps: CmsResolveDeps, context: SalesChannelContext, categoryId: string, input: Readonly<Record<string, unknown>>) {
  return async () => {
    const category = await findChannelCategory(db, context, categoryId);
    const listing = await loadProductListing(db, deps, context, { kind: 'category', category }, readListingRequest(input));
    return productListingJson(listing, await storeProductsJson(db, deps.registry, context, listing.elements), category.id);
  };
}

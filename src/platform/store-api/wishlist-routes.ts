import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { StoreCriteriaBody } from '../catalog/store/store-api-schemas.js';
import { parseStoreApiCriteria, STORE_API_MAX_LIMIT } from '../catalog/store/store-api-criteria.js';
import { DEFAULT_LISTING_SORT } from '../catalog/store/product-listing-sortings.js';
import { productListingJson, storeProductsJson } from '../catalog/store/store-product-list-json.js';
import { addWishlistProduct, assertWishlistEnabled, loadWishlist, mergeWishlistProducts, removeWishlistProduct } from '../customer/wishlist/wishlist.js';
import { documentedOnly, typed } from '../http/schemas/index.js';
import type { PlatformServices } from '../platform-services.js';
import { requireCustomer } from './require-customer.js';
import { includeSeoUrls } from './store-api-headers.js';
import { StoreApiHeaders, storeApiErrors } from './store-api-schemas.js';

const SuccessResponse = documentedOnly(Type.Object({ success: Type.Boolean() }, { description: 'Done.' }));
const WishlistResponse = documentedOnly(
  Type.Object(
    { wishlist: Type.Object({ customerId: Type.String(), salesChannelId: Type.String() }), products: Type.Unknown({ description: 'A ProductListingResult of the products the channel shows.' }) },
    { description: 'The wishlist and its products, newest first.' },
  ),
);
const MergeBody = documentedOnly(Type.Object({ productIds: Type.Array(Type.String()) }, { description: 'Product ids to add; unknown ones and those on the list are skipped.' }));
const ProductIdParams = Type.Object({ productId: Type.String() });
const FORBIDDEN = { 403: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN (no customer, or a guest), or CHECKOUT__WISHLIST_IS_NOT_ACTIVATED (`core.cart.wishlistEnabled` off).' };

/** Shopware's wishlist routes of the logged-in customer. */
export function registerWishlistRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'entities' | 'env' | 'systemConfig'>): void {
  const routes = typed(app);
  const tags = ['Wishlist'];
  /** The customer, once the channel offers the wishlist (Shopware checks the setting first). */
  const wishlistCustomer = async (request: FastifyRequest) => {
    await assertWishlistEnabled(platform, request.salesChannelContext.salesChannel.id);
    return requireCustomer(request);
  };

  routes.post(
    '/store-api/customer/wishlist',
    { schema: { tags, summary: 'The customer\'s wishlist with its products', headers: StoreApiHeaders, body: StoreCriteriaBody, response: { 200: WishlistResponse, ...storeApiErrors({ 400: 'Invalid criteria.', ...FORBIDDEN, 404: 'CHECKOUT__WISHLIST_NOT_FOUND: the customer has no wishlist yet.' }) } } },
    async (request) => {
      const customer = await wishlistCustomer(request);
      const context = request.salesChannelContext;
      const criteria = parseStoreApiCriteria('POST', request.body ?? {}, undefined, 'product', platform.entities);
      const limit = criteria.limit ?? STORE_API_MAX_LIMIT;
      const page = criteria.page ?? 1;
      const wishlist = await loadWishlist(platform, context, customer.id, { limit, offset: (page - 1) * limit });
      const elements = await storeProductsJson(platform.db, platform.entities, context, wishlist.products, { seoUrls: includeSeoUrls(request) });
      const listing = {
        total: wishlist.total,
        elements: wishlist.products,
        page,
        limit,
        sorting: DEFAULT_LISTING_SORT,
        filters: { manufacturer: [], properties: [], minPrice: null, maxPrice: null, rating: null, shippingFree: false },
        aggregations: null,
      };
      return { wishlist: { customerId: customer.id, salesChannelId: context.salesChannel.id }, products: productListingJson(listing, elements, context.salesChannel.navigationCategoryId) };
    },
  );

  routes.post(
    '/store-api/customer/wishlist/add/:productId',
    { schema: { tags, summary: 'Add a product to the wishlist', headers: StoreApiHeaders, params: ProductIdParams, response: { 200: SuccessResponse, ...storeApiErrors({ 400: 'No product of the channel (PRODUCT__PRODUCT_NOT_FOUND), or CHECKOUT__DUPLICATE_WISHLIST_PRODUCT.', ...FORBIDDEN }) } } },
    async (request) => {
      const customer = await wishlistCustomer(request);
      await addWishlistProduct(platform, request.salesChannelContext, customer.id, request.params.productId);
      return { success: true };
    },
  );

  routes.delete(
    '/store-api/customer/wishlist/delete/:productId',
    { schema: { tags, summary: 'Remove a product from the wishlist', headers: StoreApiHeaders, params: ProductIdParams, response: { 200: SuccessResponse, ...storeApiErrors({ ...FORBIDDEN, 404: 'CHECKOUT__WISHLIST_PRODUCT_NOT_FOUND: not on the wishlist.' }) } } },
    async (request) => {
      const customer = await wishlistCustomer(request);
      await removeWishlistProduct(platform, request.salesChannelContext, customer.id, request.params.productId);
      return { success: true };
    },
  );

  routes.post(
    '/store-api/customer/wishlist/merge',
    { schema: { tags, summary: 'Add several products to the wishlist (a guest\'s list after login)', headers: StoreApiHeaders, body: MergeBody, response: { 200: SuccessResponse, ...storeApiErrors({ 400: 'No `productIds` array, or a malformed id.', ...FORBIDDEN }) } } },
    async (request) => {
      const customer = await wishlistCustomer(request);
      await mergeWishlistProducts(platform, request.salesChannelContext, customer.id, request.body);
      return { success: true };
    },
  );
}

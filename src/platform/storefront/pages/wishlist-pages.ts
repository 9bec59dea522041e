import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors/app-error.js';
import { WISHLIST_ENABLED_KEY, addWishlistProduct, assertWishlistEnabled, loadWishlist, removeWishlistProduct, wishlistProductIds } from '../../customer/wishlist/wishlist.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { LOGIN_PATH, addFlash, redirectWithFlash, renderPage, safeLocalPath, storefrontRoutes } from '../http/index.js';
import { formFields } from './form-input.js';
import { keepForGuest } from './guest-wishlist.js';
import { loadSalesChannelProducts } from '../../catalog/store/sales-channel-product-loader.js';
import { isId } from '../../ids.js';
import type { StorefrontServices } from './storefront-services.js';

const WISHLIST_PATH = '/wishlist';
// a page this long holds any wishlist a shopper keeps; the Store API pages longer ones
const WISHLIST_PAGE_LIMIT = 100;
const ProductParams = { params: Type.Object({ productId: Type.String() }) };

/** A guest's heart: the product (one the channel shows) is kept for the login, where it joins the wishlist. */
async function keepGuestHeart(services: StorefrontServices, request: FastifyRequest<{ Params: { productId: string } }>, reply: FastifyReply, back: string) {
  const context = await services.contexts.storedContextOf(request, reply);
  const productId = request.params.productId.toLowerCase();
  const [shown] = isId(productId) ? await loadSalesChannelProducts(services.platform.db, context, [productId]) : [];
  if (!shown) return redirectWithFlash(reply, back, 'danger', 'This product cannot be added to your wishlist.');
  await keepForGuest(services.platform.db, context, shown.id);
  addFlash(reply, 'info', 'Log in or create an account to keep this product on your wishlist.');
  return reply.redirect(`${LOGIN_PATH}?redirectTo=${encodeURIComponent(back)}`, 302);
}

/**
 * What the hearts of a page show: the ids on the customer's wishlist in this channel ([] for a guest, whose heart
 * leads to the login page), or undefined when the channel has the wishlist off (no hearts). One query.
 */
export async function wishlistOfPage(services: Pick<StorefrontServices, 'platform'>, context: SalesChannelContext, customerId: string | undefined): Promise<string[] | undefined> {
  const { platform } = services;
  if ((await platform.systemConfig.get(WISHLIST_ENABLED_KEY, context.salesChannel.id)) === false) return undefined;
  return customerId ? wishlistProductIds(platform, context, customerId) : [];
}

/**
 * The logged-in customer's wishlist: its page, and adding and removing products from any page (the
 * heart of `_partials/wishlist-button.njk`). A guest's heart keeps the product under the guest's context token
 * (server-side, guest-wishlist.ts) and leads to the login page: logging in or registering merges it into the
 * customer's wishlist (Shopware's merge at login).
 */
export function registerWishlistPages(app: FastifyInstance, services: StorefrontServices): void {
  const { platform, contexts } = services;
  const routes = storefrontRoutes(app);

  routes.page(
    WISHLIST_PATH,
    async (request, reply) => {
      const context = await contexts.contextOf(request);
      await assertWishlistEnabled(platform, context.salesChannel.id);
      const products = await loadWishlist(platform, context, request.storefront.customer.id, { limit: WISHLIST_PAGE_LIMIT, offset: 0 }).then(
        (wishlist) => wishlist.products,
        (error: unknown) => {
          // no wishlist yet: an empty one
          if (error instanceof AppError && error.code === 'CHECKOUT__WISHLIST_NOT_FOUND') return [];
          throw error;
        },
      );
      return renderPage(reply, 'page/wishlist.njk', {
        currency: context.currency,
        products: products.map((product) => ({ id: product.id, name: product.name, url: `/detail/${product.id}`, cover: product.cover, unitPrice: product.calculatedPrice.unitPrice, available: product.available })),
      });
    },
    { requireCustomer: true },
  );

  routes.formPost(
    '/wishlist/add/:productId',
    async (request, reply) => {
      const back = safeLocalPath(formFields(request.body).redirectTo, WISHLIST_PATH);
      const context = await contexts.contextOf(request);
      await assertWishlistEnabled(platform, context.salesChannel.id);
      const customer = request.storefront.customer;
      if (!customer) return keepGuestHeart(services, request, reply, back);
      try {
        await addWishlistProduct(platform, context, customer.id, request.params.productId);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'CHECKOUT__DUPLICATE_WISHLIST_PRODUCT') return redirectWithFlash(reply, back, 'info', 'This product is already on your wishlist.');
        return redirectWithFlash(reply, back, 'danger', 'This product cannot be added to your wishlist.');
      }
      return redirectWithFlash(reply, back, 'success', 'The product has been added to your wishlist.');
    },
    { schema: ProductParams },
  );

  routes.formPost(
    '/wishlist/remove/:productId',
    async (request, reply) => {
      const back = safeLocalPath(formFields(request.body).redirectTo, WISHLIST_PATH);
      const context = await contexts.contextOf(request);
      try {
        await removeWishlistProduct(platform, context, request.storefront.customer.id, request.params.productId);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'CHECKOUT__WISHLIST_PRODUCT_NOT_FOUND') throw error;
      }
      // removed, or was not there: either way it is not on the list now
      return redirectWithFlash(reply, back, 'success', 'The product has been removed from your wishlist.');
    },
    { requireCustomer: true, schema: ProductParams },
  );
}

import type { PlatformModule } from '../module.js';
import { addTemplateFilter, registerStorefrontFramework, setCartCountProvider, setCustomerResolver, setNavigationProvider, setSalesChannelResolver } from './http/index.js';
import { registerAccountPages } from './pages/account-pages.js';
import { registerCartPages } from './pages/cart-pages.js';
import { registerCatalogPages } from './pages/catalog-pages.js';
import { registerCheckoutPages } from './pages/checkout-pages.js';
import { cartCountProvider, categoryNavigationProvider, contextCustomerResolver } from './pages/layout-providers.js';
import { registerSearchPages } from './pages/search-pages.js';
import { registerShopLayout } from './pages/shop-layout.js';
import { registerAccountAreaPages } from './pages/account-area-pages.js';
import { moneyFilter } from './pages/money-filter.js';
import { registerOrderPaymentPages } from './pages/order-payment-pages.js';
import { createStorefrontServices } from './pages/storefront-services.js';
import { registerSeoLinks, registerSeoPaths } from './pages/seo-paths.js';
import { registerWishlistPages } from './pages/wishlist-pages.js';
import { mergeGuestWishlist } from './pages/guest-wishlist.js';
import { registerProductReviewForm } from './pages/product-review-form.js';
import { registerNewsletterPages } from './pages/newsletter-pages.js';
import { registerContactPages } from './pages/contact-pages.js';
import { registerCmsPreviewPage } from './pages/cms-preview-page.js';
import { registerCmsStylesheet } from './pages/cms-backgrounds.js';

/**
 * The shop's HTML pages at `/`: catalog, cart, account and checkout, rendered on the services the
 * Store API uses, with the visitor's Store API context behind the storefront session.
 */
export const storefrontModule: PlatformModule = {
  name: 'storefront',
  async routes(app, platform) {
    await registerStorefrontFramework(app, platform);
    const services = createStorefrontServices(platform);
    addTemplateFilter(app, 'money', moneyFilter);
    setCustomerResolver(app, contextCustomerResolver(services));
    setNavigationProvider(app, categoryNavigationProvider(services));
    setCartCountProvider(app, cartCountProvider(services));
    setSalesChannelResolver(app, async (request) => (await services.contexts.channelOf(request)).salesChannel.id);
    registerShopLayout(app, services);
    registerSeoLinks(app, services);
    const catalogPages = registerCatalogPages(app, services);
    registerCartPages(app, services);
    registerAccountPages(app, services);
    registerCheckoutPages(app, services);
    registerOrderPaymentPages(app, services);
    registerSearchPages(app, services);
    registerAccountAreaPages(app, services);
    registerWishlistPages(app, services);
    registerProductReviewForm(app, services);
    registerNewsletterPages(app, services);
    registerContactPages(app, services);
    registerCmsPreviewPage(app, services);
    registerCmsStylesheet(app, services);
    registerSeoPaths(app, services, catalogPages);
  },
  async boot(platform) {
    // a guest's hearts join the wishlist of the account they log in to or create
    platform.events.on('sales_channel_context.token_replaced', ({ context }) => mergeGuestWishlist(platform, context).then(() => undefined));
  },
};

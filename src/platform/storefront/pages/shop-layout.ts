import type { FastifyInstance } from 'fastify';
import { setShopLayoutProvider, type ShopLayout, type ShopLayoutProvider } from '../http/framework.js';
import { currencyChoicesOf, registerCurrencySwitch } from './context-currency.js';
import { countryChoicesOf, registerCountrySwitch } from './context-country.js';
import { languageChoicesOf, registerLanguageSwitch } from './context-language.js';
import { brandOf, registerBrandStylesheet } from './shop-brand.js';
import { footerLinksOf } from './shop-footer.js';
import { shopFrameListsOf } from './shop-frame-lists.js';
import { wishlistOfPage } from './wishlist-pages.js';
import type { StorefrontServices } from './storefront-services.js';

/** Every page's frame for the request's channel: its brand, its language, currency and country choices, its footer links and the visitor's wishlist. */
export function shopLayoutProvider(services: StorefrontServices): ShopLayoutProvider {
  return async (request): Promise<ShopLayout> => {
    const context = await services.contexts.contextOf(request);
    const salesChannelId = context.salesChannel.id;
    const [brand, lists, wishlist] = await Promise.all([
      brandOf(services, salesChannelId),
      shopFrameListsOf(services.platform.db, salesChannelId),
      wishlistOfPage(services, context, request.storefront?.customer?.id),
    ]);
    const languages = languageChoicesOf(lists.languages, context);
    const currencies = currencyChoicesOf(lists.currencies, context);
    const countries = countryChoicesOf(lists.countries, context, request);
    const footerLinks = await footerLinksOf(services, salesChannelId, lists.landingPages);
    return { ...brand, ...(languages ? { languages } : {}), ...(currencies ? { currencies } : {}), ...(countries ? { countries } : {}), footerLinks, ...(wishlist ? { wishlist } : {}) };
  };
}

/** The channel as its own shop: the layout provider, the brand stylesheet and the language, currency and country switches. */
export function registerShopLayout(app: FastifyInstance, services: StorefrontServices): void {
  setShopLayoutProvider(app, shopLayoutProvider(services));
  registerBrandStylesheet(app, services);
  registerCurrencySwitch(app, services);
  registerCountrySwitch(app, services);
  registerLanguageSwitch(app, services);
}

import type { PlatformServices } from '../../platform-services.js';
import type { CheckoutServices } from '../../checkout/checkout-services.js';
import { ShopContexts } from './shop-context.js';
import { ShopNavigation } from './shop-navigation.js';

/** What the page handlers share: the platform's services, the visitor contexts, the category tree and the checkout services. */
export interface StorefrontServices {
  platform: PlatformServices;
  contexts: ShopContexts;
  navigation: ShopNavigation;
  carts: CheckoutServices['cart'];
  orders: CheckoutServices['orders'];
  payments: CheckoutServices['payments'];
}

export function createStorefrontServices(platform: PlatformServices): StorefrontServices {
  const checkout = platform.checkout;
  const contexts = new ShopContexts(platform);
  return {
    platform,
    contexts,
    navigation: new ShopNavigation(platform.db, contexts),
    carts: checkout.cart,
    orders: checkout.orders,
    payments: checkout.payments,
  };
}

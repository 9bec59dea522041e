import type { Platform } from '../../kernel.js';
import { checkoutServices, type CheckoutServices } from '../../checkout/checkout-services.js';
import { ShopContexts } from './shop-context.js';

/** What the page handlers share: the platform, the visitor contexts and the checkout services. */
export interface StorefrontServices {
  platform: Platform;
  contexts: ShopContexts;
  carts: CheckoutServices['cart'];
  orders: CheckoutServices['orders'];
  payments: CheckoutServices['payments'];
}

export function createStorefrontServices(platform: Platform): StorefrontServices {
  const checkout = checkoutServices(platform);
  return { platform, contexts: new ShopContexts(platform), carts: checkout.cart, orders: checkout.orders, payments: checkout.payments };
}

import type { Platform } from '../kernel.js';
import { CartService } from './cart/cart-service.js';
import { OrderPlacement } from './order/order-placement.js';
import { PaymentFinalizer } from './payment/payment-finalizer.js';
import { PaymentProcessor } from './payment/payment-processor.js';
import { PaymentTokenService } from './payment/token/payment-token-service.js';

/** The checkout's services of one platform: what the Store API routes and the storefront call. */
export interface CheckoutServices {
  cart: CartService;
  orders: OrderPlacement;
  payments: PaymentProcessor;
  finalizer: PaymentFinalizer;
}

const servicesByPlatform = new WeakMap<Platform, CheckoutServices>();

/** The checkout services of `platform`, created on first use (one set per Platform instance). */
export function checkoutServices(platform: Platform): CheckoutServices {
  let services = servicesByPlatform.get(platform);
  if (!services) {
    const cart = new CartService(platform);
    const paymentTokens = new PaymentTokenService(platform.env.appSecret);
    services = {
      cart,
      orders: new OrderPlacement(platform, cart),
      payments: new PaymentProcessor(platform, paymentTokens),
      finalizer: new PaymentFinalizer(platform, paymentTokens),
    };
    servicesByPlatform.set(platform, services);
  }
  return services;
}

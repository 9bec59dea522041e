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

/** The checkout services of a platform; the kernel creates them once (`platform.checkout`). */
export function createCheckoutServices(platform: Platform): CheckoutServices {
  const cart = new CartService(platform);
  const paymentTokens = new PaymentTokenService(platform.env.appSecret);
  return {
    cart,
    orders: new OrderPlacement(platform, cart),
    payments: new PaymentProcessor(platform, paymentTokens),
    finalizer: new PaymentFinalizer(platform, paymentTokens),
  };
}

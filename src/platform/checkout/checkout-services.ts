import type { CoreServices } from '../core-services.js';
import { CartService, type CartServiceDeps } from './cart/cart-service.js';
import { OrderPlacement, type OrderPlacementDeps } from './order/order-placement.js';
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

/** What the checkout services are built from: the union of what each of them uses. */
export type CheckoutServicesDeps = Pick<CoreServices, 'env'> &
  CartServiceDeps &
  OrderPlacementDeps &
  ConstructorParameters<typeof PaymentProcessor>[0] &
  ConstructorParameters<typeof PaymentFinalizer>[0];

/** The checkout services of a platform; the kernel creates them once (`platform.checkout`). */
export function createCheckoutServices(deps: CheckoutServicesDeps): CheckoutServices {
  const cart = new CartService(deps);
  const paymentTokens = new PaymentTokenService(deps.env.appSecret);
  return {
    cart,
    orders: new OrderPlacement(deps, cart),
    payments: new PaymentProcessor(deps, paymentTokens),
    finalizer: new PaymentFinalizer(deps, paymentTokens),
  };
}

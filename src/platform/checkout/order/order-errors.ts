import { AppError, AppErrorList } from '../../errors/app-error.js';
import type { CartError } from '../cart/cart.js';

/** Why an order could not be placed (Shopware's CartException codes). */
export const orderErrors = {
  cartEmpty(): AppError {
    return new AppError(400, 'CHECKOUT__CART_EMPTY', 'Cart is empty', { meta: { parameters: {} } });
  },
  /** One entry per blocking cart error; its message is what the customer reads. */
  cartInvalid(cartErrors: CartError[]): AppError {
    return new AppErrorList(
      cartErrors.map(
        (error) =>
          new AppError(400, 'CHECKOUT__CART_INVALID', error.message, {
            meta: { parameters: { key: error.key, messageKey: error.messageKey, errorCode: error.code, level: error.level } },
          }),
      ),
    );
  },
  customerNotLoggedIn(): AppError {
    return new AppError(403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN', 'Customer is not logged in.');
  },
  /** No order opens with this deep link code (unknown, expired or another customer's). */
  guestNotAuthenticated(): AppError {
    return new AppError(403, 'CHECKOUT__GUEST_NOT_AUTHENTICATED', 'Guest not authenticated.');
  },
  guestWrongCredentials(): AppError {
    return new AppError(403, 'CHECKOUT__GUEST_WRONG_CREDENTIALS', 'Wrong credentials for guest authentication.');
  },
  authThrottled(seconds: number): AppError {
    return new AppError(429, 'CHECKOUT__CUSTOMER_AUTH_THROTTLED', `Customer auth throttled for ${seconds} seconds.`, { meta: { parameters: { seconds } } });
  },
  billingAddressMissing(customerId: string): AppError {
    return new AppError(400, 'CHECKOUT__ORDER_CUSTOMER_ADDRESS_IS_MISSING', `Customer ${customerId} has no billing address.`, {
      meta: { parameters: { customerId } },
    });
  },
};

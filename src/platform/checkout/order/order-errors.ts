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
  /** Unknown, malformed or another customer's order: nobody learns which order ids exist. */
  orderNotFound(orderId: string): AppError {
    return new AppError(404, 'CHECKOUT__ORDER_NOT_FOUND', `Order with id ${orderId} not found.`, { meta: { parameters: { orderId } } });
  },
  /** The method is not one of the channel's active methods (Shopware's 404 of set-payment). */
  unknownPaymentMethod(paymentMethodId: string): AppError {
    return new AppError(404, 'CHECKOUT__UNKNOWN_PAYMENT_METHOD', `Could not find payment method with id "${paymentMethodId}"`, { meta: { parameters: { paymentMethodId } } });
  },
  paymentMethodNotChangeable(): AppError {
    return new AppError(403, 'CHECKOUT__ORDER_PAYMENT_METHOD_NOT_CHANGEABLE', 'Payment methods of order with current payment transaction type can not be changed.');
  },
  /** Cancellation is off in the channel (`core.cart.enableOrderRefunds`), or the order's state has no way to cancelled. */
  orderNotCancellable(): AppError {
    return new AppError(403, 'CHECKOUT__ORDER_NOT_CANCELLABLE', 'The order can not be cancelled.');
  },
  billingAddressMissing(customerId: string): AppError {
    return new AppError(400, 'CHECKOUT__ORDER_CUSTOMER_ADDRESS_IS_MISSING', `Customer ${customerId} has no billing address.`, {
      meta: { parameters: { customerId } },
    });
  },
};

import { AppError } from '../../errors/app-error.js';

/** Shopware's customer account errors (`CustomerException`), shared by the Store API and the storefront. */
export const accountErrors = {
  /** Wrong e-mail or password, unknown, inactive or guest account: one answer, so nothing leaks. */
  badCredentials(): AppError {
    return new AppError(401, 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS', 'Invalid username and/or password.');
  },
  throttled(seconds: number): AppError {
    return new AppError(429, 'CHECKOUT__CUSTOMER_AUTH_THROTTLED', `Customer auth throttled for ${seconds} seconds.`, {
      meta: { parameters: { seconds } },
    });
  },
  notLoggedIn(): AppError {
    return new AppError(403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN', 'Customer is not logged in.');
  },
};

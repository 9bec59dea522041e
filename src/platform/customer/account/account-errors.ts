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
  /** A recovery or confirmation link whose token matches nothing (never issued, used, or replaced); the token is not repeated. */
  notFoundByHash(): AppError {
    return new AppError(404, 'CHECKOUT__CUSTOMER_NOT_FOUND_BY_HASH', 'No matching customer for the given hash was found.');
  },
  recoveryHashExpired(): AppError {
    return new AppError(410, 'CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED', 'The password recovery link has expired. Please ask for a new one.');
  },
  alreadyConfirmed(): AppError {
    return new AppError(412, 'CHECKOUT__CUSTOMER_IS_ALREADY_CONFIRMED', 'The customer account is already confirmed.');
  },
  rateLimited(seconds: number): AppError {
    return new AppError(429, 'FRAMEWORK__RATE_LIMIT_EXCEEDED', `Too many requests. Try again in ${seconds} seconds.`, { meta: { parameters: { seconds } } });
  },
};

import { AppError } from '../../../errors/app-error.js';

/*
 * Statuses as Shopware's PaymentException: an unreadable or forged token is a bad request (400); a
 * genuine token that was already used or has expired is gone (410). Shopware's messages name the token.
 */
export const paymentTokenErrors = {
  invalid(token: string, cause?: unknown): AppError {
    return new AppError(400, 'CHECKOUT__INVALID_PAYMENT_TOKEN', `The provided token ${token} is invalid and the payment could not be processed.`, {
      meta: { parameters: { token } },
      cause,
    });
  },
  expired(token: string): AppError {
    return new AppError(410, 'CHECKOUT__PAYMENT_TOKEN_EXPIRED', `The provided token ${token} is expired and the payment could not be processed.`, {
      meta: { parameters: { token } },
    });
  },
  invalidated(token: string): AppError {
    return new AppError(410, 'CHECKOUT__PAYMENT_TOKEN_INVALIDATED', `The provided token ${token} is invalidated and the payment could not be processed.`, {
      meta: { parameters: { token } },
    });
  },
};

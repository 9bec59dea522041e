import { AppError } from '../errors/app-error.js';

/** Shopware's NewsletterException codes. */
export const newsletterErrors = {
  recipientNotFound(identifier: string): AppError {
    return new AppError(404, 'CONTENT__NEWSLETTER_RECIPIENT_NOT_FOUND', `The NewsletterRecipient with the identifier "${identifier}" was not found.`, {
      meta: { parameters: { identifier } },
    });
  },
};

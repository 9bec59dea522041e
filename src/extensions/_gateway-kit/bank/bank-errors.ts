import { AppError } from '../../../platform/sdk/index.js';
import { DEFAULT_BANK_INPUT_FIELDS, type BankInputFields } from './bank-account-validation.js';

/**
 * The answers of a gateway's bank routes that are not validation problems, with the gateway's code
 * prefix (`PAY_B__...`). Gateway details (messages, status codes) go to the log only: the customer
 * reads our sentences.
 */
export function bankErrors(codePrefix: string, fields: BankInputFields = DEFAULT_BANK_INPUT_FIELDS) {
  return {
    /** The gateway could not give the bank list (unreachable, refused, no secret key). */
    bankListUnavailable(cause?: unknown): AppError {
      return new AppError(502, `${codePrefix}__BANK_LIST_UNAVAILABLE`, 'Unable to load banks.', { cause });
    },
    /** The gateway could not be asked (unreachable, timed out, refused our key, answered nonsense). */
    verificationUnavailable(): AppError {
      return new AppError(502, `${codePrefix}__ACCOUNT_VERIFICATION_UNAVAILABLE`, 'Unable to verify the account right now. Please try again later.');
    },
    /** The gateway answered: it does not know this account at this bank. */
    accountNotResolved(): AppError {
      return new AppError(400, `${codePrefix}__ACCOUNT_NOT_RESOLVED`, 'We could not verify this account. Please check the bank and the account number.', {
        pointer: `/${fields.accountNumber}`,
      });
    },
    /** A list or verify call that is not an XMLHttpRequest (the list and verify routes serve the profile script only). */
    xhrRequired(): AppError {
      return new AppError(400, `${codePrefix}__XHR_REQUIRED`, 'This route answers XMLHttpRequest calls only.');
    },
    unknownBank(country: string): AppError {
      return new AppError(400, `${codePrefix}__INVALID_BANK_CODE`, `Choose your bank from the list of banks in ${country}.`, { pointer: `/${fields.bankCode}` });
    },
    tooManyVerifications(retryAfterSeconds: number): AppError {
      const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
      return new AppError(
        429,
        `${codePrefix}__TOO_MANY_VERIFICATIONS`,
        `Too many account verifications. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { meta: { retryAfter: retryAfterSeconds } },
      );
    },
  };
}

export type BankErrors = ReturnType<typeof bankErrors>;

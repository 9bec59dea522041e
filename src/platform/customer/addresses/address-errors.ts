import { AppError } from '../../errors/app-error.js';

/** Shopware's address book errors (`CustomerException`): both are 400 in Shopware. */
export const addressErrors = {
  /** Unknown, malformed or another customer's address: one answer, so no address id can be probed. */
  notFound(addressId: string): AppError {
    return new AppError(400, 'CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND', `Customer address with id "${addressId}" not found.`, { meta: { parameters: { addressId } } });
  },
  isDefault(addressId: string): AppError {
    return new AppError(400, 'CHECKOUT__CUSTOMER_ADDRESS_IS_DEFAULT', `Customer address with id "${addressId}" is a default address and cannot be deleted.`, {
      meta: { parameters: { addressId } },
    });
  },
};

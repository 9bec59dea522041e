import { AppError } from '../../errors/app-error.js';

/** Codes handlers and callers compare against (Shopware's PaymentException constants). */
export const PAYMENT_ERROR_CODES = {
  asyncFinalizeInterrupted: 'CHECKOUT__ASYNC_PAYMENT_FINALIZE_INTERRUPTED',
  asyncProcessInterrupted: 'CHECKOUT__ASYNC_PAYMENT_PROCESS_INTERRUPTED',
  syncProcessInterrupted: 'CHECKOUT__SYNC_PAYMENT_PROCESS_INTERRUPTED',
  customerCanceled: 'CHECKOUT__CUSTOMER_CANCELED_EXTERNAL_PAYMENT',
  invalidOrder: 'CHECKOUT__INVALID_ORDER_ID',
  invalidTransaction: 'CHECKOUT__INVALID_TRANSACTION_ID',
  paymentError: 'CHECKOUT__PAYMENT_ERROR',
  refundInterrupted: 'CHECKOUT__REFUND_PROCESS_INTERRUPTED',
  recurringInterrupted: 'CHECKOUT__RECURRING_PROCESS_INTERRUPTED',
  unknownPaymentMethod: 'CHECKOUT__UNKNOWN_PAYMENT_METHOD',
  paymentTypeUnsupported: 'CHECKOUT__PAYMENT_TYPE_UNSUPPORTED',
  unknownRefund: 'CHECKOUT__REFUND_UNKNOWN_ERROR',
  unknownRefundHandler: 'CHECKOUT__REFUND_UNKNOWN_HANDLER_ERROR',
  refundInvalidTransition: 'CHECKOUT__REFUND_INVALID_TRANSITION_ERROR',
} as const;

/**
 * Shopware's PaymentException factories with their codes, statuses and messages (reference §6.3).
 * Payment handlers throw these: `customerCanceled` from `finalize` cancels the transaction, anything
 * else fails it.
 */
export const paymentErrors = {
  asyncFinalizeInterrupted(orderTransactionId: string, errorMessage: string, cause?: unknown): AppError {
    return new AppError(
      400,
      PAYMENT_ERROR_CODES.asyncFinalizeInterrupted,
      `The asynchronous payment finalize was interrupted due to the following error:\n${errorMessage}`,
      { meta: { parameters: { errorMessage, orderTransactionId } }, cause },
    );
  },
  asyncProcessInterrupted(orderTransactionId: string, errorMessage: string, cause?: unknown): AppError {
    return new AppError(
      400,
      PAYMENT_ERROR_CODES.asyncProcessInterrupted,
      `The asynchronous payment process was interrupted due to the following error:\n${errorMessage}`,
      { meta: { parameters: { errorMessage, orderTransactionId } }, cause },
    );
  },
  syncProcessInterrupted(orderTransactionId: string, errorMessage: string, cause?: unknown): AppError {
    return new AppError(
      400,
      PAYMENT_ERROR_CODES.syncProcessInterrupted,
      `The synchronous payment process was interrupted due to the following error:\n${errorMessage}`,
      { meta: { parameters: { errorMessage, orderTransactionId } }, cause },
    );
  },
  customerCanceled(orderTransactionId: string, additionalInformation: string, cause?: unknown): AppError {
    return new AppError(400, PAYMENT_ERROR_CODES.customerCanceled, `The customer canceled the external payment process. ${additionalInformation}`, {
      meta: { parameters: { additionalInformation, orderTransactionId } },
      cause,
    });
  },
  invalidOrder(orderId: string, cause?: unknown): AppError {
    return new AppError(404, PAYMENT_ERROR_CODES.invalidOrder, `The order with id ${orderId} is invalid or could not be found.`, {
      meta: { parameters: { orderId } },
      cause,
    });
  },
  invalidTransaction(transactionId: string, cause?: unknown): AppError {
    return new AppError(400, PAYMENT_ERROR_CODES.invalidTransaction, `The transaction with id ${transactionId} is invalid or could not be found.`, {
      meta: { parameters: { transactionId } },
      cause,
    });
  },
  /** A payment failure that is not one of the above (Shopware's code for foreign errors). */
  paymentError(orderTransactionId: string, cause?: unknown): AppError {
    return new AppError(400, PAYMENT_ERROR_CODES.paymentError, 'The payment could not be processed.', {
      meta: { parameters: { orderTransactionId } },
      cause,
    });
  },
  refundInterrupted(refundId: string, errorMessage: string, cause?: unknown): AppError {
    return new AppError(400, PAYMENT_ERROR_CODES.refundInterrupted, `The refund process was interrupted due to the following error:\n${errorMessage}`, {
      meta: { parameters: { refundId, errorMessage } },
      cause,
    });
  },
  recurringInterrupted(orderTransactionId: string, errorMessage: string, cause?: unknown): AppError {
    return new AppError(
      400,
      PAYMENT_ERROR_CODES.recurringInterrupted,
      `The recurring capture process was interrupted due to the following error:\n${errorMessage}`,
      { meta: { parameters: { orderTransactionId, errorMessage } }, cause },
    );
  },
  unknownPaymentMethodById(paymentMethodId: string, cause?: unknown): AppError {
    return new AppError(400, PAYMENT_ERROR_CODES.unknownPaymentMethod, `Could not find payment method with id "${paymentMethodId}"`, {
      meta: { parameters: { entity: 'payment method', field: 'id', value: paymentMethodId } },
      cause,
    });
  },
  unknownPaymentMethodByHandlerIdentifier(handlerIdentifier: string, cause?: unknown): AppError {
    return new AppError(400, PAYMENT_ERROR_CODES.unknownPaymentMethod, `Could not find payment method with handler identifier "${handlerIdentifier}"`, {
      meta: { parameters: { entity: 'payment method', field: 'handler identifier', value: handlerIdentifier } },
      cause,
    });
  },
  paymentTypeUnsupported(paymentMethodId: string, paymentHandlerType: string): AppError {
    return new AppError(
      400,
      PAYMENT_ERROR_CODES.paymentTypeUnsupported,
      `The payment method with id ${paymentMethodId} does not support the payment handler type ${paymentHandlerType}.`,
      { meta: { parameters: { paymentMethodId, paymentHandlerType } } },
    );
  },
  unknownRefund(refundId: string, cause?: unknown): AppError {
    return new AppError(400, PAYMENT_ERROR_CODES.unknownRefund, `The Refund process failed with following exception: Unknown refund with id ${refundId}.`, {
      meta: { parameters: { refundId } },
      cause,
    });
  },
  unknownRefundHandler(refundId: string, cause?: unknown): AppError {
    return new AppError(
      400,
      PAYMENT_ERROR_CODES.unknownRefundHandler,
      `The Refund process failed with following exception: Unknown refund handler for refund id ${refundId}.`,
      { meta: { parameters: { refundId } }, cause },
    );
  },
  refundInvalidTransition(refundId: string, stateName: string, cause?: unknown): AppError {
    return new AppError(
      400,
      PAYMENT_ERROR_CODES.refundInvalidTransition,
      `The Refund process failed with following exception: Can not process refund with id ${refundId} as refund has state ${stateName}.`,
      { meta: { parameters: { refundId, stateName } }, cause },
    );
  },
};

/** Whether a handler's error asks for the transaction to be cancelled rather than failed. */
export function isCustomerCanceled(error: unknown): boolean {
  return error instanceof AppError && error.code === PAYMENT_ERROR_CODES.customerCanceled;
}

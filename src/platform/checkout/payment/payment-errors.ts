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
  unknownPaymentMethod: 'CHECKOUT__UNKNOWN_PAYMENT_METHOD',
  unknownRefund: 'CHECKOUT__REFUND_UNKNOWN_ERROR',
  unknownRefundHandler: 'CHECKOUT__REFUND_UNKNOWN_HANDLER_ERROR',
  refundInvalidTransition: 'CHECKOUT__REFUND_INVALID_TRANSITION_ERROR',
} as const;

type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[keyof typeof PAYMENT_ERROR_CODES];

/** Every PaymentException carries the values of its message as `meta.parameters`. */
function paymentException(status: number, code: PaymentErrorCode, detail: string, parameters: Record<string, unknown>, cause?: unknown): AppError {
  return new AppError(status, code, detail, { meta: { parameters }, cause });
}

/** The "... was interrupted" family: one message shape, the process named. */
function interrupted(code: PaymentErrorCode, process: string, errorMessage: string, ids: Record<string, string>, cause?: unknown): AppError {
  return paymentException(400, code, `The ${process} was interrupted due to the following error:\n${errorMessage}`, { errorMessage, ...ids }, cause);
}

const REFUND_FAILED = 'The Refund process failed with following exception:';

/**
 * Shopware's PaymentException factories with their codes, statuses and messages.
 * Payment handlers throw these: `customerCanceled` from `finalize` cancels the transaction, anything
 * else fails it.
 */
export const paymentErrors = {
  asyncFinalizeInterrupted(orderTransactionId: string, errorMessage: string, cause?: unknown): AppError {
    return interrupted(PAYMENT_ERROR_CODES.asyncFinalizeInterrupted, 'asynchronous payment finalize', errorMessage, { orderTransactionId }, cause);
  },
  asyncProcessInterrupted(orderTransactionId: string, errorMessage: string, cause?: unknown): AppError {
    return interrupted(PAYMENT_ERROR_CODES.asyncProcessInterrupted, 'asynchronous payment process', errorMessage, { orderTransactionId }, cause);
  },
  syncProcessInterrupted(orderTransactionId: string, errorMessage: string, cause?: unknown): AppError {
    return interrupted(PAYMENT_ERROR_CODES.syncProcessInterrupted, 'synchronous payment process', errorMessage, { orderTransactionId }, cause);
  },
  refundInterrupted(refundId: string, errorMessage: string, cause?: unknown): AppError {
    return interrupted(PAYMENT_ERROR_CODES.refundInterrupted, 'refund process', errorMessage, { refundId }, cause);
  },
  customerCanceled(orderTransactionId: string, additionalInformation: string, cause?: unknown): AppError {
    return paymentException(
      400,
      PAYMENT_ERROR_CODES.customerCanceled,
      `The customer canceled the external payment process. ${additionalInformation}`,
      { additionalInformation, orderTransactionId },
      cause,
    );
  },
  invalidOrder(orderId: string, cause?: unknown): AppError {
    return paymentException(404, PAYMENT_ERROR_CODES.invalidOrder, `The order with id ${orderId} is invalid or could not be found.`, { orderId }, cause);
  },
  invalidTransaction(transactionId: string, cause?: unknown): AppError {
    return paymentException(
      400,
      PAYMENT_ERROR_CODES.invalidTransaction,
      `The transaction with id ${transactionId} is invalid or could not be found.`,
      { transactionId },
      cause,
    );
  },
  /** A payment failure that is not one of the above (Shopware's code for foreign errors). */
  paymentError(orderTransactionId: string, cause?: unknown): AppError {
    return paymentException(400, PAYMENT_ERROR_CODES.paymentError, 'The payment could not be processed.', { orderTransactionId }, cause);
  },
  unknownPaymentMethodById(paymentMethodId: string, cause?: unknown): AppError {
    return paymentException(
      400,
      PAYMENT_ERROR_CODES.unknownPaymentMethod,
      `Could not find payment method with id "${paymentMethodId}"`,
      { entity: 'payment method', field: 'id', value: paymentMethodId },
      cause,
    );
  },
  /** 404: the refund is the resource the route names. */
  unknownRefund(refundId: string): AppError {
    return paymentException(404, PAYMENT_ERROR_CODES.unknownRefund, `${REFUND_FAILED} Unknown refund with id ${refundId}.`, { refundId });
  },
  unknownRefundHandler(refundId: string): AppError {
    return paymentException(400, PAYMENT_ERROR_CODES.unknownRefundHandler, `${REFUND_FAILED} Unknown refund handler for refund id ${refundId}.`, { refundId });
  },
  refundInvalidTransition(refundId: string, stateName: string): AppError {
    return paymentException(
      400,
      PAYMENT_ERROR_CODES.refundInvalidTransition,
      `${REFUND_FAILED} Can not process refund with id ${refundId} as refund has state ${stateName}.`,
      { refundId, stateName },
    );
  },
};

/** Whether a handler's error asks for the transaction to be cancelled rather than failed. */
export function isCustomerCanceled(error: unknown): boolean {
  return error instanceof AppError && error.code === PAYMENT_ERROR_CODES.customerCanceled;
}

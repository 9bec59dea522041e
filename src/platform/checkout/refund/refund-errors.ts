import { AppError } from '../../errors/app-error.js';

/** Shopware's PaymentException codes of the refund processing (reference §6.4). */
export const refundErrors = {
  unknownRefund: (refundId: string) =>
    new AppError(404, 'CHECKOUT__REFUND_UNKNOWN_ERROR', `The Refund process failed with following exception: Unknown refund with id ${refundId}.`, {
      meta: { parameters: { refundId } },
    }),
  invalidTransition: (refundId: string, state: string) =>
    new AppError(400, 'CHECKOUT__REFUND_INVALID_TRANSITION_ERROR', `The Refund process failed with following exception: Can not process refund with id ${refundId} as refund has state ${state}.`, {
      meta: { parameters: { refundId, stateName: state } },
    }),
  unknownHandler: (refundId: string) =>
    new AppError(400, 'CHECKOUT__REFUND_UNKNOWN_HANDLER_ERROR', `The Refund process failed with following exception: Unknown refund handler for refund id ${refundId}.`, {
      meta: { parameters: { refundId } },
    }),
  interrupted: (refundId: string, message: string) =>
    new AppError(400, 'CHECKOUT__REFUND_PROCESS_INTERRUPTED', `The refund process was interrupted due to the following error:\n${message}`, {
      meta: { parameters: { refundId } },
    }),
};

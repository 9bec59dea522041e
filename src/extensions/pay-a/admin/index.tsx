import { defineModule, gatewayRefundTab, type OrderTransaction, type RefundInput } from '../../../admin/sdk';

/**
 * Gateway A's refund route names the payment by its gateway reference (`pay_a_reference`),
 * not by the order transaction id; the comment is its `reason`.
 */
const refundBody = (transaction: OrderTransaction, input: RefundInput) => ({
  transaction: transaction.customFields?.pay_a_reference,
  ...(input.amount === undefined ? {} : { amount: input.amount }),
  ...(input.comment === undefined ? {} : { reason: input.comment }),
});

export default defineModule({
  id: 'pay-a',
  extension: 'ExtPayA',
  orderDetailTabs: [
    gatewayRefundTab({
      id: 'pay-a',
      gatewayName: 'Gateway A',
      methodTechnicalName: 'ext_pay_a_payment',
      refundUrl: '/api/_action/pay-a/refund',
      balanceUrl: '/api/_action/pay-a/refundable',
      privilege: 'pay_a.refund',
      refundBody,
      comment: { label: 'Reason (stored on the refund, sent to the gateway)', maxLength: 255 },
    }),
  ],
  settings: [{ domain: 'ExtPayA.config', title: 'Gateway A' }],
});

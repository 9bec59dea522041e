import { defineModule, gatewayRefundTab } from '../../../admin/sdk';

export default defineModule({
  id: 'pay-b',
  extension: 'ExtPayB',
  orderDetailTabs: [
    gatewayRefundTab({
      id: 'pay-b',
      gatewayName: 'Gateway D',
      methodTechnicalName: 'ext_pay_b_payment',
      refundUrl: '/api/_action/pay-b/refund',
      balanceUrl: '/api/_action/pay-b/refundable',
      privilege: 'pay_b.refund',
    }),
  ],
  settings: [{ domain: 'ExtPayB.config', title: 'Gateway D' }],
});

import { processRefundSuite } from '../../_gateway/process-refund-suite.js';
import { createPaidTransaction, handleRefundEvent, gatewayRefundRequests, REFUND_ROUTE, useRefundTestShop, type PaidTransaction } from './refund-test-setup.js';

const shop = useRefundTestShop({ simulator: { refundWebhookDelayMs: 0 } });

processRefundSuite<PaidTransaction>({
  label: 'gateway A',
  shop,
  pay: () => createPaidTransaction(shop.t, shop.sim, { amountMinor: 1_000_00 }),
  sentMinor: (paid) => gatewayRefundRequests(shop.sim, paid.reference).map((body) => Number(body.amount)),
  routeRefund: (paid, amount) => shop.t.api('POST', REFUND_ROUTE, { body: { transaction: paid.reference, amount } }),
  // refund.processed names the transaction and the amount, not the refund
  complete: (paid, gatewayRefundId, amountMinor) =>
    handleRefundEvent(shop.t.platform, 'refund.processed', {
      transaction_reference: paid.reference,
      amount: amountMinor,
      currency: 'NGN',
      status: 'processed',
      refund_reference: `RFR-${gatewayRefundId}`,
    }),
});

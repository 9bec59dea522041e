import { processRefundSuite } from '../../_gateway/process-refund-suite.js';
import { createPaidTransaction, gatewayRefundRequests, handleRefundCompleted, REFUND_ROUTE, useRefundTestShop, type PaidTransaction } from './refund-test-setup.js';

const shop = useRefundTestShop();

processRefundSuite<PaidTransaction>({
  label: 'gateway D',
  shop,
  pay: () => createPaidTransaction(shop.t, shop.sim),
  // major units on the wire
  sentMinor: (paid) => gatewayRefundRequests(shop.sim, paid.gatewayTransactionId).map((body) => Math.round(Number(body.amount) * 100)),
  routeRefund: (paid, amount) => shop.t.api('POST', REFUND_ROUTE, { body: { orderTransactionId: paid.orderTransactionId, amount } }),
  complete: (paid, gatewayRefundId) => handleRefundCompleted(shop.t.platform, { id: Number(gatewayRefundId), status: 'completed', TransactionId: paid.gatewayTransactionId }),
});

import { handleRefundCompleted } from '../../../../src/extensions/pay-b/refund/refund-completed.js';
import { processRefundSuite } from '../../_gateway/process-refund-suite.js';
import { payBHost } from '../pay-b-test-setup.js';
import { createPaidTransaction, gatewayRefundRequests, REFUND_ROUTE, useRefundTestShop, type PaidTransaction } from './refund-test-setup.js';

const shop = useRefundTestShop();

processRefundSuite<PaidTransaction>({
  label: 'gateway D',
  shop,
  pay: () => createPaidTransaction(shop.t, shop.sim),
  // major units on the wire
  sentMinor: (paid) => gatewayRefundRequests(shop.sim, paid.gatewayTransactionId).map((body) => Math.round(Number(body.amount) * 100)),
  routeRefund: (paid, amount) => shop.t.api('POST', REFUND_ROUTE, { body: { orderTransactionId: paid.orderTransactionId, amount } }),
  complete: (paid, gatewayRefundId) => handleRefundCompleted(payBHost(shop.t.platform), { id: Number(gatewayRefundId), status: 'completed', TransactionId: paid.gatewayTransactionId }),
});

import { describe } from 'vitest';
import { paymentRecheckSuite } from '../../_gateway/payment-recheck-suite.js';
import { useGatewayTest } from '../../_gateway/use-gateway-test.js';
import { placePayBOrder, startPayBTest, TEST_SECRET_KEY } from '../pay-b-test-setup.js';

describe('gateway D: the scheduled re-check of unsettled payments (verify by tx_ref) and of refund ledgers', () => {
  paymentRecheckSuite({
    test: useGatewayTest(() => startPayBTest({ listen: true })),
    taskName: 'payment.recheck.pay-b',
    place: (test) => placePayBOrder(test),
    verifyPath: async (_test, order) => new RegExp(`^/v3/transactions/verify_by_reference\\?tx_ref=${order.orderTransactionId}$`),
    secretKey: TEST_SECRET_KEY,
    // gateway D's tx_ref is the order transaction id
    attemptOf: (order) => order.orderTransactionId,
    dashboardRefund: (_order, paid, amountMinor, sendEvent) => ({ transactionId: paid.transactionId, amount: (amountMinor / 100).toFixed(2), sendEvent }),
    refundListPath: /^\/v3\/refunds\?/,
  });
});

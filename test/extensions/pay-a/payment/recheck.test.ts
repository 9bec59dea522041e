import { describe } from 'vitest';
import { paymentRecheckSuite } from '../../_gateway/payment-recheck-suite.js';
import { useGatewayTest } from '../../_gateway/use-gateway-test.js';
import { placePayAOrder, startPayATest, TEST_SECRET_KEY } from '../pay-a-test-setup.js';

describe('gateway A: the scheduled re-check of unsettled payments (verify by the stored reference) and of refund ledgers', () => {
  const references = new Map<string, string>();
  paymentRecheckSuite({
    test: useGatewayTest(() => startPayATest({ listen: true })),
    taskName: 'payment.recheck.pay-a',
    async place(test) {
      const placed = await placePayAOrder(test);
      references.set(placed.orderTransactionId, placed.reference);
      return placed;
    },
    verifyPath: async (_test, order) => new RegExp(`^/transaction/verify/${references.get(order.orderTransactionId)}$`),
    secretKey: TEST_SECRET_KEY,
    attemptOf: (order) => references.get(order.orderTransactionId)!,
    // gateway A counts refunds in the currency's minor units (kobo)
    dashboardRefund: (order, _paid, amountMinor, sendEvent) => ({ reference: references.get(order.orderTransactionId), amount: amountMinor, note: 'Refunded at the counter', sendEvent }),
    refundListPath: /^\/refund\?/,
  });
});

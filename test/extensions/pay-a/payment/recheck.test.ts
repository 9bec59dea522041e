import { describe } from 'vitest';
import { paymentRecheckSuite } from '../../_gateway/payment-recheck-suite.js';
import { useGatewayTest } from '../../_gateway/use-gateway-test.js';
import { placePayAOrder, startPayATest } from '../pay-a-test-setup.js';

describe('gateway A: the scheduled re-check of unsettled payments (verify by the stored reference)', () => {
  const references = new Map<string, string>();
  paymentRecheckSuite({
    test: useGatewayTest(() => startPayATest()),
    taskName: 'payment.recheck.pay-a',
    async place(test) {
      const placed = await placePayAOrder(test);
      references.set(placed.orderTransactionId, placed.reference);
      return placed;
    },
    verifyPath: async (_test, order) => new RegExp(`^/transaction/verify/${references.get(order.orderTransactionId)}$`),
  });
});

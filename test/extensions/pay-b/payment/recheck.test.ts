import { describe } from 'vitest';
import { paymentRecheckSuite } from '../../_gateway/payment-recheck-suite.js';
import { useGatewayTest } from '../../_gateway/use-gateway-test.js';
import { placePayBOrder, startPayBTest } from '../pay-b-test-setup.js';

describe('gateway D: the scheduled re-check of unsettled payments (verify by tx_ref)', () => {
  paymentRecheckSuite({
    test: useGatewayTest(() => startPayBTest()),
    taskName: 'payment.recheck.pay-b',
    place: (test) => placePayBOrder(test),
    verifyPath: async (_test, order) => new RegExp(`^/v3/transactions/verify_by_reference\\?tx_ref=${order.orderTransactionId}$`),
  });
});

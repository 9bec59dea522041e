import { describe, expect, it } from 'vitest';
import { extPayA } from '../../../../src/extensions/pay-a/index.js';
import { refundLeaseName } from '../../../../src/platform/checkout/refund/refund-lease.js';
import { refundWithShortLeaseWait } from '../../_gateway/transaction-arrange.js';
import { expectExpiredRefundLeaseTakenOver, expectParallelRefunds, expectRefusedWhileLeaseHeldElsewhere } from '../../_gateway/refund-lease-checks.js';
import { createPayARefundProvider } from '../../../../src/extensions/pay-a/refund.js';
import { useSecondProcess } from '../../_gateway-kit/second-process.js';
import { payAHost, payARefundHost } from '../pay-a-test-setup.js';
import { createPaidTransaction, gatewayRefundRequests, REFUND_ROUTE, storedRefunds, useRefundTestShop } from './refund-test-setup.js';

/**
 * Refunds of one transaction run one at a time under the kit's refund lease, across processes: on
 * PostgreSQL a second platform on the same database stands for a second process.
 */
describe('gateway A refunds of one transaction are serialized by a lease', () => {
  const shop = useRefundTestShop();
  const processes = useSecondProcess(shop, extPayA);

  it('5 parallel requests for 40% each (both processes on PostgreSQL): exactly 2 reach the gateway and the total never exceeds the amount', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', amountMinor: 100_000 });
    await expectParallelRefunds(t, processes.second, { route: REFUND_ROUTE, body: { transaction: paid.reference, amount: 400 } }, {
      statuses: [200, 200, 400, 400, 400],
      refusal: 'Refund amount exceeds the refundable balance of 200.00 NGN',
    });
    expect(gatewayRefundRequests(sim, paid.reference).map((body) => body.amount)).toEqual([40_000, 40_000]);
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.amount)).toEqual([400, 400]);
    expect(await t.platform.leases.holder(refundLeaseName(paid.orderTransactionId))).toBeNull();
  });

  it('a refund that cannot get the lease is refused with the kit\'s message and sends nothing', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    await expectRefusedWhileLeaseHeldElsewhere(t.platform, paid.orderTransactionId, () =>
      refundWithShortLeaseWait(payARefundHost(t.platform), createPayARefundProvider(payAHost(t.platform)), { transaction: paid.reference, amount: 100 }),
    );
    expect(gatewayRefundRequests(sim, paid.reference)).toEqual([]);
  });

  it('an expired lease (a crashed holder) is taken over; the refund then releases its own', async () => {
    const paid = await createPaidTransaction(shop.t, shop.sim);
    await expectExpiredRefundLeaseTakenOver(shop.t, paid.orderTransactionId, { route: REFUND_ROUTE, body: { transaction: paid.reference, amount: 150 } });
  });
});

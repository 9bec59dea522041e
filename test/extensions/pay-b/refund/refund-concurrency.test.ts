import { payBHost, payBRefundHost } from '../pay-b-test-setup.js';
import { describe, expect, it } from 'vitest';
import { extPayB } from '../../../../src/extensions/pay-b/index.js';
import { refundLeaseName } from '../../../../src/platform/checkout/refund/refund-lease.js';
import { refundWithShortLeaseWait } from '../../_gateway/transaction-arrange.js';
import { expectExpiredRefundLeaseTakenOver, expectParallelRefunds, expectRefusedWhileLeaseHeldElsewhere, whileRefundLeaseHeldElsewhere } from '../../_gateway/refund-lease-checks.js';
import { createPayBRefundProvider } from '../../../../src/extensions/pay-b/refund.js';
import { useSecondProcess } from '../../_gateway-kit/second-process.js';
import { createPaidTransaction, gatewayRefundRequests, REFUND_ROUTE, storedRefunds, useRefundTestShop } from './refund-test-setup.js';

describe('refunds of one transaction are serialized by a lease', () => {
  const shop = useRefundTestShop();
  // on PostgreSQL a second platform on the same database stands for a second process
  const processes = useSecondProcess(shop, extPayB);

  /** The transaction's refund lease as the host's lease table holds it; undefined when nobody holds it. */
  async function leaseOf(orderTransactionId: string): Promise<unknown> {
    return (await shop.t.platform.leases.holder(refundLeaseName(orderTransactionId))) ?? undefined;
  }

  it('5 parallel requests for 40% each: exactly 2 are sent to the gateway and the total never exceeds the amount', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', unitPriceMinor: 500_00, quantity: 2 });
    await expectParallelRefunds(t, processes.second, { route: REFUND_ROUTE, body: { orderTransactionId: paid.orderTransactionId, amount: 400 } }, {
      statuses: [200, 200, 400, 400, 400],
      refusal: 'Refund amount exceeds the refundable balance of 200.00 NGN',
    });
    expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toEqual([{ amount: '400' }, { amount: '400' }]);
    const atGateway = sim.refunds().filter((r) => r.transaction_id === paid.gatewayTransactionId);
    expect(atGateway.map((r) => r.amount_refunded)).toEqual([400, 400]);
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.amount)).toEqual([400, 400]);
    expect(await leaseOf(paid.orderTransactionId)).toBeUndefined();
  });

  it('over HTTP, a refund that cannot get the lease is refused with 400 {error} (the route\'s only refusal status) and sends nothing', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    await whileRefundLeaseHeldElsewhere(t.platform, paid.orderTransactionId, async () => {
      // the route waits its default 10 s for the lease, then gives up
      const response = await t.api('POST', REFUND_ROUTE, { body: { orderTransactionId: paid.orderTransactionId, amount: 150 } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Another refund of this transaction is in progress. Please try again.' });
      expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toEqual([]);
      expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([]);
    });
  });

  it('a refund waiting for a lease held elsewhere gives up and sends nothing', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const attempt = () => refundWithShortLeaseWait(payBRefundHost(t.platform), createPayBRefundProvider(payBHost(t.platform)), { orderTransactionId: paid.orderTransactionId, amount: 150 });
    await expectRefusedWhileLeaseHeldElsewhere(t.platform, paid.orderTransactionId, attempt, async (foreign) => {
      expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toEqual([]);
      expect(await leaseOf(paid.orderTransactionId)).toMatchObject({ token: foreign.token });
    });
    expect(await leaseOf(paid.orderTransactionId)).toBeUndefined();
  });

  it('an expired lease (a crashed holder) is taken over; the refund then releases its own', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    await expectExpiredRefundLeaseTakenOver(t, paid.orderTransactionId, { route: REFUND_ROUTE, body: { orderTransactionId: paid.orderTransactionId, amount: 150 } });
    expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toHaveLength(1);
  });
});

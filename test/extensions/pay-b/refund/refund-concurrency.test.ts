import { payBHost, payBRefundHost } from '../pay-b-test-setup.js';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { extPayB } from '../../../../src/extensions/pay-b/index.js';
import { refundLeaseName } from '../../../../src/platform/checkout/refund/refund-lease.js';
import type { Lease } from '../../../../src/platform/sdk/index.js';
import { refundWithShortLeaseWait } from '../../_gateway/transaction-arrange.js';
import { RefundRefusal } from '../../../../src/platform/checkout/refund/refund-refusal.js';
import { createPayBRefundProvider } from '../../../../src/extensions/pay-b/refund.js';
import { refundsAtOnce, useSecondProcess } from '../../_gateway-kit/second-process.js';
import { createPaidTransaction, gatewayRefundRequests, REFUND_ROUTE, storedRefunds, useRefundTestShop } from './refund-test-setup.js';

describe('refunds of one transaction are serialized by a lease', () => {
  const shop = useRefundTestShop();
  // on PostgreSQL a second platform on the same database stands for a second process
  const processes = useSecondProcess(shop, extPayB);

  /** The transaction's refund lease as the host's lease table holds it; undefined when nobody holds it. */
  async function leaseOf(orderTransactionId: string): Promise<unknown> {
    return (await shop.t.platform.leases.holder(refundLeaseName(orderTransactionId))) ?? undefined;
  }

  /** A lease held by "another process". */
  async function takeForeignLease(orderTransactionId: string): Promise<Lease | null> {
    return shop.t.platform.leases.take(refundLeaseName(orderTransactionId), { ttlMs: 120_000 });
  }

  it('5 parallel requests for 40% each: exactly 2 are sent to the gateway and the total never exceeds the amount', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', unitPriceMinor: 500_00, quantity: 2 });
    const { second } = processes;
    expect(second !== undefined).toBe(t.platform.database.kind === 'postgres');
    const responses = await refundsAtOnce(t, second, REFUND_ROUTE, { orderTransactionId: paid.orderTransactionId, amount: 400 }, 5);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 400, 400, 400]);
    for (const refused of responses.filter((r) => r.statusCode === 400)) {
      expect(refused.json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 200.00 NGN' });
    }
    expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toEqual([{ amount: '400' }, { amount: '400' }]);
    const atGateway = sim.refunds().filter((r) => r.transaction_id === paid.gatewayTransactionId);
    expect(atGateway.map((r) => r.amount_refunded)).toEqual([400, 400]);
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.amount)).toEqual([400, 400]);
    expect(await leaseOf(paid.orderTransactionId)).toBeUndefined();
  });

  it('over HTTP, a refund that cannot get the lease is refused with 400 {error} (the route\'s only refusal status) and sends nothing', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const foreign = await takeForeignLease(paid.orderTransactionId);
    try {
      // the route waits its default 10 s for the lease, then gives up
      const response = await t.api('POST', REFUND_ROUTE, { body: { orderTransactionId: paid.orderTransactionId, amount: 150 } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Another refund of this transaction is in progress. Please try again.' });
      expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toEqual([]);
      expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([]);
    } finally {
      await t.platform.leases.release(foreign!);
    }
  });

  it('a refund waiting for a lease held elsewhere gives up and sends nothing', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const foreign = await takeForeignLease(paid.orderTransactionId);
    expect(foreign).not.toBeNull();
    try {
      const attempt = refundWithShortLeaseWait(payBRefundHost(t.platform), createPayBRefundProvider(payBHost(t.platform)), { orderTransactionId: paid.orderTransactionId, amount: 150 });
      await expect(attempt).rejects.toThrow(RefundRefusal);
      await expect(attempt).rejects.toMatchObject({ message: 'Another refund of this transaction is in progress. Please try again.' });
      expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toEqual([]);
      expect(await leaseOf(paid.orderTransactionId)).toMatchObject({ token: foreign!.token });
    } finally {
      await t.platform.leases.release(foreign!);
    }
    expect(await leaseOf(paid.orderTransactionId)).toBeUndefined();
  });

  it('an expired lease (a crashed holder) is taken over; the refund then releases its own', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    await sql`INSERT INTO lease (name, token, expires_at) VALUES (${refundLeaseName(paid.orderTransactionId)}, gen_random_uuid(), now() - interval '1 second')`.execute(t.platform.db);
    const response = await t.api('POST', REFUND_ROUTE, { body: { orderTransactionId: paid.orderTransactionId, amount: 150 } });
    expect(response.statusCode).toBe(200);
    expect(await leaseOf(paid.orderTransactionId)).toBeUndefined();
    expect(gatewayRefundRequests(sim, paid.gatewayTransactionId)).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { extPayA } from '../../../../src/extensions/pay-a/index.js';
import { refundLeaseName } from '../../../../src/platform/checkout/refund/refund-lease.js';
import { refundWithShortLeaseWait } from '../../_gateway/transaction-arrange.js';
import { RefundRefusal } from '../../../../src/platform/checkout/refund/refund-refusal.js';
import { createPayARefundProvider } from '../../../../src/extensions/pay-a/refund.js';
import { refundsAtOnce, useSecondProcess } from '../../_gateway-kit/second-process.js';
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
    const { second } = processes;
    expect(second !== undefined).toBe(t.platform.database.kind === 'postgres');
    const responses = await refundsAtOnce(t, second, REFUND_ROUTE, { transaction: paid.reference, amount: 400 }, 5);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 400, 400, 400]);
    for (const refused of responses.filter((r) => r.statusCode === 400)) {
      expect(refused.json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 200.00 NGN' });
    }
    expect(gatewayRefundRequests(sim, paid.reference).map((body) => body.amount)).toEqual([40_000, 40_000]);
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.amount)).toEqual([400, 400]);
    expect(await t.platform.leases.holder(refundLeaseName(paid.orderTransactionId))).toBeNull();
  });

  it('a refund that cannot get the lease is refused with the kit\'s message and sends nothing', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const foreign = await t.platform.leases.take(refundLeaseName(paid.orderTransactionId), { ttlMs: 120_000 });
    expect(foreign).not.toBeNull();
    try {
      const attempt = refundWithShortLeaseWait(payARefundHost(t.platform), createPayARefundProvider(payAHost(t.platform)), { transaction: paid.reference, amount: 100 });
      await expect(attempt).rejects.toThrow(RefundRefusal);
      await expect(attempt).rejects.toMatchObject({ message: 'Another refund of this transaction is in progress. Please try again.' });
      expect(gatewayRefundRequests(sim, paid.reference)).toEqual([]);
    } finally {
      await t.platform.leases.release(foreign!);
    }
  });

  it('an expired lease (a crashed holder) is taken over; the refund then releases its own', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    await sql`INSERT INTO lease (name, token, expires_at) VALUES (${refundLeaseName(paid.orderTransactionId)}, gen_random_uuid(), now() - interval '1 second')`.execute(t.platform.db);
    const response = await t.api('POST', REFUND_ROUTE, { body: { transaction: paid.reference, amount: 150 } });
    expect(response.statusCode).toBe(200);
    expect(await t.platform.leases.holder(refundLeaseName(paid.orderTransactionId))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { createRefundFixture } from '../../fixtures/orders.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { transactionState } from '../../platform/checkout/checkout-fixtures.js';
import { storedRefunds } from '../_gateway-kit/stored-refunds.js';

/** A gateway's payment as the suite uses it: 1,000.00 NGN paid through the gateway. */
export interface ProcessRefundPayment {
  orderTransactionId: string;
}

/** What the suite needs of a gateway's refund test shop. */
export interface ProcessRefundGateway<P extends ProcessRefundPayment> {
  label: string;
  shop: { readonly t: TestPlatform };
  /** A transaction paid through the gateway, 1,000.00 NGN. */
  pay(): Promise<P>;
  /** The amounts (kobo) the gateway was asked to refund for this payment, in order. */
  sentMinor(paid: P): number[];
  /** The gateway's refund route, `amount` in naira. */
  routeRefund(paid: P, amount: number): Promise<{ statusCode: number; json(): any }>;
  /** Applies the gateway's own "refund completed" event for its refund id, as its webhook would. */
  complete(paid: P, gatewayRefundId: string, amountMinor: number): Promise<void>;
}

const processRoute = (refundId: string) => `/api/_action/order_transaction_capture_refund/${refundId}`;

/**
 * Shopware's refund process (`POST /api/_action/order_transaction_capture_refund/{id}`) for a gateway's
 * payment: a refund the Administration created goes to the gateway through the host, is stamped with the
 * gateway's refund id and counted in every balance; its events settle it like a refund the gateway's own
 * route recorded.
 */
export function processRefundSuite<P extends ProcessRefundPayment>(gateway: ProcessRefundGateway<P>): void {
  describe(`${gateway.label}: refunds through Shopware's refund process`, () => {
    it("sends the record's amount to the gateway; the record carries the gateway's refund id, in progress until the gateway's event completes it", async () => {
      const { t } = gateway.shop;
      const paid = await gateway.pay();
      const { refundId, captureId } = await createRefundFixture(t.platform, paid.orderTransactionId, 250_00);

      const response = await t.api('POST', processRoute(refundId));
      expect(response.statusCode).toBe(204);
      expect(gateway.sentMinor(paid)).toEqual([250_00]);
      const [stored] = await storedRefunds(t, paid.orderTransactionId);
      expect(stored).toMatchObject({ id: refundId, captureId, state: 'in_progress', amount: 250 });
      expect(stored!.externalReference).toMatch(/^\d+$/);
      expect(stored!.captureExternalReference).toBe(stored!.externalReference);
      expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('paid');

      await gateway.complete(paid, stored!.externalReference!, 250_00);
      expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => [r.id, r.state])).toEqual([[refundId, 'completed']]);
      expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded_partially');
    });

    it('a processed record holds its amount: the refund route sees the smaller balance, and a record over the balance fails with nothing sent', async () => {
      const { t } = gateway.shop;
      const paid = await gateway.pay();
      const first = await createRefundFixture(t.platform, paid.orderTransactionId, 600_00);
      expect((await t.api('POST', processRoute(first.refundId))).statusCode).toBe(204);

      const overRoute = await gateway.routeRefund(paid, 500);
      expect(overRoute.statusCode).toBe(400);
      expect(overRoute.json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 400.00 NGN' });

      const second = await createRefundFixture(t.platform, paid.orderTransactionId, 500_00);
      const refused = await t.api('POST', processRoute(second.refundId));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({ code: 'CHECKOUT__REFUND_PROCESS_INTERRUPTED', meta: { parameters: { errorMessage: 'Refund amount exceeds the refundable balance of 400.00 NGN' } } });
      expect(gateway.sentMinor(paid)).toEqual([600_00]);
      expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => [r.id, r.state])).toEqual([
        [first.refundId, 'in_progress'],
        [second.refundId, 'failed'],
      ]);
    });

    it("a refund the gateway's route recorded is refused by the process, unchanged and not sent again", async () => {
      const { t } = gateway.shop;
      const paid = await gateway.pay();
      expect((await gateway.routeRefund(paid, 100)).statusCode).toBe(200);
      const [recorded] = await storedRefunds(t, paid.orderTransactionId);

      const again = await t.api('POST', processRoute(recorded!.id));
      expect(again.statusCode).toBe(400);
      expect(again.json().errors[0]).toMatchObject({ code: 'CHECKOUT__REFUND_PROCESS_INTERRUPTED' });
      expect(gateway.sentMinor(paid)).toEqual([100_00]);
      expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.state)).toEqual(['open']);
    });
  });
}

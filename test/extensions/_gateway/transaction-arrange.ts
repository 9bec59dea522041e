import { systemContext } from '../../../src/platform/acl/context.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { DEFAULT_REFUND_TIMINGS, requestRefund } from '../../../src/platform/checkout/refund/refund-request.js';
import type { RefundHost } from '../../../src/platform/checkout/refund/refund-host.js';
import type { RefundablePayment, RefundProvider } from '../../../src/platform/checkout/refund/refund-provider.js';
import type { Platform } from '../../../src/platform/kernel.js';

/** Moves order transactions on through the state machine (e.g. `cancel`, `refund`), as an operator would. */
export async function transitionTransactions(platform: Platform, moves: ReadonlyArray<readonly [orderTransactionId: string, action: string]>): Promise<void> {
  for (const [id, action] of moves) {
    await platform.stateMachines.transition({ within: platform.db, entity: 'order_transaction', id, action, context: systemContext });
  }
}

/** Overwrites custom fields of order transactions in one database transaction (verified data gone or changed). */
export async function overwriteCustomFields(platform: Platform, updates: ReadonlyArray<readonly [orderTransactionId: string, customFields: Record<string, unknown>]>): Promise<void> {
  await transaction(platform.db, async (uow) => {
    for (const [id, customFields] of updates) await platform.repositories.get('order_transaction').update({ id, customFields }, systemContext, uow);
  });
}

/** A refund request that waits only briefly for the transaction's lease, so a lease held elsewhere refuses it quickly. */
export function refundWithShortLeaseWait<P extends RefundablePayment, Notes>(host: RefundHost, provider: RefundProvider<P, Notes>, body: unknown): Promise<Record<string, unknown>> {
  return requestRefund(host, provider, body, { ...DEFAULT_REFUND_TIMINGS, lease: { ttlMs: 120_000, waitMs: 300, pollMs: 50 } });
}

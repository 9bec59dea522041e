import type { ExtensionHost, LeaseOptions } from '../../../platform/sdk/index.js';
import { formatRefundAmount, minimumRefundFor, minimumRefundMinor, refundAmountWithinBounds, requestedMinorOrRefuse, type RefundCurrency } from './refund-amounts.js';
import { withRefundLease } from './refund-lease.js';
import { COMMON_REFUND_MESSAGES, RefundRefusal } from './refund-refusal.js';

/** What every gateway's refundable transaction carries for the common checks. */
export interface RefundableByGateway {
  id: string;
  currency: RefundCurrency;
  settings: { minimumRefundAmount: Readonly<Record<string, string>> };
}

/** A refund the gateway accepted: its id and the whole answer, which the refund route returns. */
export interface AcceptedRefund {
  refundId: string | number;
  envelope: Record<string, unknown>;
}

/** A gateway's own steps of a refund request; each refuses with `RefundRefusal` when the request cannot go on. */
export interface GatewayRefundSteps<T extends RefundableByGateway, C, R extends AcceptedRefund> {
  /** Starts the log lines, e.g. `pay-a`. */
  gateway: string;
  lease: LeaseOptions;
  /** The transaction as refundable now; called before the lease and again under it (with the first answer). */
  load(checked?: T): Promise<T>;
  client(transaction: T): C;
  /** What may still be refunded, minor units. */
  balanceMinor(client: C, transaction: T): Promise<number>;
  /** Asks the gateway for the refund, the amount always explicit. */
  refund(client: C, transaction: T, amountMinor: number): Promise<R>;
  /** Records the accepted refund (pending) so it is never lost when its events never come. */
  record(transaction: T, accepted: R, amountMinor: number): Promise<unknown>;
}

/**
 * A refund request after the body's shape was checked, the same for every gateway: a malformed amount
 * or one below the minimum is refused before anything is written or sent; then, under the transaction's
 * refund lease (concurrent requests in any process are served one after the other), the transaction is
 * read again, the balance is checked, the gateway is asked and the refund is recorded at once. Returns
 * the gateway's answer.
 */
export async function requestGatewayRefund<T extends RefundableByGateway, C, R extends AcceptedRefund>(
  host: ExtensionHost,
  requestedAmount: number | string | undefined,
  steps: GatewayRefundSteps<T, C, R>,
): Promise<Record<string, unknown>> {
  const checked = await steps.load();
  const minimumMinor = minimumRefundMinor(minimumRefundFor(checked.settings.minimumRefundAmount, checked.currency.isoCode), checked.currency);
  const requestedMinor = requestedMinorOrRefuse(requestedAmount, checked.currency);
  if (requestedMinor !== undefined && requestedMinor < minimumMinor) {
    throw new RefundRefusal(COMMON_REFUND_MESSAGES.belowMinimum(formatRefundAmount(minimumMinor, checked.currency)));
  }

  return withRefundLease(host, checked.id, steps.lease, async () => {
    // read again under the lease: a refund that held it before us may have changed the state
    const transaction = await steps.load(checked);
    const client = steps.client(transaction);
    const balanceMinor = await steps.balanceMinor(client, transaction);
    const amountMinor = refundAmountWithinBounds(requestedMinor, { minimumMinor, balanceMinor, currency: transaction.currency });

    const accepted = await steps.refund(client, transaction, amountMinor);
    const ids = { orderTransactionId: transaction.id, gatewayRefundId: accepted.refundId };
    try {
      await steps.record(transaction, accepted, amountMinor);
    } catch (error) {
      // the money is on its way back: say which gateway refund lacks its records (its events adopt it)
      host.logger.error({ err: error, ...ids }, `${steps.gateway}: refund created at the gateway, but its platform records were not`);
      throw error;
    }
    host.logger.info({ ...ids, amountMinor }, `${steps.gateway}: refund requested`);
    return accepted.envelope;
  });
}

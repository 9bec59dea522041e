import type { AcceptedRefund, GatewayRefundHoldings, HoldingsRead, RefundAttempt } from '../../../platform/sdk/index.js';
import { GatewayClientError, GatewayNotConfiguredError } from './gateway-client.js';

/**
 * A gateway's refund call (client creation included) as the host's RefundAttempt: no key for the active
 * mode is `not-configured`, a gateway that answered no is `refused` with its message, no answer (or one
 * without a refund id) `unconfirmed`: the refund may exist anyway. `onFailure` gets what may be logged of
 * a gateway error (never keys or bodies); anything else throws.
 */
export async function refundAttemptOf(call: () => Promise<AcceptedRefund>, onFailure: (log: Record<string, unknown>) => void): Promise<RefundAttempt> {
  try {
    return { outcome: 'accepted', refund: await call() };
  } catch (error) {
    if (error instanceof GatewayNotConfiguredError) return { outcome: 'not-configured' };
    if (!(error instanceof GatewayClientError)) throw error;
    onFailure(error.toLog());
    return error.kind === 'gateway' ? { outcome: 'refused', gatewayMessage: error.details.gatewayMessage } : { outcome: 'unconfirmed' };
  }
}

/**
 * A gateway's read of a payment's refunds (client creation included) as the host's HoldingsRead: no key
 * for the active mode is `not-configured`, an error `isUnreachable` accepts (by default any client error)
 * `unreachable`; anything else throws.
 */
export async function holdingsReadOf(
  read: () => Promise<GatewayRefundHoldings>,
  isUnreachable: (error: unknown) => boolean = (error) => error instanceof GatewayClientError,
): Promise<HoldingsRead> {
  try {
    return { outcome: 'read', holdings: await read() };
  } catch (error) {
    if (error instanceof GatewayNotConfiguredError) return { outcome: 'not-configured' };
    if (isUnreachable(error)) return { outcome: 'unreachable', cause: error };
    throw error;
  }
}

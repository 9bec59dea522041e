import type { Verification, VerifiedPayment } from '../../../platform/sdk/index.js';
import { GatewayClientError, GatewayNotConfiguredError, isTransientGatewayError } from './gateway-client.js';

/**
 * A gateway's verify call as the host's Verification: no key for the active mode is `not-configured`, a
 * gateway that answered no is `refused`, no answer (network, timeout, 5xx) `unreachable`; anything else
 * throws. `log` names the attempt in the host's log line (never keys or bodies).
 */
export async function verificationOf(log: Record<string, unknown>, verify: () => Promise<VerifiedPayment>): Promise<Verification> {
  try {
    return { outcome: 'verified', payment: await verify() };
  } catch (error) {
    if (error instanceof GatewayNotConfiguredError) return { outcome: 'not-configured' };
    if (!(error instanceof GatewayClientError)) throw error;
    const details = { ...log, ...error.toLog() };
    return isTransientGatewayError(error) ? { outcome: 'unreachable', log: details } : { outcome: 'refused', log: details };
  }
}

import type { ExtensionHost } from '../../../platform/sdk/index.js';
import { GatewayClientError, GatewayNotConfiguredError } from '../http/gateway-client.js';
import type { RefundCurrency } from './refund-amounts.js';
import { NOTHING_PAID, type RefundBalance } from './refund-balance.js';
import { RefundBalanceUnavailableError, type RefundableView } from './refundable-route.js';

/** What a gateway knows of one transaction before asking its API; see readRefundableView. */
export interface RefundableRead<Client> {
  host: ExtensionHost;
  /** Starts log lines, e.g. `pay-b`. */
  logPrefix: string;
  orderTransactionId: string;
  currency: RefundCurrency;
  minimumMinor: number;
  refusal: string | null;
  /** Whether the gateway holds a payment of the transaction; without one it is not asked. */
  paid: boolean;
  /** The gateway's client for the transaction's channel; throws GatewayNotConfiguredError without a secret key. */
  createClient(): Client;
  /** The live balance through that client, computed by the code the refund route checks amounts with. */
  readBalance(client: Client): Promise<RefundBalance>;
  /** Whether an error of readBalance means the gateway could not be read (502); anything else is rethrown. */
  isReadFailure(error: unknown): boolean;
}

/**
 * The refundable route's view of one transaction, the same for every gateway: zeros without asking when
 * nothing is paid at the gateway, else the balance read live; a missing key or an unreadable gateway
 * becomes RefundBalanceUnavailableError (answered 502; the cause goes to the log only).
 */
export async function readRefundableView<Client>(read: RefundableRead<Client>): Promise<RefundableView> {
  const { host, logPrefix, orderTransactionId } = read;
  const view = { orderTransactionId, currency: read.currency, minimumMinor: read.minimumMinor, refusal: read.refusal };
  if (!read.paid) return { ...view, balance: NOTHING_PAID, source: 'none' };

  let client: Client;
  try {
    client = read.createClient();
  } catch (error) {
    if (!(error instanceof GatewayNotConfiguredError)) throw error;
    host.logger.warn({ orderTransactionId }, `${logPrefix}: refundable balance not read, no secret key for the active mode`);
    throw new RefundBalanceUnavailableError('not-configured', { cause: error });
  }
  try {
    return { ...view, balance: await read.readBalance(client), source: 'gateway' };
  } catch (error) {
    if (!read.isReadFailure(error)) throw error;
    const details = error instanceof GatewayClientError ? error.toLog() : { reason: error instanceof Error ? error.message : String(error) };
    host.logger.warn({ ...details, orderTransactionId }, `${logPrefix}: refundable balance not read, the gateway's refunds could not be read`);
    throw new RefundBalanceUnavailableError('unreachable', { cause: error });
  }
}

import { paymentErrors, type ExtensionHost, type OrderTransactionView, type PaymentPayInput } from '../../../platform/sdk/index.js';
import { GatewayClientError } from '../http/gateway-client.js';

/** Thrown when the order lacks what the gateway requires; the message names no customer data. */
export class PaymentRequestError extends Error {
  override name = 'PaymentRequestError';
}

export interface HostedPaymentGateway {
  /** Starts the log lines, e.g. `pay-a`. */
  logPrefix: string;
  /** What the customer is told when the payment could not be started. */
  failedMessage: string;
}

/** A hosted payment the gateway created: where the customer goes, and what the log line may name besides the ids. */
export interface HostedPayment {
  redirectUrl: string;
  log?: Record<string, unknown>;
}

/**
 * A provider's `start` for a hosted payment page: the order transaction is loaded, the gateway creates
 * the payment (`create`) and the customer is sent to it. Any failure fails the transaction with the
 * gateway's message fit for the customer; the log gets ids and the gateway's answer, never the key.
 */
export async function startHostedPayment(
  host: ExtensionHost,
  { transaction }: PaymentPayInput,
  gateway: HostedPaymentGateway,
  create: (orderTransaction: OrderTransactionView) => Promise<HostedPayment>,
): Promise<{ redirectUrl: string }> {
  const { orderTransactionId, orderId } = transaction;
  try {
    const orderTransaction = await host.orderTransactions.load(orderTransactionId);
    if (!orderTransaction) throw paymentErrors.invalidTransaction(orderTransactionId);
    const created = await create(orderTransaction);
    host.logger.info({ orderTransactionId, orderId, ...created.log }, `${gateway.logPrefix}: hosted payment created`);
    return { redirectUrl: created.redirectUrl };
  } catch (error) {
    const gatewayLog = error instanceof GatewayClientError ? error.toLog() : {};
    const reason = error instanceof Error ? error.message : String(error);
    host.logger.error({ orderTransactionId, orderId, reason, ...gatewayLog }, `${gateway.logPrefix}: the payment could not be started`);
    throw paymentErrors.asyncProcessInterrupted(orderTransactionId, gateway.failedMessage, error);
  }
}

/** The simulator's programmatic API, used by tests of ExtPayA and by `bin/console ext:pay-a:simulator`. */
import type { GatewaySimulator, SimulatorOptions, WebhookDeliveryResult } from '../../_simulator/index.js';

export type { InjectedFault, RecordedRequest, WebhookDelivery, WebhookDeliveryResult } from '../../_simulator/index.js';

/** Besides the common options: `sk_live_…` keys act in live mode (domain "live"), every other one in test mode (default ['sk_test_simulator']). */
export interface PayASimulatorOptions extends SimulatorOptions {
  /** the integration's currency, charged when initialize sends none; default NGN */
  defaultCurrency?: string;
  /** currencies the merchant account has enabled; default NGN, GHS, ZAR, KES, USD, XOF */
  currencies?: string[];
  /** default 'merchant'; 'customer': fees passed on, verify's amount = requested_amount + fees */
  feeBearer?: 'merchant' | 'customer';
  /** HTTP status of verify for an unknown reference: 400 (observed) or 404 (OpenAPI). Default 400 */
  unknownReferenceStatus?: 400 | 404;
  /** default true: a new refund sends refund.pending, then its final event */
  refundWebhooks?: boolean;
  /** how a new refund ends: processed, failed, or stays pending (only refund.pending is sent). Default processed */
  refundOutcome?: 'processed' | 'failed' | 'pending';
  /** default in-order (pending, then the final event); final-first sends the final event before refund.pending (the real gateway's processed may precede its pending) */
  refundEventOrder?: 'in-order' | 'final-first';
  /** pause between answering POST /refund and sending its events, so the shop can record its refund first. Default 50 */
  refundWebhookDelayMs?: number;
}

export type PaymentOutcome = 'success' | 'failed' | 'abandoned';

export interface PaymentOverrides {
  /** the status recorded instead of the outcome's (e.g. ongoing, pending, reversed) */
  status?: string;
  /** what the customer is charged (verify's `amount`), gateway minor units */
  amount?: number;
  /** verify's `requested_amount` */
  requestedAmount?: number;
  currency?: string;
  fees?: number;
  channel?: string;
}

/** The common simulator API (webhooks signed with the key of the payload's `data.domain` mode, retried on non-2xx) and gateway A's records. */
export interface PayASimulator extends GatewaySimulator<PayASimulatorOptions> {
  /** A transaction by reference: verify's `data` plus `request` (the initialize body as sent) and `authorization_url` */
  transaction(reference: string): Record<string, unknown> | undefined;
  /** References initialized, oldest first */
  references(): string[];
  /**
   * Drives the hosted page without HTML: records the outcome (fees on success), sends charge.success on success
   * (awaited; queued while held) and returns where the customer's browser goes: callback_url with reference and
   * trxref (abandoned: metadata.cancel_action when it is a URL). Throws for an unknown or already paid reference.
   */
  completePayment(reference: string, outcome: PaymentOutcome, overrides?: PaymentOverrides): Promise<{ redirectUrl: string }>;
  /** Changes a stored transaction as verify shows it (status, amount, requested_amount, currency, fees; other keys verbatim). */
  updateTransaction(reference: string, patch: Record<string, unknown>): void;
  /** The refund ledger (fetch shape: numeric transaction), oldest first */
  refunds(): Array<Record<string, unknown>>;
  /** A refund straight into the ledger (made in the dashboard): no balance check, no webhook. */
  addRefund(reference: string, amount: number, options?: { status?: string; merchantNote?: string }): Record<string, unknown>;
  /**
   * Settles a refund the way the gateway's processor does: stores the status (processed or failed) and sends its
   * signed event (refund.processed / refund.failed) unless `send` is false.
   */
  settleRefund(refundId: number, outcome: 'processed' | 'failed', options?: { send?: boolean }): Promise<WebhookDeliveryResult | undefined>;
  /** The event body the gateway sends for a refund's current status (or the given one) */
  refundEvent(refundId: number, status?: string): Record<string, unknown>;
  /** Sends charge.success for a stored transaction */
  sendChargeWebhook(reference: string): Promise<WebhookDeliveryResult>;
  /** The x-pay-a-signature the simulator sends for a payload (with the key of its mode, or the given one) */
  signatureOf(payload: string, secretKey?: string): string;
}

/** The simulator's programmatic API, used by tests of ExtPayB and by `bin/console ext:pay-b:simulator`. */
import type { GatewaySimulator, SimulatorOptions, WebhookDeliveryResult } from '../../_simulator/index.js';

export type { InjectedFault, RecordedRequest, WebhookDelivery, WebhookDeliveryResult } from '../../_simulator/index.js';

/** Besides the common options (default key ['FLWSECK_TEST-simulator'], webhooks retried after a non-200 answer): */
export interface PayBSimulatorOptions extends SimulatorOptions {
  /** sent verbatim as `verif-hash` on every webhook; undefined = header omitted */
  secretHash?: string;
  /** default 'merchant': charged_amount = amount; customer: charged_amount = amount + app_fee */
  feeBearer?: 'merchant' | 'customer';
  /** status of a new refund in the create response and ledger; default 'completed' */
  refundStatus?: string;
  /** default true: send refund.completed after a refund is created */
  refundWebhooks?: boolean;
  /** default 'wrapped' ({event:'refund.completed', data:{...}}); flat = top-level PascalCase object, the gateway's other form */
  refundWebhookShape?: 'wrapped' | 'flat';
  /**
   * Pause between answering `POST /v3/transactions/:id/refund` and sending its automatic refund.completed,
   * so the shop can store its pending refund first (the real gateway takes days). Default 100.
   * For a deterministic order in tests use holdWebhooks()/releaseWebhooks().
   */
  refundWebhookDelayMs?: number;
  /** page size of GET /v3/refunds, default 20 */
  refundsPageSize?: number;
  /** default true, as the real gateway: GET /v3/refunds?id= returns the account-wide list */
  refundsIgnoreIdFilter?: boolean;
}

export type PaymentOutcome = 'successful' | 'failed' | 'cancelled';

export interface PaymentOverrides {
  amount?: number | string;
  currency?: string;
  status?: string;
  /** the gateway fee in major units instead of 1.4 % */
  appFee?: number;
}

/** The common simulator API (paths are /v3/...; webhooks carry the configured verif-hash, retried on non-200) and gateway D's records. */
export interface PayBSimulator extends GatewaySimulator<PayBSimulatorOptions> {
  /** Payments created with POST /v3/payments, by tx_ref (latest initialization), incl. the request body as sent */
  payment(txRef: string): { txRef: string; link: string; request: Record<string, unknown> } | undefined;
  /** Gateway transactions (attempts), numeric ids, the full `data` shape of GET /v3/transactions/:id/verify */
  transaction(id: number): Record<string, unknown> | undefined;
  transactionsFor(txRef: string): Array<Record<string, unknown>>;
  /**
   * Drives the hosted page without HTML: creates an attempt (for 'successful'/'failed'), sends charge.completed
   * (if autoWebhooks and webhookUrl; awaited, or queued while webhooks are held; not for an attempt recorded as
   * 'pending', which has not completed), and returns the URL the customer's browser is redirected to
   * (redirect_url + ?status=<recorded status>&tx_ref=..[&transaction_id=..]). Throws for an unknown tx_ref and
   * for one that is already paid (the link is inactive then).
   */
  completePayment(txRef: string, outcome: PaymentOutcome, overrides?: PaymentOverrides): Promise<{ redirectUrl: string; transactionId?: number }>;
  /**
   * Changes a stored transaction. `status`, `amount`, `currency` and `app_fee` change the gateway's own record
   * (fees, settled amount and refundable balance follow); any other key is shown verbatim in the verify data.
   */
  updateTransaction(id: number, patch: Record<string, unknown>): void;
  /** Refund ledger entries (the list-item shape of GET /v3/refunds, plus tx_id), newest first */
  refunds(): Array<Record<string, unknown>>;
  /**
   * Adds a refund straight into the ledger (e.g. made in the gateway dashboard); no balance check, no webhook.
   * `createdAt` (ISO timestamp) backdates it, for the list's `from`/`to` filters.
   */
  addRefund(transactionId: number, amountMajor: number | string, status?: string, options?: { createdAt?: string }): Record<string, unknown>;
  /**
   * Sends refund.completed for a refund with the given status (default: its ledger status) and shape. A given
   * status is also stored in the ledger: the gateway reports what it now holds.
   */
  sendRefundWebhook(refundId: number, options?: { status?: string; shape?: 'wrapped' | 'flat' }): Promise<WebhookDeliveryResult>;
  /** Sends charge.completed for a stored transaction */
  sendChargeWebhook(transactionId: number): Promise<WebhookDeliveryResult>;
}

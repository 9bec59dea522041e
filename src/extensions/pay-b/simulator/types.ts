/** The simulator's programmatic API, used by tests of ExtPayB and by `bin/console ext:pay-b:simulator`. */
import type { InjectedFault, RecordedRequest, WebhookDelivery, WebhookDeliveryResult } from '../../_gateway-kit/simulator/index.js';

export type { InjectedFault, RecordedRequest, WebhookDelivery, WebhookDeliveryResult };

export interface PayBSimulatorOptions {
  /** default 127.0.0.1 */
  host?: string;
  /** default 0 (random) */
  port?: number;
  /** Bearer keys accepted; default ['FLWSECK_TEST-simulator'] */
  secretKeys?: string[];
  /** sent verbatim as `verif-hash` on every webhook; undefined = header omitted */
  secretHash?: string;
  /** where webhooks go; undefined = none sent (automatic ones) */
  webhookUrl?: string;
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
  /** retries after a non-200 answer; default 3 */
  webhookRetries?: number;
  /** default 50 (compressed from 30 min) */
  webhookRetryDelayMs?: number;
  /** default true: hosted-page outcomes and refunds send their webhooks automatically */
  autoWebhooks?: boolean;
  /** One line per API request and webhook delivery (never headers or keys); default: silent. */
  log?: (line: string) => void;
}

export type PaymentOutcome = 'successful' | 'failed' | 'cancelled';

export interface PaymentOverrides {
  amount?: number | string;
  currency?: string;
  status?: string;
  /** the gateway fee in major units instead of 1.4 % */
  appFee?: number;
}

export interface PayBSimulator {
  /** e.g. http://127.0.0.1:41234: the shop's ExtPayB.config.apiBaseUrl (paths are /v3/...) */
  baseUrl: string;
  /** stops the server AND pending webhook deliveries/retry timers */
  close(): Promise<void>;
  /** Every API request received (not hosted-page requests) */
  readonly requests: ReadonlyArray<RecordedRequest>;
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
  /**
   * Sends any body (a string is sent as-is, e.g. malformed JSON) with the configured verif-hash (or the given
   * headers instead), with retries on non-200; `times` > 1 delivers duplicates (sequentially, or all at once
   * with parallel:true). Explicit sends throw when no webhookUrl is set.
   */
  deliverWebhook(body: unknown, options?: { headers?: Record<string, string>; times?: number; parallel?: boolean }): Promise<WebhookDeliveryResult>;
  /** Hold automatic webhooks in a queue instead of sending */
  holdWebhooks(): void;
  /** Sends the held webhooks one after the other (reverse = out of order; duplicate = each twice) and stops holding */
  releaseWebhooks(options?: { order?: 'fifo' | 'reverse'; duplicate?: boolean }): Promise<WebhookDeliveryResult[]>;
  /** Bodies of the webhooks held right now, in the order they were queued */
  readonly heldWebhooks: ReadonlyArray<unknown>;
  /** Every delivery attempt: event, attempt number, HTTP status answered (or error), body */
  readonly webhookDeliveries: ReadonlyArray<WebhookDelivery>;
  /** Resolves once no webhook delivery (automatic refund webhooks, resend-hook) is pending or in flight */
  webhooksSettled(): Promise<void>;
  /** Fault injection for matching API requests; returns a function that removes it */
  injectFault(fault: InjectedFault): () => void;
  setWebhookUrl(url: string | undefined): void;
  setOptions(patch: Partial<PayBSimulatorOptions>): void;
}

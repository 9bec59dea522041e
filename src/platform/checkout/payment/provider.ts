/**
 * The payment provider contract: what a gateway supplies so the host can run its payments. Types only;
 * this file imports no implementation. The provider talks to its gateway and reads its gateway's
 * words (the return, a webhook, a verify answer); the host applies them, once for every provider: the
 * finalize route, the webhook intake (raw body, body limit, the answers the provider declares, single
 * flight of duplicate deliveries, processed events), settlement under the order transaction's row lock
 * with the exact minor-unit comparison, and the state moves (src/platform/checkout/payment/), and the
 * refunds (src/platform/checkout/refund/). Amounts cross this contract in exact minor units: converting to and from the gateway's wire units happens at
 * the provider's edge. docs/adding-a-gateway.md is the recipe.
 */
import type { OrderTransactionView } from '../order-transaction/order-transaction-view.js';
import type { RefundEvent, RefundProvider } from '../refund/refund-provider.js';
import type { PaymentPayInput, PaymentValidateInput, PaymentValidationResult } from './payment-handler.js';

/** What a gateway's status means for the order transaction; the provider maps its statuses to these. */
export type PaymentVerdict = 'successful' | 'failed' | 'cancelled' | 'pending';

/** A payment attempt as the gateway's API confirmed it (never as a webhook body or a return URL claimed it). */
export interface VerifiedPayment {
  /** The gateway's id of the attempt: `charge:<id>` is recorded once it is final. */
  gatewayTransactionId: string;
  /** The gateway's reference of the attempt (for logs). */
  reference: string;
  /** The order transaction the verified reference names; null when it names none of this shop's (or another than asked). */
  orderTransactionId: string | null;
  verdict: PaymentVerdict;
  /** The gateway's own status word, for logs. */
  gatewayStatus: string;
  /** The attempt will never change again (success or failure): its event is recorded, so duplicates change nothing. */
  final: boolean;
  /**
   * What the gateway was asked to charge, in exact minor units with the gateway's decimals of the currency;
   * null when its answer holds no exact amount (or less was charged than asked). The host compares it
   * with the order transaction's total in the same decimals.
   */
  amount: { minor: number; decimals: number } | null;
  /** Upper-case ISO 4217 code the gateway charged in. */
  currency: string;
  /** Gateway data to store in the order transaction's custom fields (by the statement that moves its state). */
  fields: Record<string, unknown>;
  /** Asked with the sandbox (test) keys: the host marks the transaction and its order as test (`payment_test_mode`). */
  testMode?: boolean;
}

/** The outcome of asking the gateway about an attempt. */
export type Verification =
  | { outcome: 'verified'; payment: VerifiedPayment }
  /** No secret key for the active mode: nothing could be asked. */
  | { outcome: 'not-configured' }
  /** No answer (network, timeout, a 5xx): worth a retry. `log` holds what may be logged (never keys or bodies). */
  | { outcome: 'unreachable'; log?: Record<string, unknown> }
  /** The gateway answered and does not confirm the attempt: a retry changes nothing. */
  | { outcome: 'refused'; log?: Record<string, unknown> };

/** What the customer's return names: the attempt to verify, a cancellation, or nothing usable. */
export type ReturnedAttempt = { kind: 'verify'; attempt: string } | { kind: 'cancelled' } | { kind: 'unconfirmed' };

/** Sentences the host shows the customer when finalize does not end paid. */
export interface FinalizeMessages {
  /** The payment could not be confirmed (no attempt, gateway unreachable, mismatching answer). */
  notConfirmed: string;
  /** The gateway reports the attempt failed. */
  declined: string;
  /** The customer cancelled on the gateway's page. */
  cancelled: string;
}

/** A webhook delivery as the host received it: the exact bytes (what signatures cover) and the headers. */
export interface WebhookRequest {
  rawBody: Buffer | undefined;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** One answer of a webhook; without a body the answer is empty (e.g. 204). */
export interface WebhookAnswer {
  status: number;
  body?: unknown;
}

/** The gateway's only answers: a gateway counts anything unexpected as a failed delivery. */
export interface WebhookAnswers {
  /** Authenticated and handled, or acknowledged without action (an event type or charge the shop does not act on). */
  handled: WebhookAnswer;
  /** The body could not be read or has not the gateway's shape. */
  badRequest: WebhookAnswer;
  /** Missing or wrong signature, or nothing configured to check it with. */
  forbidden: WebhookAnswer;
  /** Handling failed: the gateway retries after it. */
  internalError: WebhookAnswer;
}

/**
 * What an authenticated webhook delivery asks for, or why it is refused. The provider checks the
 * signature first and reads nothing of an unauthenticated body; it logs its own ignores.
 */
export type WebhookVerdict =
  | {
      /** A charge event: the host verifies the attempt through the provider and settles it. */
      action: 'charge';
      /** The gateway's reference the body names (for logs). */
      reference: string;
      /** The order transaction the reference names; null: none of this shop's (acknowledged). */
      orderTransactionId: string | null;
      /** What `verify` is asked about (a reference, or the gateway's transaction id). */
      attempt: string;
      /** The gateway's transaction id when the body names it: an attempt recorded under it is a duplicate, read without asking the gateway. */
      gatewayTransactionId?: string;
      /** The event claims a success: anything else verified is left to the customer's return. */
      successOnly?: boolean;
    }
  /** A refund event: the host applies it (src/platform/checkout/refund/refund-events.ts) with the provider's refund part. */
  | { action: 'refund'; reference: string; refund: RefundEvent }
  | { action: 'ignore' }
  /** Refused before the body is acted on; the host logs `reason` (which must name no body content or key). */
  | { action: 'refuse'; answer: 'badRequest' | 'forbidden'; reason: string };

/** The webhook a provider declares; the host mounts it at `path` (no platform authentication: the signature is the gate). */
export interface ProviderWebhook {
  /** e.g. `/pay-b/webhook`. */
  path: string;
  /** Larger bodies are refused unread (the gateway's `badRequest`). Default 256 KiB. */
  bodyLimit?: number;
  answers: WebhookAnswers;
  /** Verifies the delivery (signature over the raw bytes) and reads it into a verdict; throwing answers `internalError`. */
  read(request: WebhookRequest): Promise<WebhookVerdict>;
}

/** The gateway's re-check settings for a sales channel (the host's scheduled re-check, payment-recheck.ts). */
export interface RecheckSettings {
  /** On by default; off: open payments of this gateway are never re-checked (nor marked needs review). */
  enabled: boolean;
  /** Tries end this many hours after the payment started (at most 24: the last try of the schedule). */
  scheduleEndHours: number;
}

/** What the host's re-check of unsettled payments asks of a provider. */
export interface ProviderRecheck {
  settings(salesChannelId: string): Promise<RecheckSettings>;
  /**
   * Asks the gateway about the latest attempt of an open transaction without the customer's return
   * (e.g. by the reference the shop sent); null when no attempt was ever started.
   */
  verifyLatest(transaction: OrderTransactionView): Promise<Verification | null>;
}

/** A gateway as the host runs it. */
export interface PaymentProvider {
  /** Starts log lines, e.g. `pay-a`. */
  name: string;
  /** Its payment method: webhooks for transactions of any other method are acknowledged and ignored. */
  paymentMethodId: string;
  /** The order transaction custom field holding the gateway's processed event keys, e.g. `pay_a_processed_events`. */
  processedEventsField: string;
  messages: FinalizeMessages;
  /** Cart validation before an order exists (see PaymentHandler.validate). */
  validate?(input: PaymentValidateInput): Promise<PaymentValidationResult>;
  /**
   * Creates the hosted payment and returns where to send the customer. Throws the customer's error
   * (`paymentErrors.asyncProcessInterrupted`) when it cannot: the host fails the transaction.
   */
  start(input: PaymentPayInput): Promise<{ redirectUrl: string }>;
  /** Reads the customer's return (the URL is a hint only: what it names is verified). */
  returnedAttempt(input: { transaction: OrderTransactionView; requestData: Record<string, unknown> }): ReturnedAttempt;
  /** Asks the gateway about an attempt of the transaction. */
  verify(attempt: string, transaction: OrderTransactionView): Promise<Verification>;
  webhook: ProviderWebhook;
  /**
   * The refund part (src/platform/checkout/refund/refund-provider.ts): creates a refund and reads the
   * gateway's refund holdings, in minor units; the webhook's refund verdicts are applied with it.
   */
  refunds?: RefundProvider<any, any, any>;
  /** Re-checking payments that stayed open (webhook lost, customer never returned); without it they are not re-checked. */
  recheck?: ProviderRecheck;
}

/**
 * The refund part of the payment provider contract: what a gateway supplies so the host can refund its
 * payments, read their refundable balance and apply its refund events. Types only; this file imports no
 * implementation. Every amount here is in exact minor units of the currency as the gateway counts it
 * (`RefundCurrency.decimals`): converting to and from the gateway's wire units is the provider's job,
 * at its edge, and nothing on the host's side ever sees a wire amount.
 *
 * The host owns the rest (src/platform/checkout/refund/): the routes and Shopware's refund process, the
 * lease that serialises refunds of one transaction, the minimum and balance checks, the pending records
 * with ids derived from the gateway's refund id (or the Administration's record, stamped with it), completion and failure and the transaction's move to refunded or
 * refunded_partially, and matching events that name only an amount.
 */
import type { TSchema } from '@sinclair/typebox';
import type { OrderTransactionView } from '../order-transaction/order-transaction-view.js';

/** A currency as a gateway counts it: its code and the gateway's decimals of it. */
export interface RefundCurrency {
  /** Upper-case ISO 4217 code. */
  isoCode: string;
  decimals: number;
}

/** An order transaction as a provider is shown it. */
export type RefundTransaction = OrderTransactionView;

/** A payment the gateway was verified to hold: what its refunds are checked and read with. */
export interface RefundablePayment {
  /** The order transaction. */
  orderTransactionId: string;
  currency: RefundCurrency;
  /** What the gateway was paid for the transaction, minor units of `currency`. */
  amountMinor: number;
}

/** The refund settings of a transaction's sales channel. */
export interface RefundSettings {
  refundEnabled: boolean;
  /** Minimum refund per currency code (major units, decimal strings), `default` for the others. */
  minimumRefundAmount: Readonly<Record<string, string>>;
}

/**
 * A refund request as the provider read it from its route's body (the body's field names are the
 * gateway's). A malformed body is refused by throwing the host's refund refusal with the route's message.
 */
export interface RefundRequest<Notes = unknown> {
  /** What names the transaction in the body (an order transaction id, or a gateway reference). */
  locator: string;
  /** Major units as sent; undefined refunds the whole remaining balance. */
  amount: number | string | undefined;
  /** Stored as the platform refund's reason. */
  reason: string | undefined;
  /** What else the provider sends the gateway (notes, comments); the host passes it on untouched. */
  notes: Notes;
}

/** The gateway's eligibility rules and its route's messages, as data. */
export interface RefundEligibility {
  /** States a refund may start from (the host's paid states). */
  refundableStates: ReadonlySet<string>;
  messages: {
    disabled: string;
    notRefundable: string;
    /** The locator names no transaction of this gateway. */
    notFound: string;
    /** The gateway's key for the active mode is missing, so no refund can be sent. */
    notConfigured: string;
    /** The gateway's holdings could not be read while refunding (when the refund route checks them). */
    holdingsUnavailable: string;
  };
}

/** The payment the host asks the gateway to refund: the amount is always explicit. */
export interface RefundOrder<P extends RefundablePayment = RefundablePayment, Notes = unknown> {
  payment: P;
  amountMinor: number;
  request: RefundRequest<Notes>;
}

/** A refund the gateway accepted. */
export interface AcceptedRefund {
  /** The gateway's refund id: the platform's capture and refund ids derive from it. */
  gatewayRefundId: string | number;
  /** The gateway's answer, which the refund route returns as is. */
  answer: Record<string, unknown>;
  /** What the gateway was asked to refund, minor units. */
  amountMinor: number;
}

/**
 * A refund call that did not produce an accepted refund: `refused` (the gateway answered no; its message
 * is shown when it gave one), `unconfirmed` (no answer, or one without a refund id: the refund may exist
 * anyway), `not-configured` (no key for the active mode).
 */
export type RefundAttempt =
  | { outcome: 'accepted'; refund: AcceptedRefund }
  | { outcome: 'refused'; gatewayMessage?: string }
  | { outcome: 'unconfirmed' }
  | { outcome: 'not-configured' };

/** One refund of the transaction as the gateway lists it (failed ones left out). */
export interface ListedGatewayRefund {
  gatewayRefundId: string | number;
  amountMinor: number;
  /** The gateway's final word: completed (the re-check adopts it completed); otherwise pending. */
  completed: boolean;
  /** The merchant's note, when the gateway keeps one: the adopted refund's reason. */
  note?: string;
}

/** What the gateway reports of one transaction's refunds, minor units. */
export interface GatewayRefundHoldings {
  /** What the gateway was paid for the transaction. */
  paidMinor: number;
  /** Completed refunds. */
  refundedMinor: number;
  /** Refunds holding their amount without being completed. */
  pendingMinor: number;
  /**
   * The gateway's refunds by id, when it names them: one without platform records counts as a pending
   * refund of the shop, and the refund route records it before it checks an amount. Left out, the
   * gateway's totals alone count.
   */
  listed?: readonly ListedGatewayRefund[];
}

/** Reading the holdings: the holdings, or why the gateway could not be read (the cause goes to the log only). */
export type HoldingsRead =
  | { outcome: 'read'; holdings: GatewayRefundHoldings }
  | { outcome: 'unreachable'; cause?: unknown }
  | { outcome: 'not-configured' };

/** How long the host lets a provider's calls take. */
export interface RefundDeadlines {
  /** Per gateway request. */
  requestTimeoutMs: number;
  /** Epoch ms by which a read of every page must end. */
  deadline: number;
}

/** The Admin API routes the host mounts for a provider (paths and documentation; the shapes are the host's). */
export interface RefundRouteDeclaration {
  /** e.g. `/api/_action/pay-b/refund`. */
  refundPath: string;
  /** e.g. `/api/_action/pay-b/refundable`; the route is `<path>/:orderTransactionId`. */
  refundablePath: string;
  /** The refund route's privilege, e.g. `pay_b.refund`. */
  privilege: string;
  /** OpenAPI tag, e.g. `Gateway D`. */
  tag: string;
  refundSummary: string;
  refundableSummary: string;
  /** The refund body as the route documents it; `readRequest` checks it. */
  body: TSchema;
}

/**
 * The refund part of a payment provider. `P` is the provider's own verified payment (it may carry the
 * gateway's transaction id); `Notes` what its refund body adds for the gateway.
 */
export interface RefundProvider<P extends RefundablePayment = RefundablePayment, Notes = unknown, S extends RefundSettings = RefundSettings> {
  /** Named in messages and error codes: `Gateway D`, `PAY_B`. */
  gatewayName: string;
  codePrefix: string;
  /** Starts log lines, e.g. `pay-b`. */
  logPrefix: string;
  /** The payment method whose transactions are the provider's. */
  paymentMethodId: string;
  /** A fixed id (32 hex) the gateway's capture and refund record ids derive from. */
  recordNamespace: string;
  /** The order transaction custom field holding the gateway's processed event keys. */
  processedEventsField: string;
  routes: RefundRouteDeclaration;
  eligibility: RefundEligibility;
  /**
   * Whether the refund route checks an amount against the gateway's holdings too (read live), or only
   * against the shop's own records (the gateway checking its own balance when asked to refund).
   */
  checksGatewayHoldings: boolean;
  /** Reads the refund body; throws the host's refund refusal for a malformed one. */
  readRequest(body: unknown): RefundRequest<Notes>;
  /**
   * What the provider sends the gateway besides the amount for a refund created in the Administration
   * and processed through Shopware's refund process (there is no body: only the refund's reason).
   */
  notesFor(reason: string | undefined): Notes;
  /**
   * The provider's transaction a locator other than the order transaction id names (gateway A: its
   * reference), or undefined. Left out, the locator is the order transaction id.
   */
  findTransaction?(locator: string): Promise<RefundTransaction | undefined>;
  settingsOf(transaction: RefundTransaction): Promise<S>;
  /** The verified payment the gateway holds of the transaction, whatever its state; null when there is none. */
  paymentOf(transaction: RefundTransaction): P | null;
  /** The currency of a transaction without a verified payment, as the refundable route answers it. */
  currencyOf(transaction: RefundTransaction): RefundCurrency;
  /** Asks the gateway to refund `amountMinor` of the payment. */
  createRefund(order: RefundOrder<P, Notes>, settings: S, deadlines: RefundDeadlines): Promise<RefundAttempt>;
  /** Reads what the gateway holds of the payment's refunds. */
  readRefundHoldings(payment: P, settings: S, deadlines: RefundDeadlines): Promise<HoldingsRead>;
  /** What applying the provider's refund events needs. */
  events: RefundEventSupport;
}

/**
 * A refund event the provider's webhook parser read (after verifying the request), for the host's
 * `applyRefundEvent`. The gateway's final word: `complete`, `fail`, or none (`pending`: the refund is only
 * made sure to exist). Either it names the gateway's refund (`by-id`, gateway D), or only the transaction
 * and the amount (`by-amount`, gateway A: the host picks the oldest undecided refund of that amount under
 * the row lock, and remembers the processor reference it settled).
 */
export type RefundEvent =
  | {
      kind: 'by-id';
      /** For logs and keys, e.g. `refund.completed`. */
      event: string;
      gatewayRefundId: string | number;
      outcome: 'complete' | 'fail' | 'pending';
      /** The gateway transaction the body names, when it names one: a refund of another charge is not applied. */
      gatewayTransactionId?: string | number;
      /** The amount the body reports, minor units are not known yet: checked against the record's for a warning only. */
      reportedAmount?: unknown;
    }
  | {
      kind: 'by-amount';
      event: string;
      /** What names the transaction (gateway A: its reference). */
      locator: string;
      /** The amount as sent (wire units): the provider converts it once the transaction's currency is known. */
      amount: unknown;
      /** The currency the body names, if any. */
      currency?: string | null;
      outcome: 'complete' | 'fail' | 'pending';
      /** The processor's reference of the refund, sent with final events. */
      processorReference?: string;
    };

/** A refund the gateway confirms when asked about it (adopting a refund the shop has no record of). */
export interface ConfirmedGatewayRefund {
  gatewayRefundId: string | number;
  amountMinor: number;
  /** Stored as the adopted refund's reason. */
  note: string | undefined;
}

/** What the host needs from a provider to apply its refund events. */
export interface RefundEventSupport {
  /** The currency the gateway's amounts of this transaction count in; null when the gateway does not take it. */
  currencyOf(transaction: RefundTransaction): RefundCurrency | null;
  /** A wire amount in minor units of the currency (null: no exact amount of it). */
  toMinor(amount: unknown, currency: RefundCurrency): number | null;
  /**
   * Gateway D: the refund the gateway confirms under this id for this transaction, or undefined when it
   * knows none or shows it for another charge or without an amount. Throws on gateway faults (retry).
   */
  confirmRefund?(transaction: RefundTransaction, gatewayRefundId: string | number): Promise<ConfirmedGatewayRefund | undefined>;
  /**
   * Gateway A: the oldest refund the gateway lists for the transaction with this amount, of the outcome
   * (`fail`: a failed one; otherwise any not failed), that `isRecorded` does not reject. Throws on faults.
   */
  findListedRefund?(
    transaction: RefundTransaction,
    currency: RefundCurrency,
    match: { amountMinor: number; outcome: 'complete' | 'fail' | 'pending'; isRecorded(gatewayRefundId: string | number): boolean },
  ): Promise<ConfirmedGatewayRefund | undefined>;
  /** The transactions whose payment is the gateway transaction `gatewayTransactionId` (gateway D: a refund's charge). */
  transactionsOfCharge?(gatewayTransactionId: string | number): Promise<string[]>;
  /** The gateway transaction id stored on a transaction, to compare with an event's. */
  chargeOf?(transaction: RefundTransaction): string | number | undefined;
}

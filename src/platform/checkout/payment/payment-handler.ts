import type { ApiContext } from '../../acl/context.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';

/**
 * The payment contract (Shopware's AbstractPaymentHandler). A payment method names its
 * handler by `payment_method.handlerIdentifier`; the platform's own handlers are `invoice` and
 * `cash_on_delivery`, extensions declare theirs (built with their ExtensionHost, which is how a handler
 * reaches settings and services). Handlers never write state columns: they ask the state machine for a
 * transition (e.g. action `paid`), which is a no-op when already there.
 */
export interface PaymentHandler {
  /**
   * Cart validation, before an order exists: `{ok:false, message}` blocks the checkout; the message is
   * shown to the customer and listed in the Store API cart errors. `data` is stored on the order
   * transaction (`validationData`) and handed to `pay`.
   */
  validate?(input: PaymentValidateInput): Promise<PaymentValidationResult>;
  /**
   * Starts the payment. Returning `{redirectUrl}` sends the customer to the gateway, who comes back to
   * `transaction.returnUrl` (the finalize route); returning nothing means the payment is done (or
   * stays open, e.g. invoice). Throwing fails the transaction.
   */
  pay(input: PaymentPayInput): Promise<{ redirectUrl: string } | void>;
  /**
   * Runs when the customer returns (`GET|POST /payment/finalize-transaction`). Throw
   * `paymentErrors.customerCanceled` to cancel the transaction, anything else to fail it; return to
   * succeed (the handler itself moves the transaction to paid etc.).
   */
  finalize?(input: PaymentFinalizeInput): Promise<void>;
  /** Optional: refunds the refund `refundId`; the handler moves refund and transaction states. */
  refund?(input: PaymentRefundInput): Promise<void>;
}

export interface PaymentValidateInput {
  context: SalesChannelContext;
  cart: { price: { totalPrice: number }; lineItemCount: number };
}

export type PaymentValidationResult = { ok: true; data?: unknown } | { ok: false; message: string; code?: string };

/** Ids only, as Shopware's PaymentTransactionStruct; handlers read what they need. */
export interface PaymentTransactionRef {
  orderTransactionId: string;
  orderId: string;
  paymentMethodId: string;
  /** The finalize URL with the payment token; set when the handler may redirect. */
  returnUrl: string;
}

export interface PaymentPayInput {
  transaction: PaymentTransactionRef;
  context: SalesChannelContext;
  /** What `validate` returned at checkout, if anything. */
  validationData: unknown;
  /** The handle-payment request's parameters (besides orderId/finishUrl/errorUrl). */
  requestData: Record<string, unknown>;
}

export interface PaymentFinalizeInput {
  transaction: Omit<PaymentTransactionRef, 'returnUrl'>;
  /** Query and form parameters of the return request (e.g. the gateway's `status`, `transaction_id`). */
  requestData: Record<string, unknown>;
}

export interface PaymentRefundInput {
  refundId: string;
  orderTransactionId: string;
  context: ApiContext;
}

export interface PaymentHandlerRegistration {
  /** Matches `payment_method.handlerIdentifier`. */
  identifier: string;
  handler: PaymentHandler;
  /** Extension owning the handler: its payment methods are unavailable while it is inactive. */
  owner?: string;
}

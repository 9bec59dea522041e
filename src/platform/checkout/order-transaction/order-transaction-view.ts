/** Types only: what payment code (host and providers) reads of an order transaction. */

/** An order transaction with what payment code needs of its order, currency and state. */
export interface OrderTransactionView {
  id: string;
  orderId: string;
  orderNumber: string;
  salesChannelId: string;
  paymentMethodId: string;
  /** Technical name of the current state, e.g. `open`, `paid`, `refunded_partially`. */
  state: string;
  currency: {
    id: string;
    /** Upper-case ISO 4217 code. */
    isoCode: string;
    /** The shop's decimals for the currency (a gateway may count differently). */
    decimals: number;
  };
  /** `amount.totalPrice` as stored (major units, a JSON number); gateways convert it with their own exponent. */
  amountTotal: unknown;
  /** The total in the shop's minor units of the currency; null when it is no exact amount of it. */
  amountMinor: number | null;
  customFields: Record<string, unknown>;
  createdAt: Date;
}

/** The order's customer and billing phone, as a payment request needs them. */
export interface OrderPayer {
  email: string;
  firstName: string;
  lastName: string;
  /** The billing address's phone number, trimmed; null when none. */
  phone: string | null;
}

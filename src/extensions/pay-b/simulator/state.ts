import { randomBytes, randomInt } from 'node:crypto';
import { gatewayTimestamp, RecordBook, SimulatorLedger, type LedgerRefund } from '../../_simulator/index.js';

/** The simulated merchant account (ids that appear in gateway records). */
export const MERCHANT_ACCOUNT_ID = 73362;
export const MERCHANT_WALLET_ID = 74639;

/** One POST /v3/payments: a hosted link for a tx_ref. A tx_ref may be initialised again (new link). */
export interface PaymentInit {
  linkId: string;
  link: string;
  txRef: string;
  /** the request body as sent */
  request: Record<string, unknown>;
  amountMinor: bigint;
  currency: string;
  redirectUrl: string | undefined;
  customer: { email: string; name: string | null; phoneNumber: string | null };
  /** POST /v3/payments/link/disable */
  disabled: boolean;
}

export interface GatewayCustomer {
  id: number;
  name: string | null;
  email: string;
  phone_number: string | null;
  created_at: string;
}

/** A payment attempt on a hosted link: the gateway's own record behind verify. */
export interface GatewayTransaction {
  id: number;
  txRef: string;
  flwRef: string;
  amountMinor: bigint;
  currency: string;
  status: string;
  /** a fee set by a test; otherwise 1.4 % of the amount */
  appFeeMinor: bigint | undefined;
  feeBearer: 'merchant' | 'customer';
  createdAt: string;
  customer: GatewayCustomer;
  /** keys a test patched in that are shown verbatim (updateTransaction) */
  shownAsIs: Record<string, unknown>;
}

export interface RefundEntry extends LedgerRefund {
  amountMinor: bigint;
  flwRef: string;
  comments: string | null;
}

/** Everything the simulated gateway knows: payment links, transactions (attempts) and the refund ledger. */
export class GatewayLedger extends SimulatorLedger<RefundEntry, GatewayCustomer> {
  readonly #paymentsByLink = new Map<string, PaymentInit>();
  readonly #latestPaymentByTxRef = new Map<string, PaymentInit>();
  readonly #transactions = new RecordBook<GatewayTransaction>(10_000_000, 90_000_000);

  constructor() {
    super({ refunds: [100_000, 900_000], customers: [200_000_000, 300_000_000] });
  }

  addPayment(init: Omit<PaymentInit, 'linkId' | 'link' | 'disabled'>, linkFor: (linkId: string) => string): PaymentInit {
    const linkId = `flwlnk-${randomBytes(13).toString('hex')}`;
    const payment: PaymentInit = { ...init, linkId, link: linkFor(linkId), disabled: false };
    this.#paymentsByLink.set(linkId, payment);
    this.#latestPaymentByTxRef.set(init.txRef, payment);
    return payment;
  }

  paymentByLinkId(linkId: string): PaymentInit | undefined {
    return this.#paymentsByLink.get(linkId);
  }

  paymentByLink(link: string): PaymentInit | undefined {
    for (const payment of this.#paymentsByLink.values()) if (payment.link === link) return payment;
    return undefined;
  }

  latestPayment(txRef: string): PaymentInit | undefined {
    return this.#latestPaymentByTxRef.get(txRef);
  }

  addTransaction(fields: Omit<GatewayTransaction, 'id' | 'flwRef' | 'createdAt' | 'customer' | 'shownAsIs'>, customer: PaymentInit['customer']): GatewayTransaction {
    return this.#transactions.add({
      ...fields,
      flwRef: `FLW-MOCK-${randomBytes(16).toString('hex')}`,
      createdAt: gatewayTimestamp(),
      customer: this.#customerFor(customer),
      shownAsIs: {},
    });
  }

  transaction(id: number): GatewayTransaction | undefined {
    return this.#transactions.get(id);
  }

  /** Attempts of a tx_ref, oldest first. */
  transactionsFor(txRef: string): GatewayTransaction[] {
    return this.#transactions.where((t) => t.txRef === txRef);
  }

  isPaid(txRef: string): boolean {
    return this.transactionsFor(txRef).some((t) => isSuccessful(t.status));
  }

  /** `createdAt` (a gateway timestamp) backdates a refund, e.g. one made in the dashboard long ago. */
  addRefund(fields: Omit<RefundEntry, 'id' | 'flwRef' | 'createdAt' | 'updatedAt'> & { createdAt?: string }): RefundEntry {
    return this.recordRefund({ ...fields, flwRef: `URF_${Date.now()}_${randomInt(1_000_000, 10_000_000)}` }, fields.createdAt);
  }

  /** The whole account's refunds, newest first (as the gateway lists them). */
  override allRefunds(): RefundEntry[] {
    return super.allRefunds().reverse();
  }

  /** What is already refunded on a transaction: every refund except failed ones holds the balance. */
  refundedMinor(transactionId: number): bigint {
    let total = 0n;
    for (const refund of this.refundsOf(transactionId, (status) => status.toLowerCase() !== 'failed')) total += refund.amountMinor;
    return total;
  }

  #customerFor(customer: PaymentInit['customer']): GatewayCustomer {
    const known = this.knownCustomer(customer.email);
    if (known) return { ...known, name: customer.name ?? known.name, phone_number: customer.phoneNumber ?? known.phone_number };
    return this.newCustomer(customer.email, (id) => ({
      id,
      name: customer.name,
      email: customer.email,
      phone_number: customer.phoneNumber,
      created_at: gatewayTimestamp(),
    }));
  }
}

export function isSuccessful(status: string): boolean {
  return status.toLowerCase() === 'successful';
}

import { randomBytes, randomInt } from 'node:crypto';
import { gatewayTimestamp, IdSequence, SimulatorLedger, type LedgerRefund } from '../../_simulator/index.js';

/** The simulated merchant account (ids that appear in gateway records). */
export const INTEGRATION_ID = 412829;

/** One transaction: created by initialize, changed by the hosted page (the gateway's record behind verify). */
export interface SimTransaction {
  id: number;
  reference: string;
  accessCode: string;
  authorizationUrl: string;
  /** the initialize body as sent */
  request: Record<string, unknown>;
  /** the key that initialized it: its events are signed with the key of its mode */
  mode: 'test' | 'live';
  /** what was asked for (verify's requested_amount), wire units */
  requestedAmount: number;
  /** what the customer is charged (verify's amount) */
  amount: number;
  currency: string;
  email: string;
  callbackUrl: string | undefined;
  cancelAction: string | undefined;
  metadata: unknown;
  status: string;
  gatewayResponse: string | null;
  channel: string | null;
  fees: number | null;
  paidAt: string | null;
  createdAt: string;
  customer: { id: number; email: string; customer_code: string };
  /** keys a test patched in, shown verbatim (updateTransaction) */
  shownAsIs: Record<string, unknown>;
}

/** A refund; its status is pending, processing, processed, failed or needs-attention. */
export interface SimRefund extends LedgerRefund {
  amount: number;
  customerNote: string | null;
  merchantNote: string | null;
  /** the processor's reference: null while pending */
  refundReference: string | null;
}

/** Everything the simulated gateway knows: transactions by reference and the refund ledger. */
export class GatewayLedger extends SimulatorLedger<SimRefund, SimTransaction['customer']> {
  readonly #byReference = new Map<string, SimTransaction>();
  readonly #byAccessCode = new Map<string, SimTransaction>();
  readonly #transactionIds = new IdSequence(4_000_000_000, 4_100_000_000);

  constructor() {
    super({ refunds: [3_000_000, 9_000_000], customers: [180_000_000, 190_000_000] });
  }

  hasReference(reference: string): boolean {
    return this.#byReference.has(reference);
  }

  addTransaction(fields: Omit<SimTransaction, 'id' | 'accessCode' | 'authorizationUrl' | 'customer' | 'createdAt' | 'shownAsIs'>, urlFor: (accessCode: string) => string): SimTransaction {
    const accessCode = randomBytes(8).toString('hex').slice(0, 15);
    const transaction: SimTransaction = {
      ...fields,
      id: this.#transactionIds.next(),
      accessCode,
      authorizationUrl: urlFor(accessCode),
      customer: this.#customerFor(fields.email),
      createdAt: gatewayTimestamp(),
      shownAsIs: {},
    };
    this.#byReference.set(transaction.reference, transaction);
    this.#byAccessCode.set(accessCode, transaction);
    return transaction;
  }

  byReference(reference: string): SimTransaction | undefined {
    return this.#byReference.get(reference);
  }

  byAccessCode(accessCode: string): SimTransaction | undefined {
    return this.#byAccessCode.get(accessCode);
  }

  byId(id: number): SimTransaction | undefined {
    for (const transaction of this.#byReference.values()) if (transaction.id === id) return transaction;
    return undefined;
  }

  references(): string[] {
    return [...this.#byReference.values()].sort((a, b) => a.id - b.id).map((t) => t.reference);
  }

  addRefund(fields: Omit<SimRefund, 'id' | 'createdAt' | 'updatedAt' | 'refundReference'>): SimRefund {
    return this.recordRefund({ ...fields, refundReference: null });
  }

  /** What a transaction still holds: its amount minus every refund that has not failed. */
  unrefunded(transaction: SimTransaction): number {
    let refunded = 0;
    for (const refund of this.refundsOf(transaction.id, (status) => status !== 'failed')) refunded += refund.amount;
    return transaction.requestedAmount - refunded;
  }

  /** Processed refunds covering the whole amount: verify reports the transaction reversed. */
  fullyProcessed(transaction: SimTransaction): boolean {
    let processed = 0;
    for (const refund of this.refundsOf(transaction.id, (status) => status === 'processed')) processed += refund.amount;
    return processed >= transaction.requestedAmount;
  }

  #customerFor(email: string): SimTransaction['customer'] {
    const customer = this.knownCustomer(email) ?? this.newCustomer(email, (id) => ({ id, email, customer_code: `CUS_${randomBytes(8).toString('hex').slice(0, 15)}` }));
    return { ...customer };
  }
}

/** A processor reference: digits for processed refunds, `TRF_…` for failed ones, as the gateway's refund events carry them. */
export function processorReference(outcome: 'processed' | 'failed'): string {
  return outcome === 'processed' ? String(randomInt(100_000_000_000, 999_999_999_999)) : `TRF_${randomBytes(8).toString('hex')}`;
}

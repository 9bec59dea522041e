import { gatewayTimestamp, IdSequence, RecordBook } from './records.js';

/** What every gateway's refund record holds; a gateway's own refund adds its amount, notes and references. */
export interface LedgerRefund {
  id: number;
  transactionId: number;
  currency: string;
  status: string;
  createdAt: string;
  updatedAt: string;
}

/** Where a ledger's ids start: between the two numbers (see `IdSequence`). */
export type IdRange = readonly [min: number, max: number];

/**
 * What every gateway simulator's ledger keeps besides its payments: the refund ledger (ids from a random base,
 * oldest first) and the customers it knows by email, in any case. A gateway's ledger extends it with its
 * payments, its record shapes and its numbering.
 */
export abstract class SimulatorLedger<Refund extends LedgerRefund, Customer extends { id: number }> {
  readonly #refunds: RecordBook<Refund>;
  readonly #customers = new Map<string, Customer>();
  readonly #customerIds: IdSequence;

  protected constructor(numbering: { refunds: IdRange; customers: IdRange }) {
    this.#refunds = new RecordBook<Refund>(...numbering.refunds);
    this.#customerIds = new IdSequence(...numbering.customers);
  }

  refund(id: number): Refund | undefined {
    return this.#refunds.get(id);
  }

  /** Oldest first. */
  allRefunds(): Refund[] {
    return this.#refunds.all();
  }

  /** Stores a refund under the next id, created and last updated at `createdAt` (now unless it is backdated). */
  protected recordRefund(fields: Omit<Refund, 'id' | 'createdAt' | 'updatedAt'>, createdAt = gatewayTimestamp()): Refund {
    return this.#refunds.add({ ...fields, createdAt, updatedAt: createdAt } as Omit<Refund, 'id'>);
  }

  /** A transaction's refunds whose status counts, oldest first. */
  protected refundsOf(transactionId: number, counts: (status: string) => boolean): Refund[] {
    return this.#refunds.where((refund) => refund.transactionId === transactionId && counts(refund.status));
  }

  /** The customer stored under an email, in any case. */
  protected knownCustomer(email: string): Customer | undefined {
    return this.#customers.get(email.toLowerCase());
  }

  /** Stores a new customer under the next id and its email, in any case. */
  protected newCustomer(email: string, create: (id: number) => Customer): Customer {
    const customer = create(this.#customerIds.next());
    this.#customers.set(email.toLowerCase(), customer);
    return customer;
  }
}

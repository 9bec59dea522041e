import type { Db } from '../../database/connection.js';
import type { HostDb } from '../../database/host-tables.js';
import { executorOf, transaction, type UnitOfWork } from '../../database/transaction.js';
import type { RepositoryFactory } from '../../entities/repository.js';
import { systemContext } from '../../acl/context.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { toCalculatedPriceJson } from '../cart/calculation/price-json.js';
import { exactMinorUnits } from '../money/money.js';

/** A capture and refund standing for one refund a gateway made. */
export interface RefundRecordInput {
  orderTransactionId: string;
  /** Fixed ids (e.g. derived from the gateway's refund id), so a retry cannot create the records twice. */
  captureId: string;
  refundId: string;
  /** In the shop's minor units of the order currency. */
  amountMinor: number;
  /** The shop's decimals of the order currency. */
  decimals: number;
  /** The gateway's refund id (or reference); stored on both records. */
  externalReference: string;
  reason?: string | null;
}

/** A refund of an order transaction, as payment code reads it. */
export interface RefundRecord {
  id: string;
  captureId: string;
  orderTransactionId: string;
  externalReference: string | null;
  /** Technical state: open (pending), in_progress, completed, failed, cancelled. */
  state: string;
  /** `amount.totalPrice` as stored (major units). */
  amountTotal: unknown;
  /** In minor units of the decimals asked for; null when not asked or no exact amount of them. */
  amountMinor: number | null;
  reason: string | null;
  createdAt: Date;
}

/** The capture and refund records of order transactions, as payment code uses them (PaymentRecordsService). */
export interface PaymentRecords {
  recordRefund(input: RefundRecordInput, within?: Db | UnitOfWork): Promise<{ created: boolean }>;
  refundsOf(orderTransactionId: string, decimals: number, within?: Db | UnitOfWork): Promise<RefundRecord[]>;
  refundsByExternalReference(externalReference: string, paymentMethodId: string, within?: Db | UnitOfWork): Promise<RefundRecord[]>;
  /** Stores the gateway's refund id as the external reference of a refund and its capture. */
  referenceRefund(refundId: string, externalReference: string, within?: Db | UnitOfWork): Promise<void>;
}

/**
 * Host service: the capture and refund records of order transactions (Shopware's
 * order_transaction_capture and order_transaction_capture_refund). Records are written through the
 * generic repositories, so their validation and events apply; states move only through the state machine.
 */
export class PaymentRecordsService implements PaymentRecords {
  readonly #db: HostDb;

  constructor(
    db: Db,
    private readonly repositories: RepositoryFactory,
  ) {
    this.#db = db as unknown as HostDb;
  }

  /**
   * Creates the capture and the refund (both in their machines' initial state: the refund's `open` is
   * a pending refund) unless they exist already; returns whether anything was created.
   */
  async recordRefund(input: RefundRecordInput, within?: Db | UnitOfWork): Promise<{ created: boolean }> {
    // the gateway says nothing about which taxes a partial refund carries: a plain amount
    const amount = toCalculatedPriceJson(
      { unitPrice: input.amountMinor, totalPrice: input.amountMinor, quantity: 1, calculatedTaxes: [], taxRules: [] },
      input.decimals,
    );
    return transaction(within ?? (this.#db as unknown as Db), async (uow) => {
      let created = false;
      if (!(await this.#exists(uow, 'order_transaction_capture', input.captureId))) {
        await this.repositories
          .get('order_transaction_capture')
          .create({ id: input.captureId, orderTransactionId: input.orderTransactionId, amount, externalReference: input.externalReference }, systemContext, uow);
        created = true;
      }
      if (!(await this.#exists(uow, 'order_transaction_capture_refund', input.refundId))) {
        await this.repositories
          .get('order_transaction_capture_refund')
          .create({ id: input.refundId, captureId: input.captureId, amount, externalReference: input.externalReference, reason: input.reason ?? null }, systemContext, uow);
        created = true;
      }
      return { created };
    });
  }

  /** Every refund of the transaction, oldest first; amounts in minor units of `decimals`. */
  async refundsOf(orderTransactionId: string, decimals: number, within?: Db | UnitOfWork): Promise<RefundRecord[]> {
    const rows = await this.#refunds(within).where('c.order_transaction_id', '=', orderTransactionId).execute();
    return rows.map((row) => toRecord(row, decimals));
  }

  /**
   * Refunds whose external reference is `externalReference`, on transactions of one payment method,
   * oldest first. `amountMinor` is null: the currency is not known here (convert `amountTotal`).
   */
  async refundsByExternalReference(externalReference: string, paymentMethodId: string, within?: Db | UnitOfWork): Promise<RefundRecord[]> {
    const rows = await this.#refunds(within)
      .innerJoin('order_transaction as t', 't.id', 'c.order_transaction_id')
      .where('r.external_reference', '=', externalReference)
      .where('t.payment_method_id', '=', paymentMethodId)
      .execute();
    return rows.map((row) => toRecord(row, null));
  }

  async referenceRefund(refundId: string, externalReference: string, within?: Db | UnitOfWork): Promise<void> {
    await transaction(within ?? (this.#db as unknown as Db), async (uow) => {
      const db = uow.db as unknown as HostDb;
      const refund = await db.selectFrom('order_transaction_capture_refund').select('capture_id').where('id', '=', refundId).executeTakeFirstOrThrow();
      await this.repositories.get('order_transaction_capture_refund').update({ id: refundId, externalReference }, systemContext, uow);
      await this.repositories.get('order_transaction_capture').update({ id: refund.capture_id, externalReference }, systemContext, uow);
    });
  }

  #refunds(within?: Db | UnitOfWork) {
    const db = (within ? executorOf(within) : this.#db) as unknown as HostDb;
    return db
      .selectFrom('order_transaction_capture_refund as r')
      .innerJoin('order_transaction_capture as c', 'c.id', 'r.capture_id')
      .innerJoin('state_machine_state as s', 's.id', 'r.state_id')
      .select(['r.id', 'r.capture_id', 'c.order_transaction_id', 'r.external_reference', 'r.amount', 'r.reason', 'r.created_at', 's.technical_name as state'])
      .orderBy('r.created_at')
      .orderBy('r.id');
  }

  async #exists(uow: UnitOfWork, table: 'order_transaction_capture' | 'order_transaction_capture_refund', id: string): Promise<boolean> {
    const db = uow.db as unknown as HostDb;
    return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }
}

function toRecord(
  row: {
    id: string;
    capture_id: string;
    order_transaction_id: string;
    external_reference: string | null;
    amount: Record<string, unknown>;
    reason: string | null;
    created_at: Date;
    state: string;
  },
  decimals: number | null,
): RefundRecord {
  const total = isPlainObject(row.amount) ? row.amount.totalPrice : undefined;
  return {
    id: row.id,
    captureId: row.capture_id,
    orderTransactionId: row.order_transaction_id,
    externalReference: row.external_reference,
    state: row.state,
    amountTotal: total,
    amountMinor: decimals === null ? null : exactMinorUnits(total, decimals),
    reason: row.reason,
    createdAt: new Date(row.created_at),
  };
}

import type { Logger } from 'pino';
import type { Db } from '../../database/connection.js';
import type { UnitOfWork } from '../../database/transaction.js';
import type { LeaseService } from '../../leases/lease-service.js';
import type { TransitionOutcome } from '../../state-machine/state-machine-registry.js';
import type { OrderTransactionService } from '../order-transaction/order-transaction-service.js';
import type { PaymentRecords } from './payment-records-service.js';

/**
 * What the host's refund code uses of the platform, and no more: an extension's host fits it, so a
 * provider's refunds run with the host the extension was given.
 */
export interface RefundHost {
  readonly logger: Logger;
  transaction<T>(work: (uow: UnitOfWork) => Promise<T>, within?: Db | UnitOfWork): Promise<T>;
  readonly stateMachines: {
    transition(request: { within?: Db | UnitOfWork; entity: string; id: string; action: string }): Promise<TransitionOutcome>;
  };
  readonly leases: Pick<LeaseService, 'run' | 'holder'>;
  readonly orderTransactions: Pick<OrderTransactionService, 'load' | 'loadForUpdate' | 'mergeCustomFields' | 'idsByCustomField'>;
  readonly paymentRecords: PaymentRecords;
}

/**
 * The refund host of an extension's payment provider: the extension's own logger, transactions, state
 * machines, leases and records, and the host's order transactions, whose row lock (`loadForUpdate`) an
 * extension is never given.
 */
export function refundHostOf(
  orderTransactions: RefundHost['orderTransactions'],
  host: Pick<RefundHost, 'logger' | 'transaction' | 'stateMachines' | 'leases' | 'paymentRecords'>,
): RefundHost {
  return {
    logger: host.logger,
    transaction: (work, within) => host.transaction(work, within),
    stateMachines: host.stateMachines,
    leases: host.leases,
    paymentRecords: host.paymentRecords,
    orderTransactions,
  };
}

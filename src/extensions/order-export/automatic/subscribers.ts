import { ORDER_PLACED_EVENT, stateEnterEvent, type Db, type ExtensionHost, type SubscriberDeclaration, type UnitOfWork } from '../../../platform/sdk/index.js';
import { autoExportTargetIds } from '../records/target-store.js';
import type { AutoExportTrigger } from '../records/values.js';
import { enqueueExport } from './export-job.js';

/** The event that makes `order_paid` targets export: the order transaction entering `paid`. */
export const PAID_EVENT = stateEnterEvent('order_transaction.state', 'paid');

/**
 * One queued export per active target of the trigger, written in the transaction that placed the order
 * or moved the payment: the messages exist exactly when that change committed, so no crash between the
 * commit and the enqueue can lose an automatic export.
 */
async function enqueueFor(host: ExtensionHost, trigger: Exclude<AutoExportTrigger, 'off'>, orderId: string, within: Db | UnitOfWork = host.db): Promise<void> {
  for (const configId of await autoExportTargetIds(host, trigger, within)) await enqueueExport(host, { orderId, configId, try: 1 }, { within });
}

const onOrderPlaced: SubscriberDeclaration<ExtensionHost, typeof ORDER_PLACED_EVENT> = {
  event: ORDER_PLACED_EVENT,
  phase: 'in-transaction',
  handle: (payload, host, within) => enqueueFor(host, 'order_placed', payload.orderId, within),
};

const onPaid: SubscriberDeclaration<ExtensionHost, typeof PAID_EVENT> = {
  event: PAID_EVENT,
  phase: 'in-transaction',
  handle: async (payload, host, within) => {
    if (payload.orderId) await enqueueFor(host, 'order_paid', payload.orderId, within);
  },
};

// the declaration list is typed over every event name; each subscriber above is checked against its own
export const subscribers = [onOrderPlaced, onPaid] as unknown as SubscriberDeclaration<ExtensionHost>[];

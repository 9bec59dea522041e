import { ORDER_PLACED_EVENT, stateEnterEvent, type ExtensionHost, type SubscriberDeclaration } from '../../../platform/sdk/index.js';
import { autoExportTargetIds } from '../records/target-store.js';
import type { AutoExportTrigger } from '../records/values.js';
import { enqueueExport } from './export-job.js';

/** The event that makes `order_paid` targets export: the order transaction entering `paid`. */
export const PAID_EVENT = stateEnterEvent('order_transaction.state', 'paid');

/** One queued export per active target of the trigger; the subscriber runs after the order's transaction committed. */
async function enqueueFor(host: ExtensionHost, trigger: Exclude<AutoExportTrigger, 'off'>, orderId: string): Promise<void> {
  for (const configId of await autoExportTargetIds(host, trigger)) await enqueueExport(host, { orderId, configId, try: 1 });
}

const onOrderPlaced: SubscriberDeclaration<ExtensionHost, typeof ORDER_PLACED_EVENT> = {
  event: ORDER_PLACED_EVENT,
  handle: (payload, host) => enqueueFor(host, 'order_placed', payload.orderId),
};

const onPaid: SubscriberDeclaration<ExtensionHost, typeof PAID_EVENT> = {
  event: PAID_EVENT,
  handle: async (payload, host) => {
    if (payload.orderId) await enqueueFor(host, 'order_paid', payload.orderId);
  },
};

// the declaration list is typed over every event name; each subscriber above is checked against its own
export const subscribers = [onOrderPlaced, onPaid] as unknown as SubscriberDeclaration<ExtensionHost>[];

import type { StatefulEntityRegistration } from './state-machine-registry.js';

/** The platform's entities with a state machine (their tables come with the order migration). */
export const platformStatefulEntities: readonly StatefulEntityRegistration[] = [
  { entity: 'order', table: 'order', machine: 'order.state', orderIdColumn: 'id' },
  { entity: 'order_delivery', table: 'order_delivery', machine: 'order_delivery.state', orderIdColumn: 'order_id' },
  { entity: 'order_transaction', table: 'order_transaction', machine: 'order_transaction.state', orderIdColumn: 'order_id' },
  { entity: 'order_transaction_capture', table: 'order_transaction_capture', machine: 'order_transaction_capture.state' },
  { entity: 'order_transaction_capture_refund', table: 'order_transaction_capture_refund', machine: 'order_transaction_capture_refund.state' },
];

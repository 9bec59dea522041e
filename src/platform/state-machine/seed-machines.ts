/**
 * The state machines as migration `0005_state_machine` seeds them: Shopware's states and transitions (as
 * Shopware's own migrations create them), English names. Frozen with that migration: a later change to a machine is a
 * new migration, never an edit here.
 */

export interface SeedState {
  technicalName: string;
  name: string;
}

export interface SeedMachine {
  technicalName: string;
  name: string;
  initialState: string;
  states: SeedState[];
  /** [action, from, to] as technical names. */
  transitions: Array<[action: string, from: string, to: string]>;
}

/** Shopware `Migration1536233560BasicData::createOrderStateMachine`. */
const orderState: SeedMachine = {
  technicalName: 'order.state',
  name: 'Order state',
  initialState: 'open',
  states: [
    { technicalName: 'open', name: 'Open' },
    { technicalName: 'in_progress', name: 'In progress' },
    { technicalName: 'completed', name: 'Done' },
    { technicalName: 'cancelled', name: 'Cancelled' },
  ],
  transitions: [
    ['process', 'open', 'in_progress'],
    ['cancel', 'open', 'cancelled'],
    ['cancel', 'in_progress', 'cancelled'],
    ['complete', 'in_progress', 'completed'],
    ['reopen', 'cancelled', 'open'],
    ['reopen', 'completed', 'open'],
  ],
};

/**
 * Shopware's basic data plus `Migration1573049297AddReopenTransitionToDeliveryStates` (cancelled → open),
 * `Migration1600349343AddDeliveryStateTransitions` (reopen from every other state) and
 * `Migration1607514878AddOrderDeliveryRetourTransition` (returned_partially → returned).
 */
const orderDeliveryState: SeedMachine = {
  technicalName: 'order_delivery.state',
  name: 'Delivery state',
  initialState: 'open',
  states: [
    { technicalName: 'open', name: 'Open' },
    { technicalName: 'shipped', name: 'Shipped' },
    { technicalName: 'shipped_partially', name: 'Shipped (partially)' },
    { technicalName: 'returned', name: 'Returned' },
    { technicalName: 'returned_partially', name: 'Returned (partially)' },
    { technicalName: 'cancelled', name: 'Cancelled' },
  ],
  transitions: [
    ['ship', 'open', 'shipped'],
    ['ship_partially', 'open', 'shipped_partially'],
    ['cancel', 'open', 'cancelled'],
    ['retour', 'shipped', 'returned'],
    ['retour_partially', 'shipped', 'returned_partially'],
    ['cancel', 'shipped', 'cancelled'],
    ['reopen', 'shipped', 'open'],
    ['retour', 'shipped_partially', 'returned'],
    ['retour_partially', 'shipped_partially', 'returned_partially'],
    ['ship', 'shipped_partially', 'shipped'],
    ['cancel', 'shipped_partially', 'cancelled'],
    ['reopen', 'shipped_partially', 'open'],
    ['retour', 'returned_partially', 'returned'],
    ['reopen', 'returned_partially', 'open'],
    ['reopen', 'returned', 'open'],
    ['reopen', 'cancelled', 'open'],
  ],
};

/** Shopware's `order_transaction.state`, transition by transition. The legacy actions `pay` and `pay_partially` sit next to `paid` and `paid_partially`. */
const orderTransactionState: SeedMachine = {
  technicalName: 'order_transaction.state',
  name: 'Payment state',
  initialState: 'open',
  states: [
    { technicalName: 'open', name: 'Open' },
    { technicalName: 'in_progress', name: 'In Progress' },
    { technicalName: 'paid', name: 'Paid' },
    { technicalName: 'paid_partially', name: 'Paid (partially)' },
    { technicalName: 'authorized', name: 'Authorized' },
    { technicalName: 'cancelled', name: 'Cancelled' },
    { technicalName: 'failed', name: 'Failed' },
    { technicalName: 'refunded', name: 'Refunded' },
    { technicalName: 'refunded_partially', name: 'Refunded (partially)' },
    { technicalName: 'reminded', name: 'Reminded' },
    { technicalName: 'chargeback', name: 'Chargeback' },
    { technicalName: 'unconfirmed', name: 'Unconfirmed' },
  ],
  transitions: [
    ['pay', 'open', 'paid'],
    ['paid', 'open', 'paid'],
    ['pay_partially', 'open', 'paid_partially'],
    ['paid_partially', 'open', 'paid_partially'],
    ['cancel', 'open', 'cancelled'],
    ['remind', 'open', 'reminded'],
    ['do_pay', 'open', 'in_progress'],
    ['fail', 'open', 'failed'],
    ['authorize', 'open', 'authorized'],
    ['process_unconfirmed', 'open', 'unconfirmed'],

    ['pay', 'reminded', 'paid'],
    ['pay_partially', 'reminded', 'paid_partially'],
    ['cancel', 'reminded', 'cancelled'],
    ['reopen', 'reminded', 'open'],
    ['do_pay', 'reminded', 'in_progress'],
    ['authorize', 'reminded', 'authorized'],
    ['process_unconfirmed', 'reminded', 'unconfirmed'],

    ['reopen', 'in_progress', 'open'],
    ['fail', 'in_progress', 'failed'],
    ['cancel', 'in_progress', 'cancelled'],
    ['paid', 'in_progress', 'paid'],
    ['paid_partially', 'in_progress', 'paid_partially'],
    ['pay_partially', 'in_progress', 'paid_partially'],
    ['authorize', 'in_progress', 'authorized'],

    ['reopen', 'failed', 'open'],
    ['do_pay', 'failed', 'in_progress'],
    ['pay', 'failed', 'paid'],
    ['paid', 'failed', 'paid'],
    ['fail', 'failed', 'failed'],
    ['paid_partially', 'failed', 'paid_partially'],
    ['pay_partially', 'failed', 'paid_partially'],
    ['process_unconfirmed', 'failed', 'unconfirmed'],

    ['remind', 'paid_partially', 'reminded'],
    ['pay', 'paid_partially', 'paid'],
    ['refund_partially', 'paid_partially', 'refunded_partially'],
    ['refund', 'paid_partially', 'refunded'],
    ['cancel', 'paid_partially', 'cancelled'],
    ['reopen', 'paid_partially', 'open'],
    ['do_pay', 'paid_partially', 'in_progress'],
    ['chargeback', 'paid_partially', 'chargeback'],
    ['process_unconfirmed', 'paid_partially', 'unconfirmed'],

    ['refund_partially', 'paid', 'refunded_partially'],
    ['refund', 'paid', 'refunded'],
    ['cancel', 'paid', 'cancelled'],
    ['reopen', 'paid', 'open'],
    ['chargeback', 'paid', 'chargeback'],

    ['refund', 'refunded_partially', 'refunded'],
    ['cancel', 'refunded_partially', 'cancelled'],
    ['reopen', 'refunded_partially', 'open'],

    ['reopen', 'cancelled', 'open'],
    ['refund', 'cancelled', 'refunded'],
    ['refund_partially', 'cancelled', 'refunded_partially'],
    ['paid', 'cancelled', 'paid'],
    ['process_unconfirmed', 'cancelled', 'unconfirmed'],

    ['paid', 'authorized', 'paid'],
    ['paid_partially', 'authorized', 'paid_partially'],
    ['fail', 'authorized', 'failed'],
    ['cancel', 'authorized', 'cancelled'],

    ['paid', 'chargeback', 'paid'],
    ['paid_partially', 'chargeback', 'paid_partially'],
    ['cancel', 'chargeback', 'cancelled'],

    ['paid', 'unconfirmed', 'paid'],
    ['paid_partially', 'unconfirmed', 'paid_partially'],
    ['fail', 'unconfirmed', 'failed'],
    ['cancel', 'unconfirmed', 'cancelled'],
    ['authorize', 'unconfirmed', 'authorized'],
    ['reopen', 'unconfirmed', 'open'],
  ],
};

/** Shopware's capture machine (`Migration1643878976AddCaptureRefundStateMachines`). */
const orderTransactionCaptureState: SeedMachine = {
  technicalName: 'order_transaction_capture.state',
  name: 'Capture state',
  initialState: 'pending',
  states: [
    { technicalName: 'pending', name: 'Pending' },
    { technicalName: 'completed', name: 'Complete' },
    { technicalName: 'failed', name: 'Failed' },
  ],
  transitions: [
    ['complete', 'pending', 'completed'],
    ['fail', 'pending', 'failed'],
    ['reopen', 'completed', 'pending'],
    ['reopen', 'failed', 'pending'],
  ],
};

/** Shopware's capture refund machine (the same migration). */
const orderTransactionCaptureRefundState: SeedMachine = {
  technicalName: 'order_transaction_capture_refund.state',
  name: 'Refund state',
  initialState: 'open',
  states: [
    { technicalName: 'open', name: 'Open' },
    { technicalName: 'in_progress', name: 'In progress' },
    { technicalName: 'completed', name: 'Completed' },
    { technicalName: 'failed', name: 'Failed' },
    { technicalName: 'cancelled', name: 'Cancelled' },
  ],
  transitions: [
    ['process', 'open', 'in_progress'],
    ['cancel', 'open', 'cancelled'],
    ['fail', 'open', 'failed'],
    ['complete', 'open', 'completed'],
    ['cancel', 'in_progress', 'cancelled'],
    ['fail', 'in_progress', 'failed'],
    ['complete', 'in_progress', 'completed'],
    ['reopen', 'cancelled', 'open'],
    ['reopen', 'failed', 'open'],
    ['reopen', 'completed', 'open'],
  ],
};

export const seedMachines: readonly SeedMachine[] = [
  orderState,
  orderDeliveryState,
  orderTransactionState,
  orderTransactionCaptureState,
  orderTransactionCaptureRefundState,
];

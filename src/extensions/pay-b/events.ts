/**
 * Events gateway D dispatches on the platform's dispatcher once a webhook's `verif-hash` has been
 * checked: the charge.completed `data`, and the refund object of refund.completed (wrapped payloads
 * unwrapped), as received. The hash shows only that the sender knows the secret, not that the body is
 * genuine: the payload is untrusted provider data, to log or inspect, never to settle money on. To react to
 * a payment, listen to `state_enter.order_transaction.state.paid` instead.
 */
export const CHARGE_COMPLETED_EVENT = 'ext_pay_b.charge_completed';
export const REFUND_COMPLETED_EVENT = 'ext_pay_b.refund_completed';

/** ChargeCompletedEvent and RefundCompletedEvent: the payload as received. */
export interface ReceivedPayloadEvent {
  data: Record<string, unknown>;
}

declare module '../../platform/sdk/index.js' {
  interface PlatformEvents {
    'ext_pay_b.charge_completed': ReceivedPayloadEvent;
    'ext_pay_b.refund_completed': ReceivedPayloadEvent;
  }
}

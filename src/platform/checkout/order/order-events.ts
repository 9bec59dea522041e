/** Dispatched after the transaction that placed an order has committed. */
export const ORDER_PLACED_EVENT = 'checkout.order.placed';

export interface OrderPlacedPayload {
  orderId: string;
  salesChannelId: string;
  customerId: string;
}

declare module '../../events/dispatcher.js' {
  interface PlatformEvents {
    'checkout.order.placed': OrderPlacedPayload;
  }
}

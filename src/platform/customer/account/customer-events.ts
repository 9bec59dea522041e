/** Dispatched in the transaction that registers a customer (guests included), Shopware's `checkout.customer.register`. */
export const CUSTOMER_REGISTERED_EVENT = 'checkout.customer.register';

export interface CustomerRegisteredPayload {
  customerId: string;
  salesChannelId: string;
  guest: boolean;
  /**
   * The account waits for its e-mail address to be confirmed (the channel's double opt-in): the link's
   * token, to mail and never to store. Absent when the account is active at once.
   */
  doubleOptIn?: { confirmUrl: string };
}

declare module '../../events/dispatcher.js' {
  interface PlatformEvents {
    'checkout.customer.register': CustomerRegisteredPayload;
  }
}

import type { PaymentHandler, PaymentHandlerRegistration } from './payment-handler.js';

/** The payment handlers this process knows, by identifier. */
export class PaymentHandlerRegistry {
  readonly #handlers = new Map<string, PaymentHandlerRegistration>();

  constructor(private readonly isOwnerActive: (owner: string) => boolean) {}

  register(registration: PaymentHandlerRegistration): void {
    if (this.#handlers.has(registration.identifier)) throw new Error(`Payment handler "${registration.identifier}" is registered twice`);
    this.#handlers.set(registration.identifier, registration);
  }

  /** The handler, if it is registered and its owner is active. */
  get(identifier: string): PaymentHandler | undefined {
    const registration = this.#handlers.get(identifier);
    if (!registration) return undefined;
    if (registration.owner && !this.isOwnerActive(registration.owner)) return undefined;
    return registration.handler;
  }

  isAvailable(identifier: string): boolean {
    return this.get(identifier) !== undefined;
  }
}

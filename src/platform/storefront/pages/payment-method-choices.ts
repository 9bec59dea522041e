import type { EntityRecord } from '../../entities/serializer.js';

/** A radio of `_partials/payment-methods.njk`. */
export interface PaymentMethodChoice {
  id: string;
  name: string;
  description: string | null;
  selected: boolean;
}

/** The payment methods offered (see availablePaymentMethods) as radios, `selectedId` checked. */
export function paymentMethodChoices(methods: EntityRecord[], selectedId: string | undefined): PaymentMethodChoice[] {
  return methods.map((method) => ({
    id: method.id,
    name: method.name as string,
    description: (method.description as string | null | undefined) ?? null,
    selected: method.id === selectedId,
  }));
}

import { extensions } from '../../src/main.js';
import { paymentMethodIdOf } from '../../src/platform/checkout/payment-method/extension-payment-methods.js';

/**
 * What the extensions listed in main.ts add to every test database (the template is migrated with
 * them). Platform tests that assert the shop's own records leave these out, so adding an extension
 * does not change what they check.
 */
export const EXTENSION_PAYMENT_METHODS: ReadonlySet<string> = new Set(extensions.flatMap((e) => (e.paymentMethods ?? []).map((m) => m.technicalName)));

export const EXTENSION_PAYMENT_METHOD_IDS: ReadonlySet<string> = new Set([...EXTENSION_PAYMENT_METHODS].map(paymentMethodIdOf));

export function withoutExtensionMethods<T extends { technicalName?: string; handlerIdentifier?: string; id?: string }>(methods: T[]): T[] {
  return methods.filter((m) => !(m.technicalName && EXTENSION_PAYMENT_METHODS.has(m.technicalName)) && !(m.id && EXTENSION_PAYMENT_METHOD_IDS.has(m.id)));
}

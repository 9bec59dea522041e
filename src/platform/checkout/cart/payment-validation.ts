import { isClientError } from '../../errors/app-error.js';
import type { CoreServices } from '../../core-services.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import type { CartError } from './cart.js';
import { cartErrors } from './cart-errors.js';

export type CartPaymentValidation = { ok: true; data?: unknown } | { ok: false; error: CartError };

/**
 * Whether the context's payment method may pay this cart: it must be active, offered by the sales
 * channel and have an available handler; then the handler's own `validate` decides (Shopware's
 * PaymentProcessor::validate). Runs outside database transactions: a handler may ask its gateway.
 * `totalPrice` is handed to the handler in minor units of the context currency.
 */
export async function validateCartPayment(
  platform: Pick<CoreServices, 'payments' | 'logger'>,
  context: SalesChannelContext,
  cart: { totalPrice: number; lineItemCount: number },
): Promise<CartPaymentValidation> {
  const method = context.paymentMethod;
  const handler = platform.payments.get(method.handlerIdentifier);
  // active and assigned to the channel: read with the context at the start of this request
  if (!method.offered || !handler) return { ok: false, error: cartErrors.paymentMethodUnavailable(method.id, method.name) };
  if (!handler.validate) return { ok: true };

  try {
    const result = await handler.validate({ context, cart: { price: { totalPrice: cart.totalPrice }, lineItemCount: cart.lineItemCount } });
    if (result.ok) return 'data' in result ? { ok: true, data: result.data } : { ok: true };
    return { ok: false, error: cartErrors.paymentMethodBlocked(method.id, result.message, result.code) };
  } catch (error) {
    // a throwing validator blocks the checkout like a refusal; only our own errors carry a message fit for customers
    if (isClientError(error)) return { ok: false, error: cartErrors.paymentMethodBlocked(method.id, error.message, error.code) };
    platform.logger.error({ err: error, paymentMethodId: method.id }, 'payment validation failed');
    return { ok: false, error: cartErrors.paymentMethodUnavailable(method.id, method.name) };
  }
}

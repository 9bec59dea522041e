import { exactMinorUnits, formatRefundAmount, toMajorUnits, type ExtensionHost, type PaymentValidateInput, type PaymentValidationResult } from '../../../platform/sdk/index.js';
import { payACurrency, SUPPORTED_CURRENCIES } from '../amounts.js';
import { readPayASettings } from '../config.js';

/** Shown in the cart when gateway A cannot take payments; names no configuration detail. */
export const NOT_CONFIGURED_MESSAGE = 'Payment with Gateway A is not available at the moment. Please choose another payment method.';

export const VALIDATION_CODES = {
  notConfigured: 'PAY_A__NOT_CONFIGURED',
  unsupportedCurrency: 'PAY_A__UNSUPPORTED_CURRENCY',
  amountNotPayable: 'PAY_A__AMOUNT_NOT_PAYABLE',
  belowMinimum: 'PAY_A__AMOUNT_BELOW_MINIMUM',
} as const;

/** e.g. "NGN, GHS, ZAR, KES, USD or XOF". */
function supportedList(): string {
  return `${SUPPORTED_CURRENCIES.slice(0, -1).join(', ')} or ${SUPPORTED_CURRENCIES.at(-1)}`;
}

/**
 * `validate` (every cart view: one settings read, no gateway call) blocks a cart the gateway could not charge: no key, a
 * currency it does not take (it would charge its default currency instead), XOF cents, or less than its smallest charge.
 */
export async function validateCart(host: ExtensionHost, { context, cart }: PaymentValidateInput): Promise<PaymentValidationResult> {
  const settings = await readPayASettings(host, context.salesChannel.id);
  if (!settings.secretKey) return { ok: false, message: NOT_CONFIGURED_MESSAGE, code: VALIDATION_CODES.notConfigured };

  const isoCode = context.currency.isoCode.toUpperCase();
  const currency = payACurrency(isoCode);
  if (!currency) {
    return {
      ok: false,
      message: `Gateway A does not accept payments in ${isoCode}. Please switch the currency to ${supportedList()}, or choose another payment method.`,
      code: VALIDATION_CODES.unsupportedCurrency,
    };
  }
  // the cart total arrives in the shop's minor units of the currency; the gateway may count fewer digits (XOF)
  const major = toMajorUnits(cart.price.totalPrice, context.currency.decimals);
  const minor = exactMinorUnits(major, currency.decimals);
  if (minor === null) {
    return {
      ok: false,
      message: `Gateway A can only charge whole ${isoCode} amounts. Please choose another payment method.`,
      code: VALIDATION_CODES.amountNotPayable,
    };
  }
  if (minor < currency.minimumChargeMinor) {
    return {
      ok: false,
      message: `Gateway A accepts payments of at least ${formatRefundAmount(currency.minimumChargeMinor, currency)}. Please choose another payment method.`,
      code: VALIDATION_CODES.belowMinimum,
    };
  }
  return { ok: true };
}

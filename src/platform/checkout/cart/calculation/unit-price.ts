import type { PriceEntry } from '../../../catalog/price-field.js';
import { AppError } from '../../../errors/app-error.js';
import { parseExactDecimal, roundToScale, type ExactDecimal } from '../../money/exact-decimal.js';
import { bigIntToMinorUnits } from '../../money/money.js';
import { netOfGross, parseTaxRate, type TaxRateInput } from './tax-rate.js';

export interface PriceCurrency {
  id: string;
  isoCode: string;
  decimals: number;
  /** Exchange rate from the default currency: amount in this currency = default amount x factor. */
  factor: number | string;
}

/** A unit price in minor units of the target currency. */
export interface UnitPrice {
  gross: number;
  net: number;
}

/**
 * Resolves a product's unit price in `currency`, as Shopware's product price calculation does: the
 * entry for that currency when there is one, otherwise the default currency's entry multiplied by the
 * currency factor; then rounded half-up to the currency's decimals. Gross is authoritative (customers
 * see gross prices); a linked net price is derived from the rounded gross, an unlinked one is taken
 * (and converted) as stored.
 */
export function resolveUnitPrice(prices: PriceEntry[], currency: PriceCurrency, defaultCurrencyId: string, taxRate: TaxRateInput): UnitPrice {
  const rate = parseTaxRate(taxRate);
  const own = prices.find((entry) => entry.currencyId === currency.id);
  const entry = own ?? prices.find((candidate) => candidate.currencyId === defaultCurrencyId);
  if (!entry) {
    throw new AppError(400, 'CHECKOUT__CART_MISSING_LINE_ITEM_PRICE', `The product has no price in currency ${currency.isoCode} nor in the default currency.`, {
      meta: { parameters: { currencyId: currency.id, defaultCurrencyId } },
    });
  }
  const factor: ExactDecimal = own ? { coefficient: 1n, scale: 0 } : exactFactor(currency);
  const gross = convert(entry.gross, factor, currency.decimals);
  const net = entry.linked ? netOfGross(gross, rate) : convert(entry.net, factor, currency.decimals);
  return { gross: bigIntToMinorUnits(gross), net: bigIntToMinorUnits(net) };
}

function exactFactor(currency: PriceCurrency): ExactDecimal {
  const factor = parseExactDecimal(currency.factor);
  if (!factor || factor.coefficient <= 0n) {
    throw new RangeError(`Currency ${currency.isoCode} has an invalid factor: ${String(currency.factor)}`);
  }
  return factor;
}

/** major x factor, exactly, then rounded half-up to minor units. */
function convert(major: number, factor: ExactDecimal, decimals: number): bigint {
  const amount = parseExactDecimal(major);
  if (!amount) {
    throw new AppError(400, 'CHECKOUT__INVALID_AMOUNT', `Invalid amount ${String(major)} in the product price.`, {
      meta: { parameters: { amount: String(major) } },
    });
  }
  return roundToScale({ coefficient: amount.coefficient * factor.coefficient, scale: amount.scale + factor.scale }, decimals);
}

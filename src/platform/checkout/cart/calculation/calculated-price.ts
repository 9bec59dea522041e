import { AppError } from '../../../errors/app-error.js';
import { bigIntToMinorUnits, minorToBigInt } from '../../money/money.js';
import { parseTaxRate, taxIncludedInGross, taxOnNet, type TaxRateInput } from './tax-rate.js';

/** Tax contained in `price` at `taxRate` percent. Money fields are integer minor units. */
export interface CalculatedTax {
  tax: number;
  taxRate: number;
  price: number;
}

/** Which share (percent) of a price is taxed at `taxRate`. */
export interface TaxRule {
  taxRate: number;
  percentage: number;
}

/**
 * Whether prices include tax (`gross`, shown to customer groups with `displayGross`) or tax is added on
 * top (`net`): Shopware's tax state of a context and the `taxStatus` of a cart price.
 */
export type TaxState = 'gross' | 'net';

/** Shopware's CalculatedPrice in integer minor units; gross or net as the context's tax state says. */
export interface CalculatedPrice {
  unitPrice: number;
  totalPrice: number;
  quantity: number;
  calculatedTaxes: CalculatedTax[];
  taxRules: TaxRule[];
}

export interface LineItemPriceInput {
  /** Gross unit price in minor units (negative for discounts and credits). */
  unitPriceMinor: number;
  quantity: number;
  taxRate: TaxRateInput;
  /** `net`: the unit price is net and the tax comes on top; default `gross`. */
  taxState?: TaxState;
}

/**
 * Prices one line item as Shopware's Gross- and NetPriceCalculator do: total = unit price x quantity,
 * and the tax is taken from the total (not summed per unit), rounded half-up to minor units: contained
 * in a gross total, total x rate / 100 on a net one.
 */
export function calculateLineItem({ unitPriceMinor, quantity, taxRate, taxState = 'gross' }: LineItemPriceInput): CalculatedPrice {
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new AppError(400, 'CHECKOUT__CART_INVALID_QUANTITY', `The quantity must be a positive integer. Given: ${quantity}`, {
      meta: { parameters: { quantity: String(quantity) } },
    });
  }
  const rate = parseTaxRate(taxRate);
  const total = minorToBigInt(unitPriceMinor) * BigInt(quantity);
  const totalPrice = bigIntToMinorUnits(total);
  return {
    unitPrice: unitPriceMinor,
    totalPrice,
    quantity,
    calculatedTaxes: [{ tax: bigIntToMinorUnits(taxState === 'net' ? taxOnNet(total, rate) : taxIncludedInGross(total, rate)), taxRate: rate.value, price: totalPrice }],
    taxRules: [{ taxRate: rate.value, percentage: 100 }],
  };
}

import { AppError } from '../../../errors/app-error.js';
import { bigIntToMinorUnits, minorToBigInt } from '../../money/money.js';
import { parseTaxRate, taxIncludedInGross, type TaxRateInput } from './tax-rate.js';

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

/** Shopware's CalculatedPrice in integer minor units; prices are gross (tax included). */
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
}

/**
 * Prices one line item for a gross (tax-included) customer as Shopware's GrossPriceCalculator does:
 * total = unit price x quantity, and the tax is taken from the total (not summed per unit), rounded
 * half-up to minor units.
 */
export function calculateLineItem({ unitPriceMinor, quantity, taxRate }: LineItemPriceInput): CalculatedPrice {
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
    calculatedTaxes: [{ tax: bigIntToMinorUnits(taxIncludedInGross(total, rate)), taxRate: rate.value, price: totalPrice }],
    taxRules: [{ taxRate: rate.value, percentage: 100 }],
  };
}

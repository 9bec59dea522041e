import { bigIntToMinorUnits, minorToBigInt } from '../../money/money.js';
import { calculateLineItem, type CalculatedPrice, type CalculatedTax, type TaxRule, type TaxState } from './calculated-price.js';
import { parseTaxRate, type TaxRateInput } from './tax-rate.js';

export interface ShippingCostsInput {
  /** Shipping costs in minor units, gross or net as the cart's tax state. */
  unitPrice: number;
  taxRate: TaxRateInput;
}

/** Shopware's CartPrice (the order's `price`) in integer minor units. */
export interface CartPrice {
  netPrice: number;
  totalPrice: number;
  positionPrice: number;
  /** Total before cash rounding; equal to totalPrice (no cash rounding). */
  rawTotal: number;
  calculatedTaxes: CalculatedTax[];
  /** Share (percent) of the total taxed at each rate; a ratio, not money. */
  taxRules: TaxRule[];
  taxStatus: TaxState;
}

export interface CartTotals extends CartPrice {
  /** The order's amountTotal: what the customer pays. */
  amountTotal: number;
  shippingTotal: number;
  /** The shipping costs as a priced position (the order's `shippingCosts`). */
  shippingCosts: CalculatedPrice;
}

/**
 * Sums a cart: positions plus shipping, with taxes merged per rate by adding the taxes already
 * calculated per position (Shopware's default "horizontal" tax calculation). Gross: the sum is the total
 * and net = total - taxes; net (Shopware's AmountCalculator for net prices): the sum is the net price and
 * total = net + taxes. All sums are exact integers.
 */
export function calculateCartTotals(lineItems: CalculatedPrice[], shipping: ShippingCostsInput, taxState: TaxState = 'gross'): CartTotals {
  const shippingCosts = calculateLineItem({ unitPriceMinor: shipping.unitPrice, quantity: 1, taxRate: shipping.taxRate, taxState });
  const positionTotal = sum(lineItems.map((item) => item.totalPrice));
  const positionsAndShipping = positionTotal + minorToBigInt(shippingCosts.totalPrice);

  const taxes = mergeTaxes([...lineItems, shippingCosts].flatMap((price) => price.calculatedTaxes));
  const taxTotal = sum(taxes.map((tax) => tax.tax));
  const total = taxState === 'net' ? positionsAndShipping + taxTotal : positionsAndShipping;
  const totalPrice = bigIntToMinorUnits(total);
  return {
    netPrice: bigIntToMinorUnits(total - taxTotal),
    totalPrice,
    positionPrice: bigIntToMinorUnits(positionTotal),
    rawTotal: totalPrice,
    calculatedTaxes: taxes,
    taxRules: taxShares(taxes),
    taxStatus: taxState,
    amountTotal: totalPrice,
    shippingTotal: shippingCosts.totalPrice,
    shippingCosts,
  };
}

/** One entry per tax rate (in order of first appearance), taxes and taxed prices added up exactly. */
function mergeTaxes(taxes: CalculatedTax[]): CalculatedTax[] {
  const byRate = new Map<string, { taxRate: number; tax: bigint; price: bigint }>();
  for (const entry of taxes) {
    const rate = parseTaxRate(entry.taxRate);
    const merged = byRate.get(rate.key) ?? { taxRate: rate.value, tax: 0n, price: 0n };
    merged.tax += minorToBigInt(entry.tax);
    merged.price += minorToBigInt(entry.price);
    byRate.set(rate.key, merged);
  }
  return [...byRate.values()].map(({ taxRate, tax, price }) => ({ tax: bigIntToMinorUnits(tax), taxRate, price: bigIntToMinorUnits(price) }));
}

// As Shopware's PercentageTaxRuleBuilder: each rate's share of the taxed prices; none when they sum to 0.
function taxShares(taxes: CalculatedTax[]): TaxRule[] {
  const total = Number(sum(taxes.map((tax) => tax.price)));
  if (total === 0) return [];
  return taxes.map((tax) => ({ taxRate: tax.taxRate, percentage: (tax.price / total) * 100 }));
}

function sum(values: number[]): bigint {
  return values.reduce((acc, value) => acc + minorToBigInt(value), 0n);
}

import { toMajorNumber, toMinorUnits } from '../../money/money.js';
import type { CalculatedPrice, CalculatedTax, TaxRule, TaxState } from './calculated-price.js';
import type { CartPrice } from './cart-totals.js';

/*
 * Order JSON columns and API responses hold Shopware-shaped prices in MAJOR units (JSON numbers, as
 * Shopware stores floats); code computes in minor units. These are the only conversions between them.
 */

export interface CalculatedTaxJson {
  tax: number;
  taxRate: number;
  price: number;
}

export interface CalculatedPriceJson {
  unitPrice: number;
  totalPrice: number;
  quantity: number;
  calculatedTaxes: CalculatedTaxJson[];
  taxRules: TaxRule[];
  referencePrice?: null;
  listPrice?: null;
  regulationPrice?: null;
}

export interface CartPriceJson {
  netPrice: number;
  totalPrice: number;
  positionPrice: number;
  rawTotal: number;
  calculatedTaxes: CalculatedTaxJson[];
  taxRules: TaxRule[];
  taxStatus: TaxState;
}

export function toCalculatedPriceJson(price: CalculatedPrice, decimals: number): CalculatedPriceJson {
  return {
    unitPrice: toMajorNumber(price.unitPrice, decimals),
    totalPrice: toMajorNumber(price.totalPrice, decimals),
    quantity: price.quantity,
    calculatedTaxes: price.calculatedTaxes.map((tax) => taxToJson(tax, decimals)),
    taxRules: price.taxRules.map((rule) => ({ ...rule })),
    // Shopware serialises the optional price parts as null
    referencePrice: null,
    listPrice: null,
    regulationPrice: null,
  };
}

/** Reads a stored CalculatedPrice back into minor units; amounts with too many decimals are rounded half-up. */
export function fromCalculatedPriceJson(json: CalculatedPriceJson, decimals: number): CalculatedPrice {
  return {
    unitPrice: toMinorUnits(json.unitPrice, decimals),
    totalPrice: toMinorUnits(json.totalPrice, decimals),
    quantity: json.quantity,
    calculatedTaxes: json.calculatedTaxes.map((tax) => taxFromJson(tax, decimals)),
    taxRules: json.taxRules.map((rule) => ({ taxRate: rule.taxRate, percentage: rule.percentage })),
  };
}

export function toCartPriceJson(price: CartPrice, decimals: number): CartPriceJson {
  return {
    netPrice: toMajorNumber(price.netPrice, decimals),
    totalPrice: toMajorNumber(price.totalPrice, decimals),
    positionPrice: toMajorNumber(price.positionPrice, decimals),
    rawTotal: toMajorNumber(price.rawTotal, decimals),
    calculatedTaxes: price.calculatedTaxes.map((tax) => taxToJson(tax, decimals)),
    taxRules: price.taxRules.map((rule) => ({ ...rule })),
    taxStatus: price.taxStatus,
  };
}

export function fromCartPriceJson(json: CartPriceJson, decimals: number): CartPrice {
  return {
    netPrice: toMinorUnits(json.netPrice, decimals),
    totalPrice: toMinorUnits(json.totalPrice, decimals),
    positionPrice: toMinorUnits(json.positionPrice, decimals),
    rawTotal: toMinorUnits(json.rawTotal, decimals),
    calculatedTaxes: json.calculatedTaxes.map((tax) => taxFromJson(tax, decimals)),
    taxRules: json.taxRules.map((rule) => ({ taxRate: rule.taxRate, percentage: rule.percentage })),
    taxStatus: json.taxStatus,
  };
}

function taxToJson(tax: CalculatedTax, decimals: number): CalculatedTaxJson {
  return { tax: toMajorNumber(tax.tax, decimals), taxRate: tax.taxRate, price: toMajorNumber(tax.price, decimals) };
}

function taxFromJson(tax: CalculatedTaxJson, decimals: number): CalculatedTax {
  return { tax: toMinorUnits(tax.tax, decimals), taxRate: tax.taxRate, price: toMinorUnits(tax.price, decimals) };
}

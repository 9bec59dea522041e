import { AppError } from '../../errors/app-error.js';
import { CURRENCY_DEFAULT } from '../../first-start/default-ids.js';
import { resolveUnitPrice, type PriceCurrency } from '../../checkout/cart/calculation/unit-price.js';
import type { TaxState } from '../../checkout/cart/calculation/calculated-price.js';
import { ruleMatches, type RuleScope } from '../../rule/rule-conditions.js';
import type { PriceEntry } from '../price-field.js';

/** A `product_price` row as the product loader reads it, with its rule's priority and conditions. */
export interface AdvancedPriceRow {
  ruleId: string;
  priority: number;
  conditions: unknown;
  quantityStart: number;
  quantityEnd: number | null;
  price: PriceEntry[];
}

/** One quantity tier as a shopper is charged: per piece in minor units of the context currency, gross or net as the context's tax state. */
export interface PriceTier {
  quantityStart: number;
  /** null: open-ended. */
  quantityEnd: number | null;
  unitPrice: number;
}

/**
 * The tiers that apply in a context, as Shopware's advanced prices do: of the rules with tiers for the
 * product whose conditions hold, the one with the highest priority (ties: the lowest rule id, so the
 * choice never changes between requests); its tiers priced in the context's currency. Empty when no
 * rule applies or a tier of the winning rule cannot be priced (then the product's own price applies).
 */
export function applicableTiers(rows: readonly AdvancedPriceRow[] | null, scope: RuleScope, currency: PriceCurrency, taxRate: string, taxState: TaxState = 'gross'): PriceTier[] {
  if (!rows || rows.length === 0) return [];
  const rules = new Map<string, AdvancedPriceRow[]>();
  for (const row of rows) rules.set(row.ruleId, [...(rules.get(row.ruleId) ?? []), row]);
  const winner = [...rules.values()]
    .filter((tiers) => ruleMatches(tiers[0]!.conditions, scope))
    .sort((a, b) => b[0]!.priority - a[0]!.priority || (a[0]!.ruleId < b[0]!.ruleId ? -1 : 1))[0];
  if (!winner) return [];
  try {
    return winner
      .map((row) => ({ quantityStart: row.quantityStart, quantityEnd: row.quantityEnd, unitPrice: resolveUnitPrice(row.price, currency, CURRENCY_DEFAULT, taxRate)[taxState] }))
      .sort((a, b) => a.quantityStart - b.quantityStart);
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return [];
    throw error;
  }
}

/** The unit price (minor units) for `quantity` pieces: the tier covering it, else the product's own price. */
export function unitPriceAtQuantity(basePrice: number, tiers: readonly PriceTier[], quantity: number): number {
  const tier = tiers.find((t) => quantity >= t.quantityStart && (t.quantityEnd === null || quantity <= t.quantityEnd));
  return tier ? tier.unitPrice : basePrice;
}

import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import { AppError } from '../../errors/app-error.js';
import { CURRENCY_DEFAULT } from '../../first-start/default-ids.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { parseTaxRate } from './calculation/tax-rate.js';
import { resolveUnitPrice } from './calculation/unit-price.js';
import type { CartError } from './cart.js';
import { cartErrors } from './cart-errors.js';
import { effectiveTaxRate, taxRulesJsonSql } from '../../system/tax-rule/tax-rule-selection.js';

export interface ShippedPosition {
  /** Exact decimal string of the position's tax rate. */
  taxRate: string;
  shippingFree: boolean;
}

export interface ShippingCosts {
  /** Gross, or net when the context's tax state is net; minor units of the context currency. */
  unitPrice: number;
  taxRate: string;
  /** Set when the method cannot be priced in this currency (the costs are then 0 and the order is blocked). */
  error?: CartError;
}

/**
 * The shipping costs of a non-empty cart for the context's shipping method: its price in the context
 * currency (resolved like a product price: own entry, else the default currency's times the factor),
 * free when every position is shipping-free. Taxed at the method's tax (its rule for the shipping
 * country, if any), else at the highest rate in the cart (Shopware's "highest rate" shipping tax).
 */
export async function calculateShippingCosts(within: Db | UnitOfWork, context: SalesChannelContext, positions: ShippedPosition[]): Promise<ShippingCosts> {
  const method = context.shippingMethod;
  const methodTax = await methodTaxRate(within, method.taxId, context);
  const taxRate = methodTax?.effective ?? highestTaxRate(positions.map((p) => p.taxRate));
  if (positions.every((position) => position.shippingFree)) return { unitPrice: 0, taxRate };
  try {
    // as for products: a linked net price is the gross one at the tax's own rate
    return { unitPrice: resolveUnitPrice(method.price, context.currency, CURRENCY_DEFAULT, methodTax?.own ?? taxRate)[context.taxState], taxRate };
  } catch (error) {
    // a method without a usable price must not break the cart page: the order is blocked instead
    if (error instanceof AppError && error.status === 400) {
      return { unitPrice: 0, taxRate, error: cartErrors.shippingMethodUnavailable(method.id, method.name, context.currency.isoCode) };
    }
    throw error;
  }
}

/** The method's own tax rate and its rate at the context's shipping location (its tax rule there, else its own). */
async function methodTaxRate(within: Db | UnitOfWork, taxId: string | null, context: SalesChannelContext): Promise<{ own: string; effective: string } | undefined> {
  if (taxId === null) return undefined;
  // numeric read as text keeps the rate exact ("7.70", never a float)
  const row = await executorOf(within)
    .selectFrom('tax')
    .select([sql<string>`tax_rate::text`.as('tax_rate'), taxRulesJsonSql(sql`tax.id`, context.countryId).as('tax_rules')])
    .where('id', '=', taxId)
    .executeTakeFirst();
  return row ? { own: row.tax_rate, effective: effectiveTaxRate(row.tax_rate, row.tax_rules, context) } : undefined;
}

/** The highest of exact decimal rates; "0" for none. */
function highestTaxRate(rates: string[]): string {
  let highest = '0';
  for (const rate of rates) if (compareTaxRates(rate, highest) > 0) highest = rate;
  return parseTaxRate(highest).key;
}

function compareTaxRates(a: string, b: string): number {
  const x = parseTaxRate(a).exact;
  const y = parseTaxRate(b).exact;
  const left = x.coefficient * 10n ** BigInt(y.scale);
  const right = y.coefficient * 10n ** BigInt(x.scale);
  return left === right ? 0 : left > right ? 1 : -1;
}

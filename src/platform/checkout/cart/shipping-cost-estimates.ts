import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import type { PriceEntry } from '../../catalog/price-field.js';
import type { ContextShippingMethod, SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { calculateLineItem, type CalculatedPrice } from './calculation/calculated-price.js';
import { calculateShippingCosts, type ShippedPosition } from './shipping-costs.js';

export interface ShippingCostEstimate {
  method: ContextShippingMethod;
  /** Gross or net (the context's tax state), minor units of the context currency, with its taxes. */
  shippingCosts: CalculatedPrice;
  earliestDeliveryDate: Date;
  latestDeliveryDate: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the given positions would cost to ship with each shipping method the channel offers (active and
 * assigned, by position), priced as the cart prices its delivery (shipping-costs.ts). Methods that cannot
 * be priced in the context currency are left out; no positions, no estimates.
 */
export async function estimateShippingCosts(within: Db | UnitOfWork, context: SalesChannelContext, positions: ShippedPosition[]): Promise<ShippingCostEstimate[]> {
  if (positions.length === 0) return [];
  const methods = await executorOf(within)
    .selectFrom('shipping_method as m')
    .innerJoin('sales_channel_shipping_method as scsm', 'scsm.shipping_method_id', 'm.id')
    .select(['m.id', 'm.technical_name', 'm.name', 'm.tax_id', 'm.price', 'm.delivery_time_min_days', 'm.delivery_time_max_days'])
    .where('scsm.sales_channel_id', '=', context.salesChannel.id)
    .where('m.active', '=', true)
    .orderBy('m.position')
    .orderBy('m.name')
    .execute();
  const now = Date.now();
  const estimates: ShippingCostEstimate[] = [];
  for (const row of methods) {
    const method: ContextShippingMethod = {
      id: row.id as string,
      technicalName: row.technical_name as string | null,
      name: row.name as string,
      taxId: row.tax_id as string | null,
      price: row.price as PriceEntry[],
      deliveryTimeMinDays: row.delivery_time_min_days as number,
      deliveryTimeMaxDays: row.delivery_time_max_days as number,
    };
    const costs = await calculateShippingCosts(within, { ...context, shippingMethod: method }, positions);
    if (costs.error) continue;
    estimates.push({
      method,
      shippingCosts: calculateLineItem({ unitPriceMinor: costs.unitPrice, quantity: 1, taxRate: costs.taxRate, taxState: context.taxState }),
      earliestDeliveryDate: new Date(now + method.deliveryTimeMinDays * DAY_MS),
      latestDeliveryDate: new Date(now + method.deliveryTimeMaxDays * DAY_MS),
    });
  }
  return estimates;
}

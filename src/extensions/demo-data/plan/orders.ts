import type { Blueprint, BlueprintChannel } from '../blueprint/schema.js';
import { identityOf, idFor } from '../identity.js';
import { derive, pickStable } from '../values/derive.js';
import { orderNumber } from '../values/numbers.js';
import { netFromGross, toMinor } from '../values/prices.js';
import { addDays, addMinutes, isoDateTime } from './dates.js';
import { unitPriceAt } from './product-prices.js';
import type { CustomerNode, OrderLineRow, OrderNode, ProductNode } from './types.js';

/**
 * Orders per channel (`<channel>#1..n`) over the blueprint's history window before the reference date.
 * Customer and products are picked by rendezvous ranking over their keys, so adding a product or a
 * customer changes only the picks it wins; a product is only bought after its release date. Totals are
 * exact in minor units: tax per line from its gross total, shipping free from the blueprint's threshold.
 */
export function planOrders(blueprint: Blueprint, channels: BlueprintChannel[], products: ProductNode[], customers: CustomerNode[], today: Date): OrderNode[] {
  const orders: OrderNode[] = [];
  const { orders: spec } = blueprint;
  const byId = new Map(products.map((p) => [p.id, p]));
  const optionNames = new Map(
    blueprint.propertyGroups.flatMap((g) => g.options.map((o) => [idFor('property_group_option', `${g.key}/${o.key}`), o.name] as const)),
  );

  for (const channel of channels) {
    const channelCustomers = customers.filter((c) => c.channel === channel.key);
    const buyable = products.filter((p) => p.channel === channel.key && p.buyable);
    // parsed once per channel, not once per order and product
    const releases = buyable.map((product) => ({ product, releasedAt: releaseOf(product, byId) }));
    if (channelCustomers.length === 0 || buyable.length === 0) continue;
    const tiers = channel.bulkTiers ?? [];
    const quantity = channel.orderQuantity ?? spec.quantity;

    for (let index = 1; index <= spec.perChannel; index++) {
      const path = `${channel.key}#${index}`;
      const identity = identityOf('order', path);
      const value = (purpose: string) => derive(identity.key, purpose);
      const customer = pickStable(identity.key, 'customer', channelCustomers, (c) => c.key, 1)[0]!;
      const placedAt = addMinutes(addDays(today, -value('day').int(1, spec.historyDays)), value('hour').int(7, 21) * 60 + value('minute').int(0, 59));
      const released = releases.filter((r) => r.releasedAt <= placedAt.getTime()).map((r) => r.product);
      const candidates = released.length > 0 ? released : buyable;
      const picked = pickStable(identity.key, 'lines', candidates, (p) => p.key, value('line-count').int(spec.linesPerOrder.min, spec.linesPerOrder.max));

      const lineItems: OrderLineRow[] = picked.map((product, i) => {
        const line = identityOf('order_line_item', `${path}/${i + 1}`);
        const parent = product.parentId ? byId.get(product.parentId)! : product;
        const count = derive(line.key, 'quantity').int(quantity.min, quantity.max);
        const unitPrice = unitPriceAt(parent.price!.gross, count, tiers);
        const totalPrice = unitPrice * count;
        const option = product.optionIds[0] ? optionNames.get(product.optionIds[0]) : undefined;
        return {
          ...line,
          position: i + 1,
          productId: product.id,
          productNumber: product.productNumber,
          label: option ? `${parent.name} – ${option}` : parent.name!,
          quantity: count,
          unitPrice,
          totalPrice,
          taxRate: channel.taxRate,
          tax: totalPrice - netFromGross(totalPrice, channel.taxRate),
        };
      });

      const positionPrice = lineItems.reduce((sum, l) => sum + l.totalPrice, 0);
      const shippingGross = positionPrice >= toMinor(spec.shipping.freeFrom) ? 0 : toMinor(spec.shipping.cost);
      const shippingNet = netFromGross(shippingGross, channel.taxRate);
      const amountTotal = positionPrice + shippingGross;
      const amountNet = lineItems.reduce((sum, l) => sum + l.totalPrice - l.tax, 0) + shippingNet;
      const states = value('state').weighted(spec.states, (s) => s.weight);

      orders.push({
        entity: 'order',
        ...identity,
        naturalKey: orderNumber(blueprint.productNumberPrefix, channel.code, index),
        channel: channel.key,
        orderNumber: orderNumber(blueprint.productNumberPrefix, channel.code, index),
        salesChannelId: idFor('sales_channel', channel.key),
        orderDateTime: isoDateTime(placedAt),
        customerId: customer.id,
        orderCustomer: {
          ...identityOf('order_customer', path),
          email: customer.email,
          firstName: customer.firstName,
          lastName: customer.lastName,
          company: customer.company,
          customerNumber: customer.customerNumber,
        },
        billingAddress: { ...customer.address, ...identityOf('order_address', path) },
        lineItems,
        taxRate: channel.taxRate,
        taxStatus: 'gross',
        positionPrice,
        shippingCosts: { gross: shippingGross, net: shippingNet },
        amountTotal,
        amountNet,
        states: { order: states.order, transaction: states.transaction, delivery: states.delivery },
        delivery: {
          ...identityOf('order_delivery', path),
          shippingDateEarliest: isoDateTime(addDays(placedAt, 1)),
          shippingDateLatest: isoDateTime(addDays(placedAt, 3)),
        },
        transaction: { ...identityOf('order_transaction', path), amount: amountTotal },
      });
    }
  }
  return orders;
}

/** A variant is released with its parent. */
function releaseOf(product: ProductNode, byId: Map<string, ProductNode>): number {
  const parent = product.parentId ? byId.get(product.parentId) : product;
  return parent?.releaseDate ? Date.parse(parent.releaseDate) : 0;
}

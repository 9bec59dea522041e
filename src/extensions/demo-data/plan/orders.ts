import type { Blueprint, BlueprintChannel } from '../blueprint/schema.js';
import { identityOf, idFor } from '../identity.js';
import { derive, pickStable } from '../values/derive.js';
import { orderNumber } from '../values/numbers.js';
import { netFromGross, toMinor } from '../values/prices.js';
import { addDays, addMinutes, isoDateTime } from './dates.js';
import { unitPriceAt } from './product-prices.js';
import type { CustomerNode, OrderDetails, OrderLineRow, OrderNode, ProductNode } from './types.js';

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
  let optionNames: Map<string, string> | undefined;
  const shared: SharedInput = {
    spec,
    byId,
    today,
    optionNames: () =>
      (optionNames ??= new Map(blueprint.propertyGroups.flatMap((g) => g.options.map((o) => [idFor('property_group_option', `${g.key}/${o.key}`), o.name] as const)))),
  };

  for (const channel of channels) {
    const channelCustomers = customers.filter((c) => c.channel === channel.key);
    const buyable = products.filter((p) => p.channel === channel.key && p.buyable);
    if (channelCustomers.length === 0 || buyable.length === 0) continue;
    let releases: Array<{ product: ProductNode; releasedAt: number }> | undefined;
    const input: ChannelInput = {
      channel,
      customers: channelCustomers,
      buyable,
      // parsed once per channel (and only once an order's details are wanted), not once per order and product
      releases: () => (releases ??= buyable.map((product) => ({ product, releasedAt: releaseOf(product, byId) }))),
    };

    for (let index = 1; index <= spec.perChannel; index++) {
      const path = `${channel.key}#${index}`;
      const identity = identityOf('order', path);
      const number = orderNumber(blueprint.productNumberPrefix, channel.code, index);
      let details: OrderDetails | undefined;
      orders.push({
        entity: 'order',
        ...identity,
        naturalKey: number,
        channel: channel.key,
        orderNumber: number,
        details: () => (details ??= planOrderDetails(shared, input, path, identity.key)),
      });
    }
  }
  return orders;
}

interface SharedInput {
  spec: Blueprint['orders'];
  byId: Map<string, ProductNode>;
  today: Date;
  optionNames(): Map<string, string>;
}

interface ChannelInput {
  channel: BlueprintChannel;
  customers: CustomerNode[];
  buyable: ProductNode[];
  releases(): Array<{ product: ProductNode; releasedAt: number }>;
}

/** Customer, lines, totals, dates and states of one order: everything but its identity and number. */
function planOrderDetails(shared: SharedInput, input: ChannelInput, path: string, key: string): OrderDetails {
  const { spec, byId } = shared;
  const { channel } = input;
  const tiers = channel.bulkTiers ?? [];
  const quantity = channel.orderQuantity ?? spec.quantity;
  const value = (purpose: string) => derive(key, purpose);
  const customer = pickStable(key, 'customer', input.customers, (c) => c.key, 1)[0]!;
  const placedAt = addMinutes(addDays(shared.today, -value('day').int(1, spec.historyDays)), value('hour').int(7, 21) * 60 + value('minute').int(0, 59));
  const released = input
    .releases()
    .filter((r) => r.releasedAt <= placedAt.getTime())
    .map((r) => r.product);
  const candidates = released.length > 0 ? released : input.buyable;
  const picked = pickStable(key, 'lines', candidates, (p) => p.key, value('line-count').int(spec.linesPerOrder.min, spec.linesPerOrder.max));
  const optionNames = shared.optionNames();

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

  return {
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
  };
}

/** A variant is released with its parent. */
function releaseOf(product: ProductNode, byId: Map<string, ProductNode>): number {
  const parent = product.parentId ? byId.get(product.parentId) : product;
  return parent?.releaseDate ? Date.parse(parent.releaseDate) : 0;
}

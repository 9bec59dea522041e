import { calculateCartTotals, calculateLineItem, systemContext, toCalculatedPriceJson, toCartPriceJson, toMajorNumber } from '../../../../platform/sdk/index.js';
import type { OrderNode } from '../../plan/types.js';
import type { SeedContext } from '../context.js';
import { markCreated } from '../../ledger/ledger.js';
import { resolveNodes } from '../resolve.js';
import { addressRow } from './customers.js';
import { actionsTo } from './order-states.js';

/** Orders per transaction: an order, its children, its billing link and its state moves commit together. */
const ORDER_BATCH = 25;

/**
 * Orders by id, then order number. Existing orders are left alone (an order is a document). Missing ones
 * are priced by the platform's own calculation (line items, taxes per rate, shipping), written with
 * customer, address, line items, delivery and transaction, and moved to the plan's states.
 */
export async function seedOrders(ctx: SeedContext): Promise<void> {
  const resolutions = await resolveNodes(ctx, { entity: 'order', nodes: ctx.plan.orders, naturalKeyField: 'orderNumber' });
  ctx.progress.start('order', resolutions.length);
  const missing: OrderNode[] = [];
  for (const r of resolutions) {
    if (r.existing) ctx.tally.add('order', r.how === 'natural' ? 'adopted' : 'reused');
    else missing.push(r.node);
  }
  ctx.progress.advance(resolutions.length - missing.length);
  for (let i = 0; i < missing.length; i += ORDER_BATCH) {
    const batch = missing.slice(i, i + ORDER_BATCH);
    await ctx.host.transaction(async (uow) => {
      // a year of past orders moving to their states must not mail their (made-up) customers today
      ctx.host.mail.suppress(uow);
      await ctx.host.repository('order').create(batch.map((o) => orderRow(ctx, o)), systemContext, uow, { batched: true });
      // the billing address is one of the order's own addresses: linked once both exist
      await ctx.host.repository('order').update(batch.map((o) => ({ id: o.id, billingAddressId: o.details().billingAddress.id })), systemContext, uow);
      for (const order of batch) {
        const { states, transaction, delivery } = order.details();
        const moves: Array<[entity: 'order' | 'order_transaction' | 'order_delivery', id: string, state: string]> = [
          ['order', order.id, states.order],
          ['order_transaction', transaction.id, states.transaction],
          ['order_delivery', delivery.id, states.delivery],
        ];
        for (const [entity, id, state] of moves) {
          for (const action of actionsTo(entity, state)) await ctx.host.stateMachines.transition({ within: uow, entity, id, action });
        }
      }
      // last, so the state moves above are part of what the run wrote
      await markCreated(uow, 'order', batch.map((o) => o.id));
    });
    ctx.tally.add('order', 'created', batch.length);
    ctx.tally.add('order_line_item', 'created', batch.reduce((sum, o) => sum + o.details().lineItems.length, 0));
    ctx.written.rows += batch.reduce((sum, o) => sum + 5 + o.details().lineItems.length, 0);
    ctx.progress.advance(batch.length);
  }
  ctx.progress.finish();
}

function orderRow(ctx: SeedContext, node: OrderNode): Record<string, unknown> {
  const { ids, shop } = ctx;
  const order = { ...node.details(), id: node.id, orderNumber: node.orderNumber };
  const d = shop.decimals;
  const lines = order.lineItems.map((line) => ({ line, price: calculateLineItem({ unitPriceMinor: line.unitPrice, quantity: line.quantity, taxRate: line.taxRate }) }));
  const totals = calculateCartTotals(
    lines.map((l) => l.price),
    { unitPrice: order.shippingCosts.gross, taxRate: order.taxRate },
  );
  const amount = calculateLineItem({ unitPriceMinor: totals.amountTotal, quantity: 1, taxRate: order.taxRate });
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    salesChannelId: ids.resolve(order.salesChannelId),
    currencyId: shop.currencyId,
    languageId: shop.languageId,
    orderDateTime: order.orderDateTime,
    taxStatus: order.taxStatus,
    price: toCartPriceJson(totals, d),
    amountTotal: toMajorNumber(totals.amountTotal, d),
    amountNet: toMajorNumber(totals.netPrice, d),
    positionPrice: toMajorNumber(totals.positionPrice, d),
    shippingCosts: toCalculatedPriceJson(totals.shippingCosts, d),
    shippingTotal: toMajorNumber(totals.shippingTotal, d),
    orderCustomer: {
      id: order.orderCustomer.id,
      customerId: ids.resolve(order.customerId),
      email: order.orderCustomer.email,
      firstName: order.orderCustomer.firstName,
      lastName: order.orderCustomer.lastName,
      customerNumber: order.orderCustomer.customerNumber,
      ...(order.orderCustomer.company ? { company: order.orderCustomer.company } : {}),
    },
    addresses: [addressRow(ctx, order.billingAddress)],
    lineItems: lines.map(({ line, price }) => ({
      id: line.id,
      identifier: ids.resolve(line.productId),
      referencedId: ids.resolve(line.productId),
      productId: ids.resolve(line.productId),
      type: 'product',
      label: line.label,
      quantity: price.quantity,
      unitPrice: toMajorNumber(price.unitPrice, d),
      totalPrice: toMajorNumber(price.totalPrice, d),
      price: toCalculatedPriceJson(price, d),
      payload: { productNumber: line.productNumber },
      position: line.position,
    })),
    deliveries: [
      {
        id: order.delivery.id,
        shippingOrderAddressId: order.billingAddress.id,
        shippingMethodId: shop.shippingMethodId,
        shippingDateEarliest: order.delivery.shippingDateEarliest,
        shippingDateLatest: order.delivery.shippingDateLatest,
        shippingCosts: toCalculatedPriceJson(totals.shippingCosts, d),
      },
    ],
    transactions: [{ id: order.transaction.id, paymentMethodId: shop.paymentMethodId, amount: toCalculatedPriceJson(amount, d) }],
  };
}

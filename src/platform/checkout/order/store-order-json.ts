import type { EntityRecord } from '../../entities/serializer.js';
import { storeCurrencyJson, storeShippingMethodJson } from '../../store-api/context-data.js';

type Json = Record<string, unknown>;

const withTaxAliases = (price: unknown): unknown => {
  if (price === null || typeof price !== 'object') return price;
  const record = price as Json;
  const taxes = Array.isArray(record.calculatedTaxes) ? record.calculatedTaxes.map((tax) => ({ ...(tax as Json), apiAlias: 'cart_tax_calculated' })) : record.calculatedTaxes;
  return { ...record, calculatedTaxes: taxes };
};

const withState = (state: unknown): unknown =>
  state !== null && typeof state === 'object' ? { ...(state as Json), translated: { name: (state as Json).name, customFields: {} } } : state;

/**
 * An order (read with ORDER_DETAIL_CRITERIA) as Shopware's Store API answers it: prices with their
 * aliases, states with `translated`, the currency's rounding, the shipping method's delivery time,
 * line items with Shopware's `states` and (flat) `children`, and no documents (none are generated here).
 */
export function storeOrderJson(order: EntityRecord): Json {
  const orderDateTime = order.orderDateTime as string;
  return {
    ...order,
    orderDate: orderDateTime.slice(0, 10),
    documents: [],
    price: { ...(withTaxAliases(order.price) as Json), apiAlias: 'cart_price' },
    shippingCosts: withTaxAliases(order.shippingCosts),
    stateMachineState: withState(order.stateMachineState),
    currency: order.currency ? storeCurrencyJson(order.currency as EntityRecord) : order.currency,
    lineItems: Array.isArray(order.lineItems)
      ? (order.lineItems as Json[]).map((item) => ({
          ...item,
          price: withTaxAliases(item.price),
          priceDefinition: item.priceDefinition && typeof item.priceDefinition === 'object' ? { ...(item.priceDefinition as Json), apiAlias: 'cart_price_quantity' } : item.priceDefinition,
          states: item.type === 'product' ? ['is-physical'] : [],
          children: [],
        }))
      : order.lineItems,
    deliveries: Array.isArray(order.deliveries)
      ? (order.deliveries as Json[]).map((delivery) => ({
          ...delivery,
          shippingCosts: withTaxAliases(delivery.shippingCosts),
          stateMachineState: withState(delivery.stateMachineState),
          shippingMethod: delivery.shippingMethod ? storeShippingMethodJson(delivery.shippingMethod as EntityRecord) : delivery.shippingMethod,
        }))
      : order.deliveries,
    transactions: Array.isArray(order.transactions)
      ? (order.transactions as Json[]).map((transaction) => ({ ...transaction, amount: withTaxAliases(transaction.amount), stateMachineState: withState(transaction.stateMachineState) }))
      : order.transactions,
  };
}

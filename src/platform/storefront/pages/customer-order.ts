import { AppError } from '../../errors/app-error.js';
import { isId } from '../../ids.js';
import type { CoreServices } from '../../core-services.js';
import { systemContext } from '../../acl/context.js';
import { ORDER_DETAIL_CRITERIA } from '../../checkout/order/order-reader.js';
import { toMinorUnits, type CurrencyDisplay } from '../../checkout/money/money.js';
import { loadProductCovers, type ProductCover } from './product-covers.js';

/** The parts of the order entity (with ORDER_DETAIL_CRITERIA's associations) the storefront shows. */
interface OrderRecord {
  id: string;
  orderNumber: string;
  salesChannelId: string;
  createdAt: string;
  amountTotal: number;
  amountNet: number;
  positionPrice: number;
  shippingTotal: number;
  customerComment: string | null;
  price: { calculatedTaxes?: Array<{ taxRate: number; tax: number }>; taxStatus?: string } | null;
  currency: { isoCode: string; symbol: string; decimals: number };
  stateMachineState: StateRecord | null;
  orderCustomer: { customerId: string | null; email: string; firstName: string; lastName: string } | null;
  billingAddress: AddressRecord | null;
  lineItems: Array<{ id: string; label: string; quantity: number; unitPrice: number; totalPrice: number; position: number; productId: string | null; payload: LineItemPayload | null }>;
  deliveries: Array<{ shippingOrderAddressId: string; shippingMethod: { name: string } | null }>;
  addresses: AddressRecord[];
  transactions: Array<{ id: string; paymentMethodId: string; createdAt: string; paymentMethod: { name: string } | null; stateMachineState: StateRecord | null }>;
}

/** What order placement keeps of a product line (Shopware's `payload`); orders placed before options were kept have none. */
interface LineItemPayload {
  productNumber?: string;
  options?: Array<{ group: string; option: string }>;
}

interface StateRecord {
  technicalName: string;
  name: string;
}

interface AddressRecord {
  id: string;
  firstName: string;
  lastName: string;
  company: string | null;
  street: string;
  zipcode: string | null;
  city: string;
  country?: { name: string } | null;
}

/** An order as the customer's pages show it; amounts in minor units for the `money` filter. */
export interface CustomerOrderView {
  id: string;
  orderNumber: string;
  createdAt: string;
  state: StateRecord | null;
  currency: CurrencyDisplay;
  totalPrice: number;
  netPrice: number;
  positionPrice: number;
  shippingTotal: number;
  shippingMethod: string | null;
  taxes: Array<{ rate: number; amount: number }>;
  /** The order was placed with net prices: its taxes came on top. */
  net: boolean;
  billingAddress: AddressRecord | null;
  shippingAddress: AddressRecord | null;
  lineItems: Array<{
    id: string;
    label: string;
    quantity: number;
    unitPrice: number;
    totalPrice: number;
    url: string | null;
    cover: ProductCover | null;
    productNumber: string | null;
    /** The variant's options as ordered ("Blade length: 9 cm"), null for other lines and older orders. */
    options: string | null;
  }>;
  /** The newest transaction: the one a payment is about. */
  transaction: { id: string; paymentMethodId: string; paymentMethod: string | null; state: StateRecord | null } | null;
}

// the order detail plus the addresses' countries, which the finish page shows as confirm did
const CUSTOMER_ORDER_CRITERIA = {
  ...ORDER_DETAIL_CRITERIA,
  associations: {
    ...ORDER_DETAIL_CRITERIA.associations,
    billingAddress: { associations: { country: {} } },
    addresses: { associations: { country: {} } },
  },
};

function orderNotFound(orderId: string): AppError {
  return new AppError(404, 'CHECKOUT__ORDER_NOT_FOUND', `Order with id ${orderId} not found.`, { meta: { parameters: { orderId } } });
}

/**
 * The order `orderId` if it is one of this customer's in this sales channel; any other order (or a
 * malformed id) is a 404, so nobody learns which order ids exist.
 */
export async function loadCustomerOrder(platform: Pick<CoreServices, 'db' | 'env' | 'repositories'>, orderId: unknown, customerId: string, salesChannelId: string): Promise<CustomerOrderView> {
  const id = typeof orderId === 'string' ? orderId : '';
  if (!isId(id)) throw orderNotFound(id);
  const order = (await platform.repositories.get('order').get(id, systemContext, undefined, CUSTOMER_ORDER_CRITERIA)) as unknown as OrderRecord | undefined;
  if (!order || order.orderCustomer?.customerId !== customerId || order.salesChannelId !== salesChannelId) throw orderNotFound(id);

  const covers = await loadProductCovers(platform.db, order.lineItems.map((item) => item.productId), platform.env.appUrl);
  const currency = { isoCode: order.currency.isoCode, symbol: order.currency.symbol, decimals: order.currency.decimals };
  const minor = (major: number) => toMinorUnits(major, currency.decimals);
  const delivery = order.deliveries[0];
  const newest = [...order.transactions].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))[0];
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    state: order.stateMachineState,
    currency,
    totalPrice: minor(order.amountTotal),
    netPrice: minor(order.amountNet),
    positionPrice: minor(order.positionPrice),
    shippingTotal: minor(order.shippingTotal),
    shippingMethod: delivery?.shippingMethod?.name ?? null,
    taxes: (order.price?.calculatedTaxes ?? []).map((tax) => ({ rate: tax.taxRate, amount: minor(tax.tax) })),
    net: order.price?.taxStatus === 'net',
    billingAddress: order.billingAddress,
    shippingAddress: order.addresses.find((address) => address.id === delivery?.shippingOrderAddressId) ?? order.billingAddress,
    lineItems: [...order.lineItems]
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        id: item.id,
        label: item.label,
        quantity: item.quantity,
        unitPrice: minor(item.unitPrice),
        totalPrice: minor(item.totalPrice),
        url: item.productId ? `/detail/${item.productId}` : null,
        cover: (item.productId && covers.get(item.productId)) || null,
        productNumber: item.payload?.productNumber ?? null,
        options: optionsLabel(item.payload),
      })),
    transaction: newest
      ? { id: newest.id, paymentMethodId: newest.paymentMethodId, paymentMethod: newest.paymentMethod?.name ?? null, state: newest.stateMachineState }
      : null,
  };
}

function optionsLabel(payload: LineItemPayload | null): string | null {
  const options = Array.isArray(payload?.options) ? payload.options : [];
  return options.length > 0 ? options.map((option) => `${option.group}: ${option.option}`).join(', ') : null;
}

import { unitPriceAtQuantity } from '../../catalog/store/advanced-prices.js';
import { loadSalesChannelProducts } from '../../catalog/store/sales-channel-product-loader.js';
import type { Db } from '../../database/connection.js';
import type { UnitOfWork } from '../../database/transaction.js';
import type { CoreServices } from '../../core-services.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { calculateLineItem } from './calculation/calculated-price.js';
import { calculateCartTotals, type CartPrice } from './calculation/cart-totals.js';
import type { CalculatedCart, CalculatedDelivery, CalculatedLineItem, CartError, StoredCart, StoredLineItem } from './cart.js';
import { cartErrors } from './cart-errors.js';
import { validateCartPayment } from './payment-validation.js';
import { applyPurchaseLimits } from './purchase-limits.js';
import { calculateShippingCosts } from './shipping-costs.js';

/** What the cart calculation uses: the media base URL and the payment handlers it asks. */
export type CartCalculatorDeps = Pick<CoreServices, 'env' | 'payments' | 'logger'>;

export interface CartCalculation {
  cart: CalculatedCart;
  /** The stored cart after the calculation's own changes (vanished products removed, quantities fitted). */
  normalized: StoredCart;
  /** Whether `normalized` differs from the input. */
  changed: boolean;
}

export interface CalculateCartOptions {
  /**
   * Ask the payment handler's `validate` (default true). Pass false inside a database transaction: a
   * handler may call its gateway, and no transaction may wait on the network.
   */
  validatePayment?: boolean;
  /** Lock the cart's product rows until the transaction `within` ends (order placement); see loadSalesChannelProducts. */
  lockProducts?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Prices a stored cart for a context, as Shopware's cart processors do on every read: current product
 * prices in the context currency, purchase limits, shipping costs, totals and the payment method check.
 * Touches nothing: the caller decides whether to persist `normalized`.
 */
export async function calculateCart(
  platform: CartCalculatorDeps,
  within: Db | UnitOfWork,
  context: SalesChannelContext,
  stored: StoredCart,
  options: CalculateCartOptions = {},
): Promise<CartCalculation> {
  const products = new Map(
    (
      await loadSalesChannelProducts(
        within,
        context,
        stored.lineItems.map((item) => item.referencedId),
        { mediaBaseUrl: platform.env.appUrl, lockForUpdate: options.lockProducts === true },
      )
    ).map((product) => [product.id, product]),
  );

  const errors: CartError[] = [];
  const kept: StoredLineItem[] = [];
  const lineItems: CalculatedLineItem[] = [];
  for (const item of stored.lineItems) {
    const product = products.get(item.referencedId);
    if (!product) {
      errors.push(cartErrors.productNotFound(item.id));
      continue;
    }
    const fitted = applyPurchaseLimits(item.id, product, item.quantity);
    if (fitted.kind === 'unavailable') {
      errors.push(fitted.error);
      continue;
    }
    if (fitted.error) errors.push(fitted.error);
    kept.push({ ...item, quantity: fitted.quantity });
    lineItems.push({
      id: item.id,
      type: item.type,
      referencedId: item.referencedId,
      label: product.name,
      quantity: fitted.quantity,
      price: calculateLineItem({ unitPriceMinor: unitPriceAtQuantity(product.calculatedPrice.unitPrice, product.calculatedPrices, fitted.quantity), quantity: fitted.quantity, taxRate: product.taxRate, taxState: context.taxState }),
      product,
    });
  }

  let price: CartPrice = emptyCartPrice(context);
  let shippingTotal = 0;
  const deliveries: CalculatedDelivery[] = [];
  if (lineItems.length > 0) {
    const shipping = await calculateShippingCosts(
      within,
      context,
      lineItems.map((item) => ({ taxRate: item.product.taxRate, shippingFree: item.product.shippingFree })),
    );
    if (shipping.error) errors.push(shipping.error);
    const totals = calculateCartTotals(
      lineItems.map((item) => item.price),
      { unitPrice: shipping.unitPrice, taxRate: shipping.taxRate },
      context.taxState,
    );
    const { amountTotal: _amountTotal, shippingTotal: shippingMinor, shippingCosts, ...cartPrice } = totals;
    price = cartPrice;
    shippingTotal = shippingMinor;
    const now = Date.now();
    deliveries.push({
      shippingMethod: context.shippingMethod,
      shippingCosts,
      countryId: context.countryId,
      earliestDeliveryDate: new Date(now + context.shippingMethod.deliveryTimeMinDays * DAY_MS),
      latestDeliveryDate: new Date(now + context.shippingMethod.deliveryTimeMaxDays * DAY_MS),
    });
  }

  const cart: CalculatedCart = {
    token: context.token,
    currency: { id: context.currency.id, isoCode: context.currency.isoCode, decimals: context.currency.decimals },
    lineItems,
    deliveries,
    transactions: [
      {
        paymentMethodId: context.paymentMethod.id,
        amount: { unitPrice: price.totalPrice, totalPrice: price.totalPrice, quantity: 1, calculatedTaxes: price.calculatedTaxes, taxRules: price.taxRules },
      },
    ],
    price,
    shippingTotal,
    errors,
  };
  if (options.validatePayment !== false) await addPaymentValidation(platform, context, cart);
  const changed = kept.length !== stored.lineItems.length || kept.some((item, i) => item.quantity !== stored.lineItems[i]!.quantity);
  return { cart, normalized: { lineItems: kept }, changed };
}

/**
 * The payment method's check of a calculated cart (skipped for an empty one): its data is kept on the
 * cart, a refusal becomes one of its errors. Outside database transactions only: a handler may ask its
 * gateway.
 */
export async function addPaymentValidation(platform: CartCalculatorDeps, context: SalesChannelContext, cart: CalculatedCart): Promise<void> {
  if (cart.lineItems.length === 0) return;
  const validation = await validateCartPayment(platform, context, { totalPrice: cart.price.totalPrice, lineItemCount: cart.lineItems.length });
  if (!validation.ok) cart.errors.push(validation.error);
  else if (validation.data !== undefined) cart.paymentValidationData = validation.data;
}

function emptyCartPrice(context: SalesChannelContext): CartPrice {
  return { netPrice: 0, totalPrice: 0, positionPrice: 0, rawTotal: 0, calculatedTaxes: [], taxRules: [], taxStatus: context.taxState };
}

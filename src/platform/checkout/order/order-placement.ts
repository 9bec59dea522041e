import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { systemContext } from '../../acl/context.js';
import { transaction, type UnitOfWork } from '../../database/transaction.js';
import { newId } from '../../ids.js';
import type { CoreServices } from '../../core-services.js';
import type { ContextCustomer, SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { reserveNumber } from '../../system/number-range.js';
import { toMajorNumber } from '../money/money.js';
import { toCalculatedPriceJson, toCartPriceJson } from '../cart/calculation/price-json.js';
import type { CalculatedCart } from '../cart/cart.js';
import { calculateCart, type CartCalculatorDeps } from '../cart/cart-calculator.js';
import { loadPropertyOptions } from '../../catalog/store/property-option-loader.js';
import type { CartService } from '../cart/cart-service.js';
import { orderErrors } from './order-errors.js';
import { ORDER_PLACED_EVENT } from './order-events.js';

export interface PlaceOrderOptions {
  customerComment?: string | null;
}

interface CustomerAddressRow {
  id: string;
  country_id: string;
  first_name: string;
  last_name: string;
  street: string;
  zipcode: string | null;
  city: string;
  company: string | null;
  phone_number: string | null;
  additional_address_line1: string | null;
}

/** What placing an order uses besides the cart: the calculation's services, the repositories and the events. */
export type OrderPlacementDeps = CartCalculatorDeps & Pick<CoreServices, 'db' | 'events' | 'logger' | 'repositories'>;

/**
 * Turns the context's cart into an order (Shopware's CartOrderRoute + OrderPersister). The cart is
 * first calculated with the payment handler's check, outside any transaction (a handler may ask its
 * gateway); then ONE transaction locks the cart, re-calculates it, writes the order with customer,
 * addresses, line items, delivery and one open transaction, takes the stock and deletes the cart.
 */
export class OrderPlacement {
  constructor(
    private readonly deps: OrderPlacementDeps,
    private readonly carts: CartService,
  ) {}

  /** Places the order and returns its id. 403 without a customer, 400 for an empty or blocked cart. */
  async place(context: SalesChannelContext, options: PlaceOrderOptions = {}): Promise<string> {
    const customer = context.customer;
    if (!customer) throw orderErrors.customerNotLoggedIn();

    const checked = await this.carts.calculateStored(context);
    assertOrderable(checked.cart);
    const validationData = checked.cart.paymentValidationData ?? null;

    return transaction(
      this.deps.db,
      async (uow) => {
        const stored = await this.carts.persister.loadForUpdate(uow, context.token, context.salesChannel.id);
        // Lock the products while reading their stock: otherwise two orders of other carts both see the
        // last piece of a closeout product and both take it (stock below zero). The loader takes the row
        // locks in id order (no deadlock between two carts) and reads the stock another order left.
        // Prices or stock may have moved since the check; what is written is what this transaction sees.
        const { cart } = await calculateCart(this.deps, uow, context, stored, { validatePayment: false, lockProducts: true });
        assertOrderable(cart);
        const orderId = await this.#writeOrder(uow, context, customer, cart, validationData, options.customerComment ?? null);
        await takeStock(uow, cart);
        await this.carts.clear(context, uow);
        await this.deps.events.dispatch(uow, ORDER_PLACED_EVENT, { orderId, salesChannelId: context.salesChannel.id, customerId: customer.id });
        return orderId;
      },
      (error) => this.deps.logger.error({ err: error }, 'after-commit task of an order failed'),
    );
  }

  async #writeOrder(
    uow: UnitOfWork,
    context: SalesChannelContext,
    customer: ContextCustomer,
    cart: CalculatedCart,
    validationData: unknown,
    customerComment: string | null,
  ): Promise<string> {
    const repositories = this.deps.repositories;
    // fresh ids pointing at rows read moments ago in this transaction: the keys in the database guard them
    const create = (entity: string, data: Record<string, unknown> | Array<Record<string, unknown>>) =>
      repositories.get(entity).create(data, systemContext, uow, { trustReferences: true });
    const decimals = cart.currency.decimals;
    const money = (minor: number) => toMajorNumber(minor, decimals);
    const orderId = newId();
    // the order and its billing address reference each other; the order's key is checked at commit
    const billingAddressId = newId();

    const addresses = await this.#customerAddresses(uow, customer);
    const orderNumber = await reserveNumber(uow, 'order');

    const delivery = cart.deliveries[0]!;
    await create('order', {
      id: orderId,
      orderNumber,
      salesChannelId: context.salesChannel.id,
      currencyId: cart.currency.id,
      languageId: context.languageId,
      currencyFactor: context.currency.factor,
      price: toCartPriceJson(cart.price, decimals),
      amountTotal: money(cart.price.totalPrice),
      amountNet: money(cart.price.netPrice),
      positionPrice: money(cart.price.positionPrice),
      taxStatus: cart.price.taxStatus,
      shippingCosts: toCalculatedPriceJson(delivery.shippingCosts, decimals),
      shippingTotal: money(cart.shippingTotal),
      customerComment,
      // lets a guest open the order from the confirmation mail (Shopware's deep link code)
      deepLinkCode: randomBytes(24).toString('base64url'),
      billingAddressId,
    });
    await create('order_customer', {
      orderId,
      customerId: customer.id,
      email: customer.email,
      firstName: customer.firstName,
      lastName: customer.lastName,
      company: customer.company,
      customerNumber: customer.customerNumber,
    });

    // the order keeps copies: later changes of the customer's addresses do not rewrite past orders
    await create('order_address', { id: billingAddressId, orderId, ...addressFields(addresses.billing) });
    let shippingAddressId = billingAddressId;
    if (addresses.shipping.id !== addresses.billing.id) {
      shippingAddressId = newId();
      await create('order_address', { id: shippingAddressId, orderId, ...addressFields(addresses.shipping) });
    }

    // Shopware's payload.options: the variant's chosen options as they were, so order pages name them even
    // after the options are renamed or deleted
    const variants = cart.lineItems.map((item) => item.product).filter((product) => product.parentId !== null);
    const optionsOf = await loadPropertyOptions(uow, variants, 'options');
    // one array: the writer inserts the line items in one statement
    await create(
      'order_line_item',
      cart.lineItems.map((item, index) => ({
        orderId,
        identifier: item.id,
        referencedId: item.referencedId,
        productId: item.referencedId,
        type: item.type,
        label: item.label,
        quantity: item.quantity,
        unitPrice: money(item.price.unitPrice),
        totalPrice: money(item.price.totalPrice),
        price: toCalculatedPriceJson(item.price, decimals),
        priceDefinition: { type: 'quantity', price: money(item.price.unitPrice), quantity: item.quantity, taxRules: item.price.taxRules },
        payload: {
          productNumber: item.product.productNumber,
          options: (optionsOf.get(item.product.id) ?? []).map((option) => ({ group: option.group.name, option: option.name })),
        },
        good: true,
        removable: true,
        stackable: true,
        position: index + 1,
      })),
    );

    await create('order_delivery', {
      orderId,
      shippingOrderAddressId: shippingAddressId,
      shippingMethodId: delivery.shippingMethod.id,
      shippingDateEarliest: delivery.earliestDeliveryDate.toISOString(),
      shippingDateLatest: delivery.latestDeliveryDate.toISOString(),
      shippingCosts: toCalculatedPriceJson(delivery.shippingCosts, decimals),
    });

    const payment = cart.transactions[0]!;
    await create('order_transaction', {
      orderId,
      paymentMethodId: payment.paymentMethodId,
      amount: toCalculatedPriceJson(payment.amount, decimals),
      validationData: validationData ?? null,
    });
    return orderId;
  }

  async #customerAddresses(uow: UnitOfWork, customer: ContextCustomer): Promise<{ billing: CustomerAddressRow; shipping: CustomerAddressRow }> {
    const ids = [customer.defaultBillingAddressId, customer.defaultShippingAddressId].filter((id): id is string => id !== null);
    const rows = ids.length
      ? ((await uow.db.selectFrom('customer_address').selectAll().where('customer_id', '=', customer.id).where('id', 'in', ids).execute()) as CustomerAddressRow[])
      : [];
    const billing = rows.find((row) => row.id === customer.defaultBillingAddressId);
    if (!billing) throw orderErrors.billingAddressMissing(customer.id);
    return { billing, shipping: rows.find((row) => row.id === customer.defaultShippingAddressId) ?? billing };
  }
}

/** Lowers the stock of every ordered product in one statement (the rows are locked since the calculation). */
async function takeStock(uow: UnitOfWork, cart: CalculatedCart): Promise<void> {
  const taken = new Map<string, number>();
  for (const item of cart.lineItems) taken.set(item.referencedId, (taken.get(item.referencedId) ?? 0) + item.quantity);
  if (taken.size === 0) return;
  await sql`UPDATE product AS p SET stock = p.stock - t.quantity, updated_at = now()
    FROM unnest(${[...taken.keys()]}::uuid[], ${[...taken.values()]}::int[]) AS t(id, quantity) WHERE p.id = t.id`.execute(uow.db);
}

function assertOrderable(cart: CalculatedCart): void {
  const blocking = cart.errors.filter((error) => error.blockOrder);
  if (blocking.length > 0) throw orderErrors.cartInvalid(blocking);
  if (cart.lineItems.length === 0) throw orderErrors.cartEmpty();
}

function addressFields(row: CustomerAddressRow): Record<string, unknown> {
  return {
    countryId: row.country_id,
    firstName: row.first_name,
    lastName: row.last_name,
    street: row.street,
    zipcode: row.zipcode,
    city: row.city,
    company: row.company,
    phoneNumber: row.phone_number,
    additionalAddressLine1: row.additional_address_line1,
  };
}

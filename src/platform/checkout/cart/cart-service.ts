import { throwProblems } from '../../errors/app-error.js';
import { loadSalesChannelProducts } from '../../catalog/store/sales-channel-product-loader.js';
import type { Db } from '../../database/connection.js';
import { transaction, type UnitOfWork } from '../../database/transaction.js';
import type { CoreServices } from '../../core-services.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { emptyStoredCart, type CalculatedCart, type StoredCart, type StoredLineItem } from './cart.js';
import { addPaymentValidation, calculateCart, type CartCalculation, type CartCalculatorDeps } from './cart-calculator.js';
import { cartRequestErrors } from './cart-errors.js';
import { CartPersister } from './cart-persister.js';
import type { NewLineItem, QuantityChange } from './line-item-input.js';
import { MAX_LINE_ITEM_QUANTITY } from './purchase-limits.js';

/** What the cart uses: the calculation's services, the database and the context it persists. */
export type CartServiceDeps = CartCalculatorDeps & Pick<CoreServices, 'db' | 'salesChannelContexts'>;

/**
 * The visitor's cart under the context token (Shopware's CartService). Every answer is freshly
 * calculated; changes are checked completely first (a bad entry refuses the whole request and changes
 * nothing) and run under a row lock, so concurrent changes of one cart queue instead of overwriting.
 */
export class CartService {
  readonly persister = new CartPersister();

  constructor(private readonly deps: CartServiceDeps) {}

  /** The calculated cart (empty when none is stored). Corrections the calculation made are stored. */
  async get(context: SalesChannelContext): Promise<CalculatedCart> {
    return (await this.calculateStored(context)).cart;
  }

  /**
   * Calculates the stored cart with the payment check; corrections (vanished products, fitted
   * quantities) are stored unless the cart changed meanwhile. For callers that need the details.
   */
  async calculateStored(context: SalesChannelContext, within: Db | UnitOfWork = this.deps.db): Promise<CartCalculation> {
    const stored = await this.persister.load(within, context.token, context.salesChannel.id);
    const calculation = await calculateCart(this.deps, within, context, stored ?? emptyStoredCart());
    if (stored && calculation.changed) await this.persister.replaceIfUnchanged(within, context.token, stored, calculation.normalized);
    return calculation;
  }

  /** Adds products; one already in the cart gets the quantities added. Unknown products are a 400 (`CHECKOUT__PRODUCT_NOT_FOUND`). */
  async add(context: SalesChannelContext, items: NewLineItem[]): Promise<CalculatedCart> {
    return this.#change(context, async (uow, stored) => {
      const found = new Set(
        (await loadSalesChannelProducts(uow, context, items.map((item) => item.referencedId))).map((product) => product.id),
      );
      throwProblems(items.flatMap((item, index) => (found.has(item.referencedId) ? [] : [cartRequestErrors.productNotFound(item.referencedId, `/items/${index}/referencedId`)])));
      // a product line item is identified by its product (Shopware's stackable product items)
      const added = items.map((item) => ({ id: item.referencedId, type: item.type, referencedId: item.referencedId, quantity: item.quantity }));
      return { lineItems: withAddedLineItems(stored.lineItems, added) };
    });
  }

  /** Sets quantities of line items in the cart; an id not in the cart is a 400 (`CHECKOUT__CART_LINE_ITEM_NOT_FOUND`). */
  async changeQuantities(context: SalesChannelContext, changes: QuantityChange[]): Promise<CalculatedCart> {
    return this.#change(context, async (_uow, stored) => {
      throwProblems(changes.flatMap((change, index) => (hasLineItem(stored, change.id) ? [] : [cartRequestErrors.lineItemNotFound(change.id, `/items/${index}/id`)])));
      const quantities = new Map(changes.map((change) => [change.id, change.quantity]));
      return { lineItems: stored.lineItems.map((item) => ({ ...item, quantity: quantities.get(item.id) ?? item.quantity })) };
    });
  }

  /** Removes line items; an id not in the cart is a 400 (`CHECKOUT__CART_LINE_ITEM_NOT_FOUND`). */
  async remove(context: SalesChannelContext, ids: string[]): Promise<CalculatedCart> {
    return this.#change(context, async (_uow, stored) => {
      throwProblems(ids.flatMap((id, index) => (hasLineItem(stored, id) ? [] : [cartRequestErrors.lineItemNotFound(id, `/ids/${index}`)])));
      return { lineItems: stored.lineItems.filter((item) => !ids.includes(item.id)) };
    });
  }

  /** Forgets the cart of the context (after an order). */
  async clear(context: SalesChannelContext, within: Db | UnitOfWork = this.deps.db): Promise<void> {
    await this.persister.delete(within, context.token);
  }

  /**
   * Moves the cart of a previous token into the context's cart (after login, which issues a new token):
   * line items are merged as if added again, the old cart is dropped.
   */
  async adopt(previousToken: string, context: SalesChannelContext): Promise<CalculatedCart> {
    if (previousToken === context.token) return this.get(context);
    return this.#change(context, async (uow, stored) => {
      const previous = await this.persister.load(uow, previousToken, context.salesChannel.id);
      await this.persister.delete(uow, previousToken);
      return { lineItems: withAddedLineItems(stored.lineItems, previous?.lineItems ?? []) };
    });
  }

  /**
   * Applies a change under the cart's row lock, stores the result with its own corrections (fitted
   * quantities) and the context (so a guest's token stays valid), then answers with that calculation
   * and, after commit, the payment method's check of it (no transaction may wait on a gateway).
   */
  async #change(context: SalesChannelContext, change: (uow: UnitOfWork, stored: StoredCart) => Promise<StoredCart>): Promise<CalculatedCart> {
    const cart = await transaction(this.deps.db, async (uow) => {
      const stored = await this.persister.loadForUpdate(uow, context.token, context.salesChannel.id);
      const next = await change(uow, stored);
      const normalized = await calculateCart(this.deps, uow, context, next, { validatePayment: false });
      await this.persister.save(uow, context.token, context.salesChannel.id, normalized.normalized);
      await this.deps.salesChannelContexts.persist(context, uow);
      return normalized.cart;
    });
    await addPaymentValidation(this.deps, context, cart);
    return cart;
  }
}

function hasLineItem(cart: StoredCart, id: string): boolean {
  return cart.lineItems.some((item: StoredLineItem) => item.id === id);
}

/** `lineItems` with `added` put in: one already there gets the quantities added, up to the line item maximum. */
function withAddedLineItems(lineItems: StoredLineItem[], added: StoredLineItem[]): StoredLineItem[] {
  const merged = lineItems.map((item) => ({ ...item }));
  for (const item of added) {
    const existing = merged.find((line) => line.id === item.id);
    if (existing) existing.quantity = Math.min(existing.quantity + item.quantity, MAX_LINE_ITEM_QUANTITY);
    else merged.push({ ...item });
  }
  return merged;
}


import type { Db } from '../../database/connection.js';
import type { EventDispatcher } from '../../events/dispatcher.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import { AppError } from '../../errors/app-error.js';
import { isId, newId } from '../../ids.js';
import { ContextPersister, type StoredContext } from './context-persister.js';
import type {
  ContextChoices,
  ContextCurrency,
  ContextCustomer,
  ContextPaymentMethod,
  ContextSalesChannel,
  ContextShippingMethod,
  SalesChannelContext,
} from './sales-channel-context.js';

declare module '../../events/dispatcher.js' {
  interface PlatformEvents {
    /** A login gave the visitor a new token; what hung on the old one (the cart) may follow. */
    'sales_channel_context.token_replaced': { previousToken: string; context: SalesChannelContext };
  }
}

export interface ContextServiceDeps {
  db: Db;
  events: EventDispatcher;
  /** Whether a payment handler is registered and its extension active. */
  isPaymentHandlerAvailable(handlerIdentifier: string): boolean;
}

/** A change of the visitor's choices (`PATCH /store-api/context`). */
export interface ContextPatch {
  currencyId?: unknown;
  paymentMethodId?: unknown;
  shippingMethodId?: unknown;
}

/**
 * Builds the SalesChannelContext of a request and persists the visitor's choices. An unknown, expired
 * or foreign token never adopts the client's value: the visitor gets a fresh guest context with a new
 * token (no session fixation).
 */
export class SalesChannelContextService {
  readonly persister: ContextPersister;

  constructor(private readonly deps: ContextServiceDeps) {
    this.persister = new ContextPersister(deps.db);
  }

  async salesChannelByAccessKey(accessKey: string, within?: Db | UnitOfWork): Promise<ContextSalesChannel | undefined> {
    const row = await executorOf(within ?? this.deps.db)
      .selectFrom('sales_channel')
      .selectAll()
      .where('access_key', '=', accessKey)
      .where('active', '=', true)
      .executeTakeFirst();
    return row ? toSalesChannel(row) : undefined;
  }

  async salesChannelById(id: string, within?: Db | UnitOfWork): Promise<ContextSalesChannel | undefined> {
    if (!isId(id)) return undefined;
    const row = await executorOf(within ?? this.deps.db).selectFrom('sales_channel').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toSalesChannel(row) : undefined;
  }

  /** The context of `token`, or a fresh guest context (new token, not stored until something changes). */
  async load(salesChannel: ContextSalesChannel, token: string | undefined, within?: Db | UnitOfWork): Promise<SalesChannelContext> {
    const stored = token ? await this.persister.load(token, salesChannel.id, within) : undefined;
    if (stored) await this.persister.touch(stored.token, within);
    return this.build(salesChannel, stored ?? { token: newId(), salesChannelId: salesChannel.id, customerId: null, choices: {} }, within);
  }

  /** Validates and stores new choices; bad ids are 400s that change nothing. */
  async switchChoices(context: SalesChannelContext, patch: ContextPatch, within?: Db | UnitOfWork): Promise<SalesChannelContext> {
    const db = executorOf(within ?? this.deps.db);
    const choices: ContextChoices = { ...(await this.#storedChoices(context, within)) };
    const channel = context.salesChannel.id;
    if (patch.currencyId !== undefined) {
      await assertAssigned(db, 'currency', patch.currencyId, 'sales_channel_currency', 'currency_id', channel, '/currencyId');
      choices.currencyId = patch.currencyId as string;
    }
    if (patch.paymentMethodId !== undefined) {
      await assertAssigned(db, 'payment_method', patch.paymentMethodId, 'sales_channel_payment_method', 'payment_method_id', channel, '/paymentMethodId');
      const method = await db.selectFrom('payment_method').select(['active', 'handler_identifier']).where('id', '=', patch.paymentMethodId as string).executeTakeFirstOrThrow();
      if (!method.active || !this.deps.isPaymentHandlerAvailable(method.handler_identifier as string)) throw notExists('payment_method', patch.paymentMethodId as string, '/paymentMethodId');
      choices.paymentMethodId = patch.paymentMethodId as string;
    }
    if (patch.shippingMethodId !== undefined) {
      await assertAssigned(db, 'shipping_method', patch.shippingMethodId, 'sales_channel_shipping_method', 'shipping_method_id', channel, '/shippingMethodId');
      const method = await db.selectFrom('shipping_method').select('active').where('id', '=', patch.shippingMethodId as string).executeTakeFirstOrThrow();
      if (!method.active) throw notExists('shipping_method', patch.shippingMethodId as string, '/shippingMethodId');
      choices.shippingMethodId = patch.shippingMethodId as string;
    }
    const stored: StoredContext = { token: context.token, salesChannelId: channel, customerId: context.customer?.id ?? null, choices };
    await this.persister.save(stored, within);
    return this.build(context.salesChannel, stored, within);
  }

  /**
   * Login: the customer's context gets a NEW token (the guest token stops working), keeping the
   * guest's choices. Returns the new context.
   */
  async login(context: SalesChannelContext, customerId: string, within?: Db | UnitOfWork): Promise<SalesChannelContext> {
    const choices = await this.#storedChoices(context, within);
    await this.persister.delete(context.token, within);
    const stored: StoredContext = { token: newId(), salesChannelId: context.salesChannel.id, customerId, choices };
    await this.persister.save(stored, within);
    const loggedIn = await this.build(context.salesChannel, stored, within);
    // subscribers (the cart) run after the login has committed
    await this.deps.events.dispatch(within ?? this.deps.db, 'sales_channel_context.token_replaced', { previousToken: context.token, context: loggedIn });
    return loggedIn;
  }

  /** Logout: the token is dropped; the visitor continues as a new guest. */
  async logout(context: SalesChannelContext, within?: Db | UnitOfWork): Promise<SalesChannelContext> {
    await this.persister.delete(context.token, within);
    return this.load(context.salesChannel, undefined, within);
  }

  /** Stores the context as it is (e.g. when a guest's cart is created), so its token is known later. */
  async persist(context: SalesChannelContext, within?: Db | UnitOfWork): Promise<void> {
    const choices = await this.#storedChoices(context, within);
    await this.persister.save({ token: context.token, salesChannelId: context.salesChannel.id, customerId: context.customer?.id ?? null, choices }, within);
  }

  async #storedChoices(context: SalesChannelContext, within?: Db | UnitOfWork): Promise<ContextChoices> {
    return (await this.persister.load(context.token, context.salesChannel.id, within))?.choices ?? {};
  }

  /** Resolves choices against what is still valid (a deleted or deactivated choice falls back to the channel default). */
  async build(salesChannel: ContextSalesChannel, stored: StoredContext, within?: Db | UnitOfWork): Promise<SalesChannelContext> {
    const db = executorOf(within ?? this.deps.db);
    const customer = stored.customerId ? await loadCustomer(db, stored.customerId) : null;
    const currency =
      (stored.choices.currencyId && (await loadCurrency(db, stored.choices.currencyId))) || (await loadCurrency(db, salesChannel.currencyId));
    const paymentMethodId = stored.choices.paymentMethodId ?? customer?.defaultPaymentMethodId ?? salesChannel.paymentMethodId;
    const paymentMethod = (await this.#loadPaymentMethod(db, paymentMethodId)) ?? (await this.#loadPaymentMethod(db, salesChannel.paymentMethodId, true));
    const shippingMethod =
      (stored.choices.shippingMethodId && (await loadShippingMethod(db, stored.choices.shippingMethodId))) ||
      (await loadShippingMethod(db, salesChannel.shippingMethodId));
    if (!currency || !paymentMethod || !shippingMethod) {
      throw new AppError(500, 'SYSTEM__SALES_CHANNEL_MISCONFIGURED', `The sales channel "${salesChannel.name}" has no valid default currency, payment or shipping method.`);
    }
    let countryId = salesChannel.countryId;
    if (customer?.defaultShippingAddressId) {
      const address = await db.selectFrom('customer_address').select('country_id').where('id', '=', customer.defaultShippingAddressId).executeTakeFirst();
      if (address) countryId = address.country_id as string;
    }
    return {
      token: stored.token,
      salesChannel,
      languageId: salesChannel.languageId,
      currency,
      paymentMethod,
      shippingMethod,
      countryId,
      customerGroupId: customer?.groupId ?? salesChannel.customerGroupId,
      customer,
      taxState: 'gross',
    };
  }

  async #loadPaymentMethod(db: ReturnType<typeof executorOf>, id: string, fallback = false): Promise<ContextPaymentMethod | undefined> {
    const row = await db.selectFrom('payment_method').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    // the channel default is used even when unavailable, so the context exists; checkout then refuses it
    if (!fallback && (!row.active || !this.deps.isPaymentHandlerAvailable(row.handler_identifier as string))) return undefined;
    return {
      id: row.id as string,
      technicalName: row.technical_name as string,
      name: row.name as string,
      description: (row.description as string | null) ?? null,
      handlerIdentifier: row.handler_identifier as string,
    };
  }
}

function toSalesChannel(row: Record<string, unknown>): ContextSalesChannel {
  return {
    id: row.id as string,
    name: row.name as string,
    typeId: row.type_id as string,
    accessKey: row.access_key as string,
    navigationCategoryId: row.navigation_category_id as string,
    languageId: row.language_id as string,
    currencyId: row.currency_id as string,
    paymentMethodId: row.payment_method_id as string,
    shippingMethodId: row.shipping_method_id as string,
    countryId: row.country_id as string,
    customerGroupId: row.customer_group_id as string,
  };
}

async function loadCurrency(db: ReturnType<typeof executorOf>, id: string): Promise<ContextCurrency | undefined> {
  const row = await db.selectFrom('currency').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id as string,
    isoCode: row.iso_code as string,
    name: row.name as string,
    symbol: row.symbol as string,
    decimals: Number(row.decimals),
    factor: Number(row.factor),
  };
}

async function loadShippingMethod(db: ReturnType<typeof executorOf>, id: string): Promise<ContextShippingMethod | undefined> {
  const row = await db.selectFrom('shipping_method').selectAll().where('id', '=', id).where('active', '=', true).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id as string,
    technicalName: (row.technical_name as string | null) ?? null,
    name: row.name as string,
    taxId: (row.tax_id as string | null) ?? null,
    price: row.price as ContextShippingMethod['price'],
    deliveryTimeMinDays: Number(row.delivery_time_min_days),
    deliveryTimeMaxDays: Number(row.delivery_time_max_days),
  };
}

async function loadCustomer(db: ReturnType<typeof executorOf>, id: string): Promise<ContextCustomer | null> {
  const row = await db.selectFrom('customer').selectAll().where('id', '=', id).where('active', '=', true).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id as string,
    customerNumber: row.customer_number as string,
    email: row.email as string,
    firstName: row.first_name as string,
    lastName: row.last_name as string,
    groupId: row.group_id as string,
    guest: row.guest as boolean,
    defaultBillingAddressId: (row.default_billing_address_id as string | null) ?? null,
    defaultShippingAddressId: (row.default_shipping_address_id as string | null) ?? null,
    defaultPaymentMethodId: (row.default_payment_method_id as string | null) ?? null,
  };
}

/** Shopware's validation error for an id that does not exist (or is not offered in this channel). */
export function notExists(entity: string, id: string, pointer: string): AppError {
  return new AppError(400, 'VIOLATION::ENTITY_DOES_NOT_EXIST', `The ${entity} with id "${id}" does not exist in this sales channel.`, {
    pointer,
    meta: { parameters: { entity, id } },
  });
}

async function assertAssigned(
  db: ReturnType<typeof executorOf>,
  entity: string,
  id: unknown,
  mappingTable: string,
  column: string,
  salesChannelId: string,
  pointer: string,
): Promise<void> {
  if (!isId(id)) {
    throw new AppError(400, 'VIOLATION::INVALID_ID', `The value of "${pointer.slice(1)}" must be an id (32 hex characters).`, { pointer });
  }
  const row = await db.selectFrom(mappingTable).select(column).where('sales_channel_id', '=', salesChannelId).where(column, '=', id).executeTakeFirst();
  if (!row) throw notExists(entity, id, pointer);
}

import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import type { EventDispatcher } from '../../events/dispatcher.js';
import { executorOf, type Executor, type UnitOfWork } from '../../database/transaction.js';
import { AppError } from '../../errors/app-error.js';
import { violations } from '../../customer/account/violations.js';
import { isId, newId } from '../../ids.js';
import { ContextPersister, type StoredContext } from './context-persister.js';
import { readContextParts, type ContextParts } from './context-parts.js';
import type {
  ContextChoices,
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
  /** A guest's shipping country (assigned to the channel, active); resets the state unless one is given. */
  countryId?: unknown;
  /** A state of the context's (or the given) country; null clears it. */
  countryStateId?: unknown;
  /** A language assigned to the channel. */
  languageId?: unknown;
}

// Each context object is selected under its own property names: the select list is the mapping.
const SALES_CHANNEL_COLUMNS = [
  'id',
  'name',
  'type_id as typeId',
  'access_key as accessKey',
  'navigation_category_id as navigationCategoryId',
  'footer_category_id as footerCategoryId',
  'service_category_id as serviceCategoryId',
  'language_id as languageId',
  'currency_id as currencyId',
  'payment_method_id as paymentMethodId',
  'shipping_method_id as shippingMethodId',
  'country_id as countryId',
  'customer_group_id as customerGroupId',
] as const;

/** The ContextSalesChannel select list with its columns qualified by `alias`, for queries that join other tables. */
export function salesChannelColumns(alias: string): string[] {
  return SALES_CHANNEL_COLUMNS.map((column) => `${alias}.${column}`);
}

const PAYMENT_METHOD_COLUMNS = ['id', 'technical_name as technicalName', 'name', 'description', 'handler_identifier as handlerIdentifier'] as const;

/** Whether the method is active and assigned to the channel, read with the method (checkout's check needs no query of its own). */
const offeredIn = (salesChannelId: string) =>
  sql<boolean>`(payment_method.active AND EXISTS (SELECT 1 FROM sales_channel_payment_method scpm
    WHERE scpm.payment_method_id = payment_method.id AND scpm.sales_channel_id = ${salesChannelId}))`.as('offered');

/**
 * Builds the SalesChannelContext of a request and persists the visitor's choices. An unknown, expired
 * or foreign token never adopts the client's value: the visitor gets a fresh guest context with a new
 * token (no session fixation).
 */
export class SalesChannelContextService {
  readonly #persister: ContextPersister;

  constructor(private readonly deps: ContextServiceDeps) {
    this.#persister = new ContextPersister(deps.db);
  }

  async salesChannelByAccessKey(accessKey: string, within?: Db | UnitOfWork): Promise<ContextSalesChannel | undefined> {
    return executorOf(within ?? this.deps.db)
      .selectFrom('sales_channel')
      .select(SALES_CHANNEL_COLUMNS)
      .where('access_key', '=', accessKey)
      .where('active', '=', true)
      .executeTakeFirst();
  }

  async salesChannelById(id: string, within?: Db | UnitOfWork): Promise<ContextSalesChannel | undefined> {
    if (!isId(id)) return undefined;
    return executorOf(within ?? this.deps.db).selectFrom('sales_channel').select(SALES_CHANNEL_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** The context of `token`, or a fresh guest context (new token, not stored until something changes). */
  async load(salesChannel: ContextSalesChannel, token: string | undefined, within?: Db | UnitOfWork): Promise<SalesChannelContext> {
    const stored = token ? await this.#persister.load(token, salesChannel.id, within) : undefined;
    return this.#build(salesChannel, stored ?? { token: newId(), salesChannelId: salesChannel.id, customerId: null, choices: {} }, within);
  }

  /** Validates and stores new choices; bad ids are 400s that change nothing. */
  async switchChoices(context: SalesChannelContext, patch: ContextPatch, within?: Db | UnitOfWork): Promise<SalesChannelContext> {
    const db = executorOf(within ?? this.deps.db);
    const changes: ContextChoices = {};
    const channel = context.salesChannel.id;
    if (patch.currencyId !== undefined) {
      changes.currencyId = await assertAssigned(db, 'currency', patch.currencyId, 'sales_channel_currency', 'currency_id', channel, '/currencyId');
    }
    if (patch.paymentMethodId !== undefined) {
      const id = await assertAssigned(db, 'payment_method', patch.paymentMethodId, 'sales_channel_payment_method', 'payment_method_id', channel, '/paymentMethodId');
      if (!(await this.#availablePaymentMethod(db, id, channel))) throw violations.entityDoesNotExist('/paymentMethodId', 'payment_method', id);
      changes.paymentMethodId = id;
    }
    if (patch.shippingMethodId !== undefined) {
      const id = await assertAssigned(db, 'shipping_method', patch.shippingMethodId, 'sales_channel_shipping_method', 'shipping_method_id', channel, '/shippingMethodId');
      if (!(await loadShippingMethod(db, id))) throw violations.entityDoesNotExist('/shippingMethodId', 'shipping_method', id);
      changes.shippingMethodId = id;
    }
    if (patch.countryId !== undefined) {
      changes.countryId = await assertAssigned(db, 'country', patch.countryId, 'sales_channel_country', 'country_id', channel, '/countryId');
      changes.countryStateId = null;
    }
    if (patch.languageId !== undefined) {
      changes.languageId = await assertAssigned(db, 'language', patch.languageId, 'sales_channel_language', 'language_id', channel, '/languageId');
    }
    if (patch.countryStateId !== undefined && patch.countryStateId !== null) {
      changes.countryStateId = await assertCountryState(db, patch.countryStateId, changes.countryId ?? context.countryId);
    } else if (patch.countryStateId === null) changes.countryStateId = null;
    const stored = await this.#persister.mergeChoices({ token: context.token, salesChannelId: channel, customerId: context.customer?.id ?? null, choices: changes }, within);
    return this.#build(context.salesChannel, stored, within);
  }

  /**
   * Login: the customer's context gets a NEW token (the guest token stops working), keeping the
   * guest's choices. Returns the new context.
   */
  async login(context: SalesChannelContext, customerId: string, within?: Db | UnitOfWork): Promise<SalesChannelContext> {
    const choices = (await this.#persister.remove(context.token, context.salesChannel.id, within)) ?? {};
    const stored: StoredContext = { token: newId(), salesChannelId: context.salesChannel.id, customerId, choices };
    await this.#persister.store(stored, within);
    const loggedIn = await this.#build(context.salesChannel, stored, within);
    // subscribers (the cart) run after the login has committed
    await this.deps.events.dispatch(within ?? this.deps.db, 'sales_channel_context.token_replaced', { previousToken: context.token, context: loggedIn });
    return loggedIn;
  }

  /** Logout: the token is dropped; the visitor continues as a new guest. */
  async logout(context: SalesChannelContext, within?: Db | UnitOfWork): Promise<SalesChannelContext> {
    await this.#persister.remove(context.token, context.salesChannel.id, within);
    return this.load(context.salesChannel, undefined, within);
  }

  /** Stores the context (e.g. when a guest's cart is created), so its token is known later; stored choices stay. */
  async persist(context: SalesChannelContext, within?: Db | UnitOfWork): Promise<void> {
    await this.#persister.store({ token: context.token, salesChannelId: context.salesChannel.id, customerId: context.customer?.id ?? null, choices: {} }, within);
  }

  /** Resolves choices against what is still valid (a deleted or deactivated choice falls back to the channel default). */
  async #build(salesChannel: ContextSalesChannel, stored: StoredContext, within?: Db | UnitOfWork): Promise<SalesChannelContext> {
    const parts = await readContextParts(executorOf(within ?? this.deps.db), salesChannel, stored);
    const found = parts.customer;
    const customer = found?.customer ?? null;
    const currency = parts.chosenCurrency ?? parts.channelCurrency;
    // the preferred method (choice, else the customer's default, else the channel's) if it can be used now;
    // else the channel default even when unavailable, so the context exists: checkout then refuses it
    const preferred = parts.preferredPayment;
    const paymentMethod = preferred?.active && this.deps.isPaymentHandlerAvailable(preferred.handlerIdentifier) ? withoutActive(preferred) : parts.channelPayment;
    const shippingMethod = parts.chosenShipping ?? parts.channelShipping;
    if (!currency || !paymentMethod || !shippingMethod) {
      throw new AppError(500, 'SYSTEM__SALES_CHANNEL_MISCONFIGURED', `The sales channel "${salesChannel.name}" has no valid default currency, payment or shipping method.`);
    }
    return {
      token: stored.token,
      salesChannel,
      // the visitor's choice while the channel still has that language, else the channel's
      languageId: parts.chosenLanguageId ?? salesChannel.languageId,
      currency,
      paymentMethod,
      shippingMethod,
      ...shippingLocation(parts, salesChannel),
      customerGroupId: customer?.groupId ?? salesChannel.customerGroupId,
      customer,
      taxState: parts.displayGross ? 'gross' : 'net',
    };
  }

  /** The payment method if it is active and its handler can be used now. */
  async #availablePaymentMethod(db: Executor, id: string, salesChannelId: string): Promise<ContextPaymentMethod | undefined> {
    const row = await db.selectFrom('payment_method').select([...PAYMENT_METHOD_COLUMNS, 'active', offeredIn(salesChannelId)]).where('id', '=', id).executeTakeFirst();
    if (!row?.active || !this.deps.isPaymentHandlerAvailable(row.handlerIdentifier)) return undefined;
    const { active: _active, ...method } = row;
    return method;
  }
}

async function loadShippingMethod(db: Executor, id: string): Promise<ContextShippingMethod | undefined> {
  return db
    .selectFrom('shipping_method')
    .select(['id', 'technical_name as technicalName', 'name', 'tax_id as taxId', 'price', 'delivery_time_min_days as deliveryTimeMinDays', 'delivery_time_max_days as deliveryTimeMaxDays'])
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();
}

/**
 * The customer's default shipping address when there is one (Shopware: the address wins), else the
 * visitor's chosen country and state, else the channel's country.
 */
function shippingLocation(parts: ContextParts, salesChannel: ContextSalesChannel): Pick<SalesChannelContext, 'countryId' | 'countryStateId' | 'zipcode'> {
  const address = parts.customer;
  if (address?.shippingCountryId) return { countryId: address.shippingCountryId, countryStateId: null, zipcode: address.shippingZipcode };
  if (parts.chosenCountry) return { countryId: parts.chosenCountry.id, countryStateId: parts.chosenCountry.stateId, zipcode: null };
  return { countryId: salesChannel.countryId, countryStateId: null, zipcode: null };
}

/** `id` if it is an active state of `countryId`; a 400 violation at `/countryStateId` otherwise. */
async function assertCountryState(db: Executor, id: unknown, countryId: string): Promise<string> {
  if (!isId(id)) throw violations.invalidId('/countryStateId');
  const row = await db.selectFrom('country_state').select('id').where('id', '=', id).where('country_id', '=', countryId).where('active', '=', true).executeTakeFirst();
  if (!row) throw violations.entityDoesNotExist('/countryStateId', 'country_state', id);
  return id;
}

/** `id` if it is an id the channel offers (`mappingTable`); a 400 violation at `pointer` otherwise. */
async function assertAssigned(db: Executor, entity: string, id: unknown, mappingTable: string, column: string, salesChannelId: string, pointer: string): Promise<string> {
  if (!isId(id)) throw violations.invalidId(pointer);
  const row = await db.selectFrom(mappingTable).select(column).where('sales_channel_id', '=', salesChannelId).where(column, '=', id).executeTakeFirst();
  if (!row) throw violations.entityDoesNotExist(pointer, entity, id);
  return id;
}

function withoutActive(method: ContextPaymentMethod & { active: boolean }): ContextPaymentMethod {
  const { active: _active, ...rest } = method;
  return rest;
}

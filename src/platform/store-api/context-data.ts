import type { Db } from '../database/connection.js';
import { executorOf, type UnitOfWork } from '../database/transaction.js';
import { AppError } from '../errors/app-error.js';
import type { Criteria, Filter } from '../entities/criteria/types.js';
import { EntityReader } from '../entities/reader.js';
import type { EntityRegistry } from '../entities/registry.js';
import type { EntityRecord } from '../entities/serializer.js';
import { CURRENCY_DEFAULT } from '../first-start/default-ids.js';
import { deterministicId, isId } from '../ids.js';
import type { SalesChannelContext } from '../sales-channel/context/sales-channel-context.js';

/*
 * The context data of the Store API (Shopware's CountryRoute, CountryStateRoute, CurrencyRoute,
 * LanguageRoute, SalutationRoute, ShippingMethodRoute, CustomerGroupRegistrationSettingsRoute): the
 * entities the sales channel offers, in Shopware's shape, with the client's criteria applied.
 */

export interface SearchPage {
  total: number;
  elements: Array<Record<string, unknown>>;
  page: number;
  limit: number | null;
}

// derived records that have no table of their own here: their ids are stable across reads
const DERIVED_NAMESPACE = '5b2e8f1c7a4d4c3e9f0a1b2c3d4e5f60';

/** Shopware's cash rounding of a currency: to its minor unit, for net prices too. */
export function cashRounding(decimals: number) {
  return { decimals, interval: Number((10 ** -decimals).toFixed(decimals)), roundForNet: true, apiAlias: 'shopware_core_framework_data_abstraction_layer_pricing_cash_rounding_config' as const };
}

/** A currency as the Store API shows it: its rounding and whether it is the system's default. */
export function storeCurrencyJson(currency: EntityRecord): Record<string, unknown> {
  const decimals = currency.decimals as number;
  return {
    ...currency,
    shortName: currency.shortName ?? currency.isoCode,
    isSystemDefault: currency.id === CURRENCY_DEFAULT,
    taxFreeFrom: 0,
    itemRounding: cashRounding(decimals),
    totalRounding: cashRounding(decimals),
    translated: { shortName: currency.shortName ?? currency.isoCode, name: currency.name, customFields: currency.customFields ?? {} },
  };
}

/** Shopware's default address format: lines of snippet keys, the way addresses are printed. */
export const DEFAULT_ADDRESS_FORMAT = [
  ['address/company', 'symbol/dash', 'address/department'],
  ['address/first_name', 'address/last_name'],
  ['address/street'],
  ['address/zipcode', 'address/city'],
  ['address/country'],
];

/** A country as the Store API shows it: Shopware's registration and tax settings at their defaults. */
export function storeCountryJson(country: EntityRecord): Record<string, unknown> {
  return {
    ...country,
    displayStateInRegistration: false,
    forceStateInRegistration: false,
    checkVatIdPattern: false,
    vatIdRequired: false,
    vatIdPattern: null,
    postalCodeRequired: false,
    checkPostalCodePattern: false,
    checkAdvancedPostalCodePattern: false,
    advancedPostalCodePattern: null,
    defaultPostalCodePattern: null,
    isEu: false,
    addressFormat: DEFAULT_ADDRESS_FORMAT,
    customerTax: { enabled: false, currencyId: CURRENCY_DEFAULT, amount: 0 },
    companyTax: { enabled: false, currencyId: CURRENCY_DEFAULT, amount: 0 },
    translated: { name: country.name, addressFormat: DEFAULT_ADDRESS_FORMAT, customFields: country.customFields ?? {} },
  };
}

/** A language as the Store API shows it: its locale (a code here; the id is derived from it). */
export function storeLanguageJson(language: EntityRecord): Record<string, unknown> {
  const code = (language.localeCode as string | null) ?? 'en-GB';
  const locale = { id: deterministicId(DERIVED_NAMESPACE, `locale:${code}`), code, name: code, territory: code.split('-')[1] ?? '', apiAlias: 'locale' };
  return { ...language, parentId: null, localeId: locale.id, translationCodeId: locale.id, active: true, locale, translationCode: locale };
}

/** The delivery time of a shipping method (Shopware's `delivery_time`), from its minimum and maximum days. */
export function deliveryTimeJson(min: number, max: number) {
  const name = min === max ? `${min} ${min === 1 ? 'day' : 'days'}` : `${min}-${max} days`;
  return { id: deterministicId(DERIVED_NAMESPACE, `delivery-time:${min}:${max}:day`), name, min, max, unit: 'day', translated: { name, customFields: {} }, customFields: {}, apiAlias: 'delivery_time' as const };
}

/**
 * A shipping method as the Store API shows it: its delivery time and its price as Shopware's `prices`
 * (one price for every cart: the method's price list, per currency).
 */
export function storeShippingMethodJson(method: EntityRecord): Record<string, unknown> {
  const deliveryTime = deliveryTimeJson(method.deliveryTimeMinDays as number, method.deliveryTimeMaxDays as number);
  const { price, ...rest } = method;
  return {
    ...rest,
    technicalName: method.technicalName ?? `shipping_${method.id}`,
    deliveryTimeId: deliveryTime.id,
    deliveryTime,
    taxType: method.taxId ? 'fixed' : 'auto',
    trackingUrl: null,
    mediaId: null,
    prices: [
      {
        id: deterministicId(DERIVED_NAMESPACE, `shipping-price:${method.id}`),
        shippingMethodId: method.id,
        ruleId: null,
        calculation: 1,
        calculationRuleId: null,
        quantityStart: 0,
        quantityEnd: null,
        currencyPrice: price,
        customFields: {},
        apiAlias: 'shipping_method_price',
      },
    ],
    translated: { name: method.name, description: method.description ?? null, trackingUrl: null, customFields: method.customFields ?? {} },
  };
}

/** The criteria's page of `entity`, narrowed to the given ids (the channel's offer) and extra filters. */
async function searchScoped(
  within: Db | UnitOfWork,
  registry: EntityRegistry,
  entity: string,
  criteria: Criteria,
  scope: { ids?: string[]; filter?: Filter[]; sort?: Criteria['sort'] },
): Promise<{ total: number; entities: EntityRecord[]; page: number; limit: number | null }> {
  const filter: Filter[] = [...(criteria.filter ?? []), ...(scope.filter ?? [])];
  if (scope.ids) filter.push({ type: 'equalsAny', field: 'id', value: scope.ids });
  const sort = criteria.sort ?? scope.sort;
  const { total, entities } = await new EntityReader(registry).search(executorOf(within), registry.get(entity), { ...criteria, filter, ...(sort ? { sort } : {}), totalCountMode: criteria.totalCountMode ?? 'exact' });
  return { total, entities, page: criteria.page ?? 1, limit: criteria.ids ? null : (criteria.limit ?? null) };
}

async function assignedIds(within: Db | UnitOfWork, table: string, column: string, salesChannelId: string): Promise<string[]> {
  const rows = await executorOf(within).selectFrom(table).select(column).where('sales_channel_id', '=', salesChannelId).execute();
  return rows.map((row) => (row as Record<string, unknown>)[column] as string);
}

const BY_POSITION: Criteria['sort'] = [
  { field: 'position', order: 'ASC' },
  { field: 'name', order: 'ASC' },
];

/** The active countries of the sales channel. */
export async function searchChannelCountries(within: Db | UnitOfWork, registry: EntityRegistry, context: SalesChannelContext, criteria: Criteria): Promise<SearchPage> {
  const ids = await assignedIds(within, 'sales_channel_country', 'country_id', context.salesChannel.id);
  const page = await searchScoped(within, registry, 'country', criteria, { ids, filter: [{ type: 'equals', field: 'active', value: true }], sort: BY_POSITION });
  return { ...page, elements: page.entities.map(storeCountryJson) };
}

/** The active states of a country, by position and name. */
export async function searchCountryStates(within: Db | UnitOfWork, registry: EntityRegistry, countryId: string, criteria: Criteria): Promise<SearchPage> {
  const page = await searchScoped(within, registry, 'country_state', criteria, {
    filter: [
      { type: 'equals', field: 'countryId', value: isId(countryId) ? countryId : '00000000000000000000000000000000' },
      { type: 'equals', field: 'active', value: true },
    ],
    sort: BY_POSITION,
  });
  return { ...page, elements: page.entities.map((state) => ({ ...state, translated: { name: state.name, customFields: state.customFields ?? {} } })) };
}

/** The currencies of the sales channel, by position. */
export async function searchChannelCurrencies(within: Db | UnitOfWork, registry: EntityRegistry, context: SalesChannelContext, criteria: Criteria): Promise<Array<Record<string, unknown>>> {
  const ids = await assignedIds(within, 'sales_channel_currency', 'currency_id', context.salesChannel.id);
  const page = await searchScoped(within, registry, 'currency', criteria, { ids, sort: BY_POSITION });
  return page.entities.map(storeCurrencyJson);
}

/** The languages of the sales channel. */
export async function searchChannelLanguages(within: Db | UnitOfWork, registry: EntityRegistry, context: SalesChannelContext, criteria: Criteria): Promise<SearchPage> {
  const ids = await assignedIds(within, 'sales_channel_language', 'language_id', context.salesChannel.id);
  const page = await searchScoped(within, registry, 'language', criteria, { ids, sort: [{ field: 'name', order: 'ASC' }] });
  return { ...page, elements: page.entities.map(storeLanguageJson) };
}

/** Every salutation, by position. */
export async function searchSalutations(within: Db | UnitOfWork, registry: EntityRegistry, criteria: Criteria): Promise<SearchPage> {
  const page = await searchScoped(within, registry, 'salutation', criteria, { sort: [{ field: 'position', order: 'ASC' }] });
  return {
    ...page,
    elements: page.entities.map((salutation) => ({
      ...salutation,
      translated: { displayName: salutation.displayName, letterName: salutation.letterName, customFields: salutation.customFields ?? {} },
    })),
  };
}

/** The active shipping methods of the sales channel, by position (availability rules are not evaluated here). */
export async function searchChannelShippingMethods(within: Db | UnitOfWork, registry: EntityRegistry, context: SalesChannelContext, criteria: Criteria): Promise<SearchPage> {
  const ids = await assignedIds(within, 'sales_channel_shipping_method', 'shipping_method_id', context.salesChannel.id);
  const page = await searchScoped(within, registry, 'shipping_method', criteria, { ids, filter: [{ type: 'equals', field: 'active', value: true }], sort: BY_POSITION });
  return { ...page, elements: page.entities.map(storeShippingMethodJson) };
}

export function customerGroupRegistrationNotFound(customerGroupId: string): AppError {
  return new AppError(404, 'CHECKOUT__CUSTOMER_GROUP_REGISTRATION_NOT_FOUND', `Customer group registration for id ${customerGroupId} not found.`, {
    meta: { parameters: { customerGroupId } },
  });
}

/**
 * A customer group shoppers may register into from this sales channel (its registration page's title
 * and introduction); else 404 `CHECKOUT__CUSTOMER_GROUP_REGISTRATION_NOT_FOUND`.
 */
export async function loadCustomerGroupRegistration(within: Db | UnitOfWork, registry: EntityRegistry, context: SalesChannelContext, customerGroupId: string): Promise<Record<string, unknown>> {
  const id = customerGroupId.toLowerCase();
  if (!isId(id)) throw customerGroupRegistrationNotFound(customerGroupId);
  const { entities } = await new EntityReader(registry).search(executorOf(within), registry.get('customer_group'), {
    ids: [id],
    filter: [
      { type: 'equals', field: 'registrationActive', value: true },
      { type: 'equals', field: 'registrationSalesChannels.id', value: context.salesChannel.id },
    ],
  });
  const [group] = entities;
  if (!group) throw customerGroupRegistrationNotFound(customerGroupId);
  return {
    ...group,
    translated: {
      name: group.name,
      registrationTitle: group.registrationTitle ?? null,
      registrationIntroduction: group.registrationIntroduction ?? null,
      registrationOnlyCompanyRegistration: group.registrationOnlyCompanyRegistration,
      registrationSeoMetaDescription: group.registrationSeoMetaDescription ?? null,
      customFields: group.customFields ?? {},
    },
  };
}

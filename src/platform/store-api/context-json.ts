import { systemContext } from '../acl/context.js';
import type { EntityRecord } from '../entities/serializer.js';
import type { CoreServices } from '../core-services.js';
import { loadCustomerJson } from '../customer/account/customer-json.js';
import type { SalesChannelContext } from '../sales-channel/context/sales-channel-context.js';
import { LANGUAGE_SYSTEM } from '../first-start/default-ids.js';
import { cashRounding, storeCountryJson, storeCurrencyJson, storeShippingMethodJson } from './context-data.js';

/** Shopware's live version id (`Defaults::LIVE_VERSION`): this platform has no draft versions. */
const LIVE_VERSION = '0fa91ce3e96a4bc2be4bd9ce752c3425';

/**
 * The SalesChannelContext as `GET /store-api/context` returns it (Shopware's shape): the entities
 * as the Store API serialises them (the customer without password), the visitor's token and the
 * inner `context` (language chain, currency, tax state).
 */
export async function salesChannelContextJson(platform: Pick<CoreServices, 'repositories'>, context: SalesChannelContext): Promise<Record<string, unknown>> {
  const entity = async (name: string, id: string): Promise<EntityRecord | null> =>
    (await platform.repositories.get(name).get(id, systemContext)) ?? null;
  const customer = context.customer ? ((await loadCustomerJson(platform, context.customer.id)) ?? null) : null;
  const currency = await entity('currency', context.currency.id);
  const country = await entity('country', context.countryId);
  const state = context.countryStateId ? await entity('country_state', context.countryStateId) : null;
  const language = await entity('language', context.languageId);
  const shippingMethod = await entity('shipping_method', context.shippingMethod.id);
  return {
    token: context.token,
    currentCustomerGroup: await entity('customer_group', context.customerGroupId),
    currency: currency && storeCurrencyJson(currency),
    salesChannel: await entity('sales_channel', context.salesChannel.id),
    paymentMethod: await entity('payment_method', context.paymentMethod.id),
    shippingMethod: shippingMethod && storeShippingMethodJson(shippingMethod),
    customer,
    shippingLocation: {
      country: country && storeCountryJson(country),
      state,
      address: customer?.defaultShippingAddress ?? null,
      apiAlias: 'cart_delivery_shipping_location',
    },
    taxState: context.taxState,
    itemRounding: cashRounding(context.currency.decimals),
    totalRounding: cashRounding(context.currency.decimals),
    languageInfo: { name: (language?.name as string | undefined) ?? '', localeCode: (language?.localeCode as string | undefined) ?? 'en-GB' },
    context: {
      // a text missing in the context's language falls back to the default language's (the entity's own columns)
      languageIdChain: context.languageId === LANGUAGE_SYSTEM ? [context.languageId] : [context.languageId, LANGUAGE_SYSTEM],
      versionId: LIVE_VERSION,
      currencyId: context.currency.id,
      currencyFactor: context.currency.factor,
      currencyPrecision: context.currency.decimals,
      scope: 'user',
      source: { type: 'sales-channel', salesChannelId: context.salesChannel.id },
      taxState: context.taxState,
      apiAlias: 'context',
    },
    apiAlias: 'sales_channel_context',
  };
}

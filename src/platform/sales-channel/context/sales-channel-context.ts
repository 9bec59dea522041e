import type { PriceEntry } from '../../catalog/price-field.js';
import type { TaxState } from '../../checkout/cart/calculation/calculated-price.js';

/**
 * Everything a storefront or Store API request runs with: the sales channel, the visitor's token and
 * choices (currency, payment and shipping method) and the logged-in customer, if any. Built per request
 * by the SalesChannelContextService; the choices persist under the token.
 */
export interface SalesChannelContext {
  /** The `sw-context-token`; also the storefront's session token. */
  token: string;
  salesChannel: ContextSalesChannel;
  languageId: string;
  currency: ContextCurrency;
  paymentMethod: ContextPaymentMethod;
  shippingMethod: ContextShippingMethod;
  /**
   * Country of the shipping location: the customer's default shipping address, else the visitor's
   * choice (`PATCH /store-api/context`), else the channel's. Tax rules are chosen by it.
   */
  countryId: string;
  /** The chosen state of a guest's country (addresses carry none here); tax rules of type `individual_states`. */
  countryStateId: string | null;
  /** Zip code of the customer's default shipping address; tax rules of type `zip_code` and `zip_code_range`. */
  zipcode: string | null;
  customerGroupId: string;
  customer: ContextCustomer | null;
  /** `gross` (tax included) unless the customer group shows net prices (`displayGross` false): then `net`. */
  taxState: TaxState;
}

export interface ContextSalesChannel {
  id: string;
  name: string;
  typeId: string;
  accessKey: string;
  navigationCategoryId: string;
  /** Roots of the footer and service navigations; null when the channel has none. */
  footerCategoryId: string | null;
  serviceCategoryId: string | null;
  languageId: string;
  currencyId: string;
  paymentMethodId: string;
  shippingMethodId: string;
  countryId: string;
  customerGroupId: string;
}

export interface ContextCurrency {
  id: string;
  isoCode: string;
  name: string;
  symbol: string;
  /** Minor-unit digits (0 RWF, 2 EUR, 3 KWD). */
  decimals: number;
  /** 1 EUR (the default currency) in this currency. */
  factor: number;
}

export interface ContextPaymentMethod {
  id: string;
  technicalName: string;
  name: string;
  description: string | null;
  handlerIdentifier: string;
  /** Active and assigned to the context's sales channel when the context was read (checkout refuses it otherwise). */
  offered: boolean;
}

export interface ContextShippingMethod {
  id: string;
  technicalName: string | null;
  name: string;
  taxId: string | null;
  price: PriceEntry[];
  deliveryTimeMinDays: number;
  deliveryTimeMaxDays: number;
}

export interface ContextCustomer {
  id: string;
  customerNumber: string;
  company: string | null;
  email: string;
  firstName: string;
  lastName: string;
  groupId: string;
  guest: boolean;
  defaultBillingAddressId: string | null;
  defaultShippingAddressId: string | null;
  defaultPaymentMethodId: string | null;
}

/** What is stored under a token: only the visitor's choices; everything else is read fresh. */
export interface ContextChoices {
  currencyId?: string;
  paymentMethodId?: string;
  shippingMethodId?: string;
  /** The shipping country a guest chose; a customer's shipping address wins over it. */
  countryId?: string;
  countryStateId?: string | null;
  /** A language of the channel (`sales_channel_language`): product and category texts follow it. */
  languageId?: string;
}

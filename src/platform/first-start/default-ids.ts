import { deterministicId } from '../ids.js';

/** Shopware's fixed ids (`Defaults`), kept so that people and tools that know them feel at home. */
export const LANGUAGE_SYSTEM = '2fbb5fe2e29a4d70aa5854ce7ce3e20b';
export const CURRENCY_DEFAULT = 'b7d2554b0ce847cd82f3ac9bd1c0dfca';

// Any fixed id works as the namespace; this one is ours.
const NAMESPACE = '6e1a4c0b8f2d4d1c9a3b5e7f90a1b2c3';

/** Ids of the records the first start creates: the same on every installation. */
export const defaultShopId = (kind: string, key = ''): string => deterministicId(NAMESPACE, `${kind}:${key}`);

/** The id of a currency the first start creates (EUR keeps Shopware's default currency id). */
export const defaultShopCurrencyId = (isoCode: string): string => (isoCode === 'EUR' ? CURRENCY_DEFAULT : defaultShopId('currency', isoCode));

/** The storefront sales channel the first start creates. */
export const DEFAULT_SALES_CHANNEL_ID = defaultShopId('sales_channel', 'storefront');

import { systemContext, type EntityRecord, type ExtensionHost } from '../../../platform/sdk/index.js';

/** Shopware's storefront sales channel type (`Defaults::SALES_CHANNEL_TYPE_STOREFRONT`). */
export const STOREFRONT_TYPE_ID = '8a243080f92e4c719546314b577cf82b';

/** What the plan names but cannot know: read from the shop once per run. */
export interface ShopDefaults {
  /** The storefront channel new channels are cloned from (the oldest one). */
  template: EntityRecord;
  languageId: string;
  currencyId: string;
  /** Minor-unit digits of the default currency. */
  decimals: number;
  paymentMethodId: string;
  shippingMethodId: string;
  customerGroupId: string;
  /** Country ids by ISO code. */
  countries: Map<string, string>;
}

export async function loadShopDefaults(host: ExtensionHost): Promise<ShopDefaults> {
  const { entities } = await host.repository('sales_channel').search(
    {
      filter: [{ type: 'equals', field: 'typeId', value: STOREFRONT_TYPE_ID }],
      sort: [{ field: 'createdAt', order: 'ASC' }],
      limit: 1,
      associations: { languages: {}, currencies: {}, countries: {}, paymentMethods: {}, shippingMethods: {}, domains: {} },
    },
    systemContext,
  );
  const template = entities[0];
  if (!template) throw new Error('The shop has no storefront sales channel to take language, currency, payment and shipping from.');
  const currency = await host.repository('currency').get(template.currencyId as string, systemContext);
  const countries = (await host.repository('country').search({}, systemContext)).entities;
  return {
    template,
    languageId: template.languageId as string,
    currencyId: template.currencyId as string,
    decimals: (currency?.decimals as number | undefined) ?? 2,
    paymentMethodId: template.paymentMethodId as string,
    shippingMethodId: template.shippingMethodId as string,
    customerGroupId: template.customerGroupId as string,
    countries: new Map(countries.map((c) => [c.iso as string, c.id as string])),
  };
}

/** The id of a country by ISO code; the template channel's country when the shop lacks it. */
export function countryIdOf(shop: ShopDefaults, iso: string): string {
  return shop.countries.get(iso) ?? (shop.template.countryId as string);
}

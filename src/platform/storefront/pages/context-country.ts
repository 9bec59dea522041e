import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import type { ShopLayout } from '../http/framework.js';
import { channelCountries } from './channel-countries.js';
import { registerContextSwitch } from './context-switch.js';
import type { StorefrontServices } from './storefront-services.js';
import type { ShopFrameLists } from './shop-frame-lists.js';

export const COUNTRY_SWITCH_PATH = '/context/country';

/**
 * The delivery country of a visitor who has given no address yet (Shopware's context `countryId`): taxes,
 * and net prices for net customer groups, follow it before checkout. Shown when the channel ships to two or
 * more countries; once there is a buyer (a customer or a guest with details), their shipping address decides.
 */
export function countryChoicesOf(countries: ShopFrameLists['countries'], context: SalesChannelContext, request: FastifyRequest): ShopLayout['countries'] {
  if (request.storefront?.buyer || context.customer || countries.length < 2) return undefined;
  return countries.map((country) => ({ ...country, selected: country.id === context.countryId }));
}

/** POST /context/country: the visitor's context switches to a country of the channel; back to the page they were on. */
export function registerCountrySwitch(app: FastifyInstance, services: StorefrontServices): void {
  registerContextSwitch(app, services, {
    path: COUNTRY_SWITCH_PATH,
    field: 'countryId',
    // the service refuses a country the channel does not ship to (or an inactive one)
    refused: 'We do not deliver to this country. Please choose another one.',
    switched: async (context) => {
      const name = (await channelCountries(services, context)).find((country) => country.value === context.countryId)?.label ?? 'the chosen country';
      return `Prices and taxes are now shown for delivery to ${name}.`;
    },
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import type { ShopLayout } from '../http/framework.js';
import { redirectWithFlash, safeLocalPath, storefrontRoutes } from '../http/index.js';
import { channelCountries } from './channel-countries.js';
import { clientErrorMessages, formFields } from './form-input.js';
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
  const { platform, contexts } = services;
  storefrontRoutes(app).formPost(COUNTRY_SWITCH_PATH, async (request, reply) => {
    const fields = formFields(request.body);
    const back = safeLocalPath(fields.redirectTo, '/');
    const context = await contexts.storedContextOf(request, reply);
    let switched: SalesChannelContext;
    try {
      // the service refuses a country the channel does not ship to (or an inactive one)
      switched = await platform.salesChannelContexts.switchChoices(context, { countryId: (fields.countryId ?? '').trim().toLowerCase() });
    } catch (error) {
      clientErrorMessages(error);
      return redirectWithFlash(reply, back, 'danger', 'We do not deliver to this country. Please choose another one.');
    }
    contexts.adopt(request, reply, switched);
    const name = (await channelCountries(services, switched)).find((country) => country.value === switched.countryId)?.label ?? 'the chosen country';
    return redirectWithFlash(reply, back, 'success', `Prices and taxes are now shown for delivery to ${name}.`);
  });
}

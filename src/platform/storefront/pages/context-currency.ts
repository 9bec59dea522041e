import type { FastifyInstance } from 'fastify';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import type { ShopLayout } from '../http/framework.js';
import { redirectWithFlash, safeLocalPath, storefrontRoutes } from '../http/index.js';
import { clientErrorMessages, formFields } from './form-input.js';
import type { StorefrontServices } from './storefront-services.js';
import type { ShopFrameLists } from './shop-frame-lists.js';

export const CURRENCY_SWITCH_PATH = '/context/currency';

/** The header's currency choice: the channel's currencies (ordered by position), only when there are two or more. */
export function currencyChoicesOf(currencies: ShopFrameLists['currencies'], context: SalesChannelContext): ShopLayout['currencies'] {
  if (currencies.length < 2) return undefined;
  return currencies.map((currency) => ({ ...currency, selected: currency.id === context.currency.id }));
}

/** POST /context/currency: the visitor's context switches to a currency of the channel; back to the page they were on. */
export function registerCurrencySwitch(app: FastifyInstance, services: StorefrontServices): void {
  const { platform, contexts } = services;
  storefrontRoutes(app).formPost(CURRENCY_SWITCH_PATH, async (request, reply) => {
    const fields = formFields(request.body);
    const back = safeLocalPath(fields.redirectTo, '/');
    const context = await contexts.storedContextOf(request, reply);
    let switched: SalesChannelContext;
    try {
      // the service refuses a currency that is not assigned to the channel
      switched = await platform.salesChannelContexts.switchChoices(context, { currencyId: (fields.currencyId ?? '').trim().toLowerCase() });
    } catch (error) {
      clientErrorMessages(error);
      return redirectWithFlash(reply, back, 'danger', 'This currency is not available. Please choose another one.');
    }
    contexts.adopt(request, reply, switched);
    return redirectWithFlash(reply, back, 'success', `Prices are now shown in ${switched.currency.isoCode}.`);
  });
}

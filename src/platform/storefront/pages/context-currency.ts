import type { FastifyInstance } from 'fastify';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import type { ShopLayout } from '../http/framework.js';
import { registerContextSwitch } from './context-switch.js';
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
  registerContextSwitch(app, services, {
    path: CURRENCY_SWITCH_PATH,
    field: 'currencyId',
    refused: 'This currency is not available. Please choose another one.',
    switched: (context) => `Prices are now shown in ${context.currency.isoCode}.`,
  });
}

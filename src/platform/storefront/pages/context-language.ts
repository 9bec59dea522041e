import type { FastifyInstance } from 'fastify';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import type { ShopLayout } from '../http/framework.js';
import { registerContextSwitch } from './context-switch.js';
import type { StorefrontServices } from './storefront-services.js';
import type { ShopFrameLists } from './shop-frame-lists.js';

export const LANGUAGE_SWITCH_PATH = '/context/language';

/** The header's language choice: the channel's languages (`sales_channel_language`, by name), only when there are two or more. */
export function languageChoicesOf(languages: ShopFrameLists['languages'], context: SalesChannelContext): ShopLayout['languages'] {
  if (languages.length < 2) return undefined;
  return languages.map((language) => ({ ...language, selected: language.id === context.languageId }));
}

/**
 * POST /context/language: the visitor's context switches to a language of the channel (the service refuses
 * others); product and category names and descriptions follow it where they are translated. The page's own
 * words (buttons, headings) stay English: there is one set of templates.
 */
export function registerLanguageSwitch(app: FastifyInstance, services: StorefrontServices): void {
  registerContextSwitch(app, services, {
    path: LANGUAGE_SWITCH_PATH,
    field: 'languageId',
    refused: 'This language is not available. Please choose another one.',
    switched: async (context) => {
      const row = await services.platform.db.selectFrom('language').select('name').where('id', '=', context.languageId).executeTakeFirst();
      return `Products and categories are now shown in ${(row?.name as string | undefined) ?? 'the chosen language'} where translated.`;
    },
  });
}

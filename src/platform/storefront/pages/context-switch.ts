import type { FastifyInstance } from 'fastify';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import type { ContextPatch } from '../../sales-channel/context/sales-channel-context-service.js';
import { redirectWithFlash, safeLocalPath, storefrontRoutes } from '../http/index.js';
import { clientErrorMessages, formFields } from './form-input.js';
import type { StorefrontServices } from './storefront-services.js';

export interface ContextSwitch {
  path: string;
  /** The form field, also the context choice it sets (`currencyId`, `countryId`, `languageId`). */
  field: 'currencyId' | 'countryId' | 'languageId';
  /** Flashed when the service refuses the choice (not the channel's, inactive, malformed). */
  refused: string;
  /** Flashed after the switch. */
  switched: (context: SalesChannelContext) => string | Promise<string>;
}

/**
 * A header form's POST that switches one choice of the visitor's stored context (`switchChoices` checks it
 * against the channel) and sends the visitor back to `redirectTo` (local paths only) with a message.
 */
export function registerContextSwitch(app: FastifyInstance, services: StorefrontServices, options: ContextSwitch): void {
  const { platform, contexts } = services;
  storefrontRoutes(app).formPost(options.path, async (request, reply) => {
    const fields = formFields(request.body);
    const back = safeLocalPath(fields.redirectTo, '/');
    const context = await contexts.storedContextOf(request, reply);
    const patch: ContextPatch = { [options.field]: (fields[options.field] ?? '').trim().toLowerCase() };
    let switched: SalesChannelContext;
    try {
      switched = await platform.salesChannelContexts.switchChoices(context, patch);
    } catch (error) {
      clientErrorMessages(error);
      return redirectWithFlash(reply, back, 'danger', options.refused);
    }
    contexts.adopt(request, reply, switched);
    return redirectWithFlash(reply, back, 'success', await options.switched(switched));
  });
}

import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { isClientError } from '../../errors/app-error.js';
import { NEWSLETTER_CONFIRM_PATH, confirmNewsletter, subscribeToNewsletter } from '../../newsletter/newsletter-subscription.js';
import { redirectWithFlash, renderPage, safeLocalPath, storefrontRoutes } from '../http/index.js';
import { formFields } from './form-input.js';
import type { StorefrontServices } from './storefront-services.js';

const SUBSCRIBED = 'Thank you! Please confirm your subscription with the link we have sent you.';
const INVALID_EMAIL = 'Please enter a valid email address to subscribe to the newsletter.';
const TOO_MANY = 'There were many subscriptions from your connection in a short time. Please try again later.';

const ConfirmQuery = { querystring: Type.Object({ em: Type.Optional(Type.String()), hash: Type.Optional(Type.String()) }) };

/**
 * The footer's newsletter sign-up (`POST /newsletter/subscribe`, double opt-in through the Store API's
 * service, the link on this shop's origin) and the mailed link's page (`GET /newsletter-subscribe`).
 * An address that is already subscribed hears the same thanks: the form tells nobody who subscribed.
 */
export function registerNewsletterPages(app: FastifyInstance, services: StorefrontServices): void {
  const { platform, contexts } = services;
  const routes = storefrontRoutes(app);

  routes.formPost('/newsletter/subscribe', async (request, reply) => {
    const fields = formFields(request.body);
    const back = safeLocalPath(fields.redirectTo, '/');
    const [context, { origin }] = await Promise.all([contexts.contextOf(request), contexts.channelOf(request)]);
    try {
      await subscribeToNewsletter(platform, context, { email: fields.email ?? '', option: 'subscribe' }, { clientIp: request.ip, trustedStorefrontUrl: origin });
    } catch (error) {
      if (!isClientError(error)) throw error;
      return redirectWithFlash(reply, back, 'danger', error.status === 429 ? TOO_MANY : INVALID_EMAIL);
    }
    return redirectWithFlash(reply, back, 'success', SUBSCRIBED);
  });

  routes.page(
    NEWSLETTER_CONFIRM_PATH,
    async (request, reply) => {
      const context = await contexts.contextOf(request);
      try {
        await confirmNewsletter(platform, context, { em: request.query.em ?? '', hash: request.query.hash ?? '' });
      } catch (error) {
        // blank, unknown, used or mismatched: the visitor can only ask for a new link
        if (!isClientError(error)) throw error;
        return renderPage(reply, 'page/newsletter-confirm.njk', { confirmed: false }, 404);
      }
      return renderPage(reply, 'page/newsletter-confirm.njk', { confirmed: true });
    },
    { schema: ConfirmQuery },
  );
}

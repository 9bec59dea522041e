import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { documentedOnly, typed } from '../http/schemas/index.js';
import type { PlatformServices } from '../platform-services.js';
import { StoreApiHeaders, storeApiErrors } from '../store-api/store-api-schemas.js';
import { sendContactForm } from '../contact/contact-form.js';
import { confirmNewsletter, subscribeToNewsletter, unsubscribeFromNewsletter } from './newsletter-subscription.js';

const SuccessResponse = documentedOnly(Type.Object({ success: Type.Boolean() }, { description: 'Done.' }));
const text = (description: string) => Type.Optional(Type.String({ description }));
const id = (description: string) => Type.Optional(Type.String({ pattern: '^[0-9a-f]{32}$', description }));

/**
 * Shopware's form routes of the Store API: the contact form and the newsletter's double opt-in
 * (subscribe, confirm, unsubscribe). Bodies are documented, not validated: the services answer
 * Shopware's violations at their pointers.
 */
export function registerFormRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'mail' | 'systemConfig'>): void {
  const routes = typed(app);

  routes.post(
    '/store-api/contact-form',
    {
      schema: {
        tags: ['Content'],
        summary: 'Submit a contact form message',
        description: 'Mailed to the shop owner (`core.basicInformation.email`), the visitor as reply-to. 5 per client address per 15 minutes.',
        headers: StoreApiHeaders,
        body: documentedOnly(
          Type.Object({
            email: Type.String(),
            subject: Type.String(),
            comment: Type.String(),
            salutationId: id('A salutation.'),
            firstName: text('Required when `core.basicInformation.firstNameFieldRequired` is on.'),
            lastName: text('Required when `core.basicInformation.lastNameFieldRequired` is on.'),
            phone: text('Required when `core.basicInformation.phoneNumberFieldRequired` is on.'),
            navigationId: id('Accepted; forms have no per-category receivers here.'),
          }),
        ),
        response: {
          200: documentedOnly(Type.Object({ individualSuccessMessage: Type.String(), apiAlias: Type.String({ enum: ['contact_form_result'] }) }, { description: 'Sent (queued).' })),
          ...storeApiErrors({ 400: 'A missing or malformed field (`VIOLATION::*` at its pointer).', 429: 'FRAMEWORK__RATE_LIMIT_EXCEEDED.' }),
        },
      },
    },
    async (request) => sendContactForm(platform, request.salesChannelContext, request.body, { clientIp: request.ip }),
  );

  routes.post(
    '/store-api/newsletter/subscribe',
    {
      schema: {
        tags: ['Newsletter'],
        summary: 'Create or remove a newsletter subscription',
        description:
          '`subscribe` (and `confirmSubscribe`) mails a link to `{storefrontUrl}/newsletter-subscribe?em=…&hash=…` and answers `notSet`; ' +
          '`direct` subscribes at once only where `core.newsletter.doubleOptIn` is off; `unsubscribe` opts out. 10 subscriptions per client address per 15 minutes.',
        headers: StoreApiHeaders,
        body: documentedOnly(
          Type.Object({
            email: Type.String(),
            option: Type.String({ enum: ['subscribe', 'direct', 'confirmSubscribe', 'unsubscribe'] }),
            storefrontUrl: Type.String({ description: 'One of the sales channel\'s domain URLs; the link points there.' }),
            salutationId: id('A salutation.'),
            firstName: text('First name.'),
            lastName: text('Last name.'),
            street: text('Street.'),
            city: text('City.'),
            zipCode: text('Zip code.'),
          }),
        ),
        response: {
          200: documentedOnly(Type.Object({ success: Type.Boolean(), status: Type.String({ enum: ['notSet', 'direct', 'optIn', 'optOut'] }) })),
          ...storeApiErrors({ 400: 'A missing or malformed field (`VIOLATION::*` at its pointer).', 429: 'FRAMEWORK__RATE_LIMIT_EXCEEDED.' }),
        },
      },
    },
    async (request) => ({ success: true, status: await subscribeToNewsletter(platform, request.salesChannelContext, request.body, { clientIp: request.ip }) }),
  );

  routes.post(
    '/store-api/newsletter/confirm',
    {
      schema: {
        tags: ['Newsletter'],
        summary: 'Confirm a newsletter registration',
        description: 'The `hash` and `em` of the mailed link; the link works once.',
        headers: StoreApiHeaders,
        body: documentedOnly(Type.Object({ hash: Type.String(), em: Type.String({ description: 'The SHA-1 of the address.' }) })),
        response: {
          200: SuccessResponse,
          ...storeApiErrors({ 400: 'A missing hash or em, or an em that does not match.', 404: 'CONTENT__NEWSLETTER_RECIPIENT_NOT_FOUND: no subscription waits for this hash.' }),
        },
      },
    },
    async (request) => {
      await confirmNewsletter(platform, request.salesChannelContext, request.body);
      return { success: true };
    },
  );

  routes.post(
    '/store-api/newsletter/unsubscribe',
    {
      schema: {
        tags: ['Newsletter'],
        summary: 'Remove a newsletter subscription',
        description: 'The same answer for an address that never subscribed.',
        headers: StoreApiHeaders,
        body: documentedOnly(Type.Object({ email: Type.String() })),
        response: { 200: SuccessResponse, ...storeApiErrors({ 400: 'A missing or malformed address.' }) },
      },
    },
    async (request) => {
      await unsubscribeFromNewsletter(platform, request.salesChannelContext, request.body);
      return { success: true };
    },
  );
}

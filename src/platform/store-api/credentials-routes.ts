import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { changeEmail, changePassword } from '../customer/account/customer-credentials.js';
import { convertGuest, deleteCustomer } from '../customer/account/guest-conversion.js';
import { CHECKS_TEXT_ITSELF } from '../http/input-guard.js';
import { documentedOnly, noContent, typed } from '../http/schemas/index.js';
import type { PlatformServices } from '../platform-services.js';
import { customerNewsletterStatus } from '../newsletter/customer-newsletter-status.js';
import { StoreCriteriaBody } from '../catalog/store/store-api-schemas.js';
import { requireCustomer } from './require-customer.js';
import { setStoreApiContext } from './store-api-context.js';
import { StoreApiHeaders, storeApiErrors } from './store-api-schemas.js';

const SuccessResponse = documentedOnly(Type.Object({ success: Type.Boolean() }, { description: 'Done.' }));
const NOT_LOGGED_IN = { 403: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN: no customer (or a guest) is logged in.' };
const PasswordBody = documentedOnly(
  Type.Object(
    { password: Type.String({ description: 'The current password' }), newPassword: Type.String(), newPasswordConfirm: Type.String() },
    { description: 'A wrong current password is a violation at `/password`.' },
  ),
);
const EmailBody = documentedOnly(
  Type.Object(
    { email: Type.String(), emailConfirmation: Type.String(), password: Type.String({ description: 'The current password' }) },
    { description: 'The new address, unused by other registered customers.' },
  ),
);

const NewsletterRecipient = documentedOnly(
  Type.Object(
    { status: Type.Union(['notSet', 'optIn', 'optOut', 'direct', 'undefined'].map((s) => Type.Literal(s))), apiAlias: Type.Literal('account_newsletter_recipient') },
    { description: 'The newsletter status of the customer\'s address in this channel; `undefined` when never subscribed.' },
  ),
);

/** Shopware's credential and newsletter-status routes of the logged-in customer (guests: 403). */
export function registerCredentialsRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'repositories' | 'salesChannelContexts'>): void {
  const routes = typed(app);
  const tags = ['Profile'];

  routes.post(
    '/store-api/account/change-password',
    {
      // passwords are compared as sent, not refused by the text guard
      config: { [CHECKS_TEXT_ITSELF]: true },
      schema: {
        tags,
        summary: 'Change the customer\'s password; other sessions end, this one gets a new `sw-context-token`',
        headers: StoreApiHeaders,
        body: PasswordBody,
        response: { 200: SuccessResponse, ...storeApiErrors({ 400: 'Violations at their pointers (a wrong current password at `/password`).', ...NOT_LOGGED_IN }) },
      },
    },
    async (request, reply) => {
      const context = await changePassword(platform, request.salesChannelContext, requireCustomer(request).id, request.body);
      setStoreApiContext(request, reply, context);
      return { success: true };
    },
  );

  routes.post(
    '/store-api/account/change-email',
    {
      config: { [CHECKS_TEXT_ITSELF]: true },
      schema: {
        tags,
        summary: 'Change the customer\'s e-mail address',
        headers: StoreApiHeaders,
        body: EmailBody,
        response: { 200: SuccessResponse, ...storeApiErrors({ 400: 'Violations at their pointers (an address in use, a wrong password).', ...NOT_LOGGED_IN }) },
      },
    },
    async (request) => {
      await changeEmail(platform, requireCustomer(request).id, request.body);
      return { success: true };
    },
  );

  routes.post(
    '/store-api/account/newsletter-recipient',
    {
      schema: {
        tags: ['Newsletter'],
        summary: 'The customer\'s newsletter status (criteria are accepted; there is one recipient per address and channel)',
        headers: StoreApiHeaders,
        body: StoreCriteriaBody,
        response: { 200: NewsletterRecipient, ...storeApiErrors(NOT_LOGGED_IN) },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const status = await customerNewsletterStatus(platform.db, request.salesChannelContext.salesChannel.id, customer.email);
      return { status, apiAlias: 'account_newsletter_recipient' as const };
    },
  );

  routes.post(
    '/store-api/account/convert-guest',
    {
      config: { [CHECKS_TEXT_ITSELF]: true },
      schema: {
        tags,
        summary: 'Give the logged-in guest account a password: it becomes a registered customer',
        headers: StoreApiHeaders,
        body: documentedOnly(Type.Object({ password: Type.String() }, { description: 'The new password.' })),
        response: { 200: SuccessResponse, ...storeApiErrors({ 400: 'Not a guest (CHECKOUT__REGISTERED_CUSTOMER_CANNOT_BE_CONVERTED), or violations (password, an address in use).', 403: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN: no customer is logged in.' }) },
      },
    },
    async (request) => {
      await convertGuest(platform, requireCustomer(request, { allowGuest: true }).id, request.body);
      return { success: true };
    },
  );

  routes.delete(
    '/store-api/account/customer',
    { schema: { tags, summary: 'Delete the logged-in customer; orders keep their copy of the customer', headers: StoreApiHeaders, response: { 204: noContent('Deleted.'), ...storeApiErrors({ 403: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN: no customer is logged in.' }) } } },
    async (request, reply) => {
      await deleteCustomer(platform, requireCustomer(request, { allowGuest: true }).id);
      return reply.code(204).send();
    },
  );
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors/app-error.js';
import { confirmRegistration } from '../../customer/account/double-opt-in.js';
import { findRecovery, requestPasswordRecovery, resetPasswordWithRecovery } from '../../customer/account/password-recovery.js';
import { violationMessagesByPointer } from '../../customer/account/violations.js';
import { LOGIN_PATH, addFlash, redirectWithFlash, renderPage, storefrontRoutes } from '../http/index.js';
import { clientErrorMessages, formFields } from './form-input.js';
import type { StorefrontServices } from './storefront-services.js';

const RECOVER_PATH = '/account/recover';
const RESET_PATH = '/account/recover/password';
const CONFIRM_PATH = '/registration/confirm';

const SENT_MESSAGE = 'If an account exists for this address, we have sent it a link to choose a new password. Please check your inbox.';

/**
 * The account pages behind mailed links: "forgot your password?" (mails a recovery link, the same answer
 * for unknown addresses), the page the link opens to choose a new password, and the confirmation of a
 * double opt-in registration. They call the services of the Store API routes.
 */
export function registerAccountMailPages(app: FastifyInstance, services: StorefrontServices): void {
  const { platform, contexts } = services;
  const routes = storefrontRoutes(app);

  routes.page(RECOVER_PATH, async (request, reply) => {
    if (request.storefront.customer) return reply.redirect('/account/password', 302);
    return renderPage(reply, 'account/recover.njk', { values: {}, errors: {} });
  });

  routes.formPost(
    RECOVER_PATH,
    async (request, reply) => {
      const email = formFields(request.body).email ?? '';
      const context = await contexts.contextOf(request);
      const { origin } = await contexts.channelOf(request);
      try {
        await requestPasswordRecovery(platform, context, { email }, { clientIp: request.ip, trustedStorefrontUrl: origin });
      } catch (error) {
        const messages = clientErrorMessages(error);
        const status = (error as AppError).status;
        if (status === 429) addFlash(reply, 'danger', 'Too many requests for this address. Please try again later.');
        else if (messages.length > 0 && !violationMessagesByPointer(error)['/email']) for (const message of messages) addFlash(reply, 'danger', message);
        return renderPage(reply, 'account/recover.njk', { values: { email }, errors: { email: violationMessagesByPointer(error)['/email'] } }, status);
      }
      return redirectWithFlash(reply, RECOVER_PATH, 'success', SENT_MESSAGE);
    },
    { checksTextItself: true },
  );

  routes.page(
    RESET_PATH,
    async (request, reply) => {
      const hash = typeof request.query.hash === 'string' ? request.query.hash : '';
      const recovery = hash ? await findRecovery(platform.db, hash) : undefined;
      const invalid = !recovery ? 'unknown' : recovery.expired ? 'expired' : undefined;
      return renderPage(reply, 'account/recover-password.njk', { hash: invalid ? '' : hash, invalid, errors: {} }, invalid ? 410 : 200);
    },
    { schema: { querystring: Type.Object({ hash: Type.Optional(Type.Unknown()) }) } },
  );

  routes.formPost(
    RESET_PATH,
    async (request, reply) => {
      const fields = formFields(request.body);
      try {
        await resetPasswordWithRecovery(platform, { hash: fields.hash ?? '', newPassword: fields.newPassword ?? '', newPasswordConfirm: fields.newPasswordConfirm ?? '' });
      } catch (error) {
        clientErrorMessages(error);
        return renderResetFailure(reply, fields.hash ?? '', error as AppError);
      }
      return redirectWithFlash(reply, LOGIN_PATH, 'success', 'Your password has been changed. Please log in with the new password.');
    },
    { checksTextItself: true },
  );

  routes.page(
    CONFIRM_PATH,
    async (request, reply) => {
      const { em, hash } = request.query;
      const guest = await contexts.contextOf(request);
      try {
        const { context } = await confirmRegistration(platform, guest, { em: typeof em === 'string' ? em : '', hash: typeof hash === 'string' ? hash : '' });
        contexts.adopt(request, reply, context);
      } catch (error) {
        clientErrorMessages(error);
        const code = (error as AppError).code;
        if (code === 'CHECKOUT__CUSTOMER_IS_ALREADY_CONFIRMED') return redirectWithFlash(reply, LOGIN_PATH, 'info', 'Your account is confirmed already. Please log in.');
        return redirectWithFlash(reply, LOGIN_PATH, 'danger', 'This confirmation link does not work. Please check that you opened the whole link from the mail.');
      }
      return redirectWithFlash(reply, '/account', 'success', 'Thank you, your account is confirmed. Welcome!');
    },
    { schema: { querystring: Type.Object({ em: Type.Optional(Type.Unknown()), hash: Type.Optional(Type.Unknown()) }) } },
  );
}

function renderResetFailure(reply: FastifyReply, hash: string, error: AppError): Promise<FastifyReply> | FastifyReply {
  if (error.status === 404 || error.status === 410) {
    return renderPage(reply, 'account/recover-password.njk', { hash: '', invalid: error.status === 410 ? 'expired' : 'unknown', errors: {} }, error.status);
  }
  const byPointer = violationMessagesByPointer(error);
  const errors = { newPassword: byPointer['/newPassword'], newPasswordConfirm: byPointer['/newPasswordConfirm'] };
  addFlash(reply, 'danger', 'Your password has not been changed. Please check the marked fields.');
  return renderPage(reply, 'account/recover-password.njk', { hash, errors }, 400);
}

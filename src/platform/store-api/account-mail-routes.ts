import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { confirmRegistration } from '../customer/account/double-opt-in.js';
import { isRecoveryExpired, requestPasswordRecovery, resetPasswordWithRecovery } from '../customer/account/password-recovery.js';
import { documentedOnly, typed } from '../http/schemas/index.js';
import { entityRef } from '../http/openapi/entity-schemas.js';
import type { PlatformServices } from '../platform-services.js';
import { setStoreApiContext } from './store-api-context.js';
import { StoreApiHeaders, storeApiErrors } from './store-api-schemas.js';

const SuccessResponse = documentedOnly(Type.Object({ success: Type.Boolean() }, { description: 'Done.' }));

/**
 * Shopware's account routes that work through mailed links: password recovery (request a link, set a
 * new password with it, ask whether it still works) and the confirmation of a double opt-in
 * registration. Bodies are documented, not validated: the services answer Shopware's violations.
 */
export function registerAccountMailRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'env' | 'mail' | 'repositories' | 'salesChannelContexts' | 'systemConfig'>): void {
  const routes = typed(app);
  const tags = ['Profile'];

  routes.post(
    '/store-api/account/recovery-password',
    {
      schema: {
        tags,
        summary: 'Send a password recovery mail',
        description:
          'Mails a link to `{storefrontUrl}/account/recover/password?hash=…` (valid two hours, single use) when an active account has the address. ' +
          'The answer is the same for an unknown address.',
        headers: StoreApiHeaders,
        body: documentedOnly(
          Type.Object({
            email: Type.String({ description: 'The account\'s e-mail address.' }),
            storefrontUrl: Type.String({ description: 'One of the sales channel\'s domain URLs; the link points there.' }),
          }),
        ),
        response: { 200: SuccessResponse, ...storeApiErrors({ 400: 'A malformed address or a storefront URL that is not a domain of the sales channel.', 429: 'Too many requests for this address.' }) },
      },
    },
    async (request) => {
      await requestPasswordRecovery(platform, request.salesChannelContext, request.body, { clientIp: request.ip });
      return { success: true };
    },
  );

  routes.post(
    '/store-api/account/recovery-password-confirm',
    {
      schema: {
        tags,
        summary: 'Reset a password with recovery credentials',
        description: 'Sets the new password once; every session of the customer ends.',
        headers: StoreApiHeaders,
        body: documentedOnly(
          Type.Object({
            hash: Type.String({ description: 'The `hash` of the link in the recovery mail.' }),
            newPassword: Type.String({ description: 'At least 8 characters.' }),
            newPasswordConfirm: Type.String({ description: 'The same again.' }),
          }),
        ),
        response: {
          200: SuccessResponse,
          ...storeApiErrors({
            400: 'A missing hash, a password too short, or a confirmation that differs.',
            404: 'CHECKOUT__CUSTOMER_NOT_FOUND_BY_HASH: no pending recovery has this hash (never issued, used, or replaced by a newer one).',
            410: 'CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED: the link is older than two hours.',
          }),
        },
      },
    },
    async (request) => {
      await resetPasswordWithRecovery(platform, request.body);
      return { success: true };
    },
  );

  routes.post(
    '/store-api/account/customer-recovery-is-expired',
    {
      schema: {
        tags,
        summary: 'Whether a password recovery link has expired',
        headers: StoreApiHeaders,
        body: documentedOnly(Type.Object({ hash: Type.String({ description: 'The `hash` of the link (32 characters).' }) })),
        response: {
          200: documentedOnly(Type.Object({ isExpired: Type.Boolean(), apiAlias: Type.String({ enum: ['array_struct'] }) })),
          ...storeApiErrors({ 400: 'The hash is missing or not 32 characters.', 404: 'CHECKOUT__CUSTOMER_NOT_FOUND_BY_HASH: no pending recovery has this hash.' }),
        },
      },
    },
    async (request) => ({ isExpired: await isRecoveryExpired(platform, request.body), apiAlias: 'array_struct' as const }),
  );

  routes.post(
    '/store-api/account/register-confirm',
    {
      schema: {
        tags: ['Login & Registration'],
        summary: 'Confirm a double opt-in registration',
        description: 'Activates the account of the link in the confirmation mail and logs the customer in (new context token); the welcome mail follows.',
        headers: StoreApiHeaders,
        body: documentedOnly(
          Type.Object({
            hash: Type.String({ description: 'The `hash` of the link in the confirmation mail.' }),
            em: Type.String({ description: 'The `em` of the link (the SHA-1 of the address).' }),
          }),
        ),
        response: {
          200: documentedOnly({ ...entityRef('customer'), description: 'The confirmed customer.' }),
          ...storeApiErrors({ 400: 'A missing hash or em.', 404: 'CHECKOUT__CUSTOMER_NOT_FOUND_BY_HASH.', 412: 'CHECKOUT__CUSTOMER_IS_ALREADY_CONFIRMED.' }),
        },
      },
    },
    async (request, reply) => {
      const { customer, context } = await confirmRegistration(platform, request.salesChannelContext, request.body);
      setStoreApiContext(request, reply, context);
      return customer;
    },
  );
}

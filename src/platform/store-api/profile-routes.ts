import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { changeLanguage, changeProfile } from '../customer/account/customer-profile.js';
import { documentedOnly, typed } from '../http/schemas/index.js';
import type { PlatformServices } from '../platform-services.js';
import { requireCustomer } from './require-customer.js';
import { StoreApiHeaders, storeApiErrors } from './store-api-schemas.js';

const SuccessResponse = documentedOnly(Type.Object({ success: Type.Boolean() }, { description: 'Done.' }));
const NOT_LOGGED_IN = { 403: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN: no customer (or a guest) is logged in.' };
const ProfileBody = documentedOnly(
  Type.Object(
    {
      firstName: Type.String(),
      lastName: Type.String(),
      title: Type.Optional(Type.String()),
      company: Type.Optional(Type.String()),
      birthdayDay: Type.Optional(Type.Integer()),
      birthdayMonth: Type.Optional(Type.Integer()),
      birthdayYear: Type.Optional(Type.Integer()),
    },
    { description: 'The profile; violations answer at their pointers.' },
  ),
);
const LanguageBody = documentedOnly(Type.Object({ languageId: Type.String() }, { description: 'A language of the sales channel.' }));

/** Shopware's profile routes of the logged-in customer (guests: 403, as Shopware's `_loginRequired`). */
export function registerProfileRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'repositories'>): void {
  const routes = typed(app);
  const tags = ['Profile'];

  routes.post(
    '/store-api/account/change-profile',
    { schema: { tags, summary: 'Change the customer\'s name, title, company and birthday', headers: StoreApiHeaders, body: ProfileBody, response: { 200: SuccessResponse, ...storeApiErrors({ 400: 'Violations at their pointers.', ...NOT_LOGGED_IN }) } } },
    async (request) => {
      await changeProfile(platform, requireCustomer(request).id, request.body);
      return { success: true };
    },
  );

  routes.post(
    '/store-api/account/change-language',
    { schema: { tags, summary: 'Change the customer\'s language', headers: StoreApiHeaders, body: LanguageBody, response: { 200: SuccessResponse, ...storeApiErrors({ 400: 'No language of the sales channel (`/languageId`).', ...NOT_LOGGED_IN }) } } },
    async (request) => {
      await changeLanguage(platform, request.salesChannelContext, requireCustomer(request).id, request.body);
      return { success: true };
    },
  );
}

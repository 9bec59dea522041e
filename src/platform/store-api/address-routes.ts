import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { StoreCriteriaBody } from '../catalog/store/store-api-schemas.js';
import { parseStoreApiCriteria, STORE_API_EXPOSURE } from '../catalog/store/store-api-criteria.js';
import { createAddress, deleteAddress, listAddresses, setDefaultAddress, updateAddress, type DefaultAddressKind } from '../customer/addresses/address-book.js';
import { documentedOnly, noContent, typed } from '../http/schemas/index.js';
import { entityRef } from '../http/openapi/entity-schemas.js';
import type { PlatformServices } from '../platform-services.js';
import { requireCustomer } from './require-customer.js';
import { StoreApiHeaders, storeApiErrors } from './store-api-schemas.js';

const AddressResponse = documentedOnly({ ...entityRef('customer_address'), description: 'The address with its country and salutation.' });
const AddressList = documentedOnly(
  Type.Object(
    {
      total: Type.Integer(),
      aggregations: Type.Object({}),
      page: Type.Integer(),
      limit: Type.Integer({ nullable: true }),
      elements: Type.Array(Type.Unsafe(entityRef('customer_address'))),
      entity: Type.String({ enum: ['customer_address'] }),
      apiAlias: Type.String({ enum: ['dal_entity_search_result'] }),
    },
    { description: 'The customer\'s addresses, oldest first unless the criteria sort them.' },
  ),
);
const AddressBody = documentedOnly(
  Type.Object(
    {
      countryId: Type.String(),
      firstName: Type.String(),
      lastName: Type.String(),
      street: Type.String(),
      city: Type.String(),
      zipcode: Type.Optional(Type.String()),
      company: Type.Optional(Type.String()),
      phoneNumber: Type.Optional(Type.String()),
      additionalAddressLine1: Type.Optional(Type.String()),
    },
    { description: 'Every field of the address; violations answer at their pointers (`/street`).' },
  ),
);
const AddressParams = Type.Object({ addressId: Type.String({ maxLength: 64 }) });
// the address book's association: an address's country
const ADDRESS_EXPOSURE = { ...STORE_API_EXPOSURE, customer_address: ['country'] };
const NOT_LOGGED_IN = { 403: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN: no customer is logged in.' };
const NOT_FOUND = 'CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND: the address is not one of the logged-in customer\'s.';

/** Shopware's address book routes: the logged-in customer's addresses (guests included, as in Shopware's checkout). */
export function registerAddressRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'entities' | 'repositories'>): void {
  const routes = typed(app);
  const tags = ['Address'];

  routes.post(
    '/store-api/account/list-address',
    { schema: { tags, summary: 'The customer\'s addresses', headers: StoreApiHeaders, body: StoreCriteriaBody, response: { 200: AddressList, ...storeApiErrors({ 400: 'Invalid criteria.', ...NOT_LOGGED_IN }) } } },
    async (request) => {
      const customer = requireCustomer(request, { allowGuest: true });
      const criteria = parseStoreApiCriteria('POST', request.body ?? {}, undefined, 'customer_address', platform.entities, ADDRESS_EXPOSURE);
      const page = await listAddresses(platform, customer.id, criteria);
      return { ...page, aggregations: {}, entity: 'customer_address', apiAlias: 'dal_entity_search_result' };
    },
  );

  routes.post(
    '/store-api/account/address',
    { schema: { tags, summary: 'Add an address', headers: StoreApiHeaders, body: AddressBody, response: { 200: AddressResponse, ...storeApiErrors({ 400: 'Violations at their pointers.', ...NOT_LOGGED_IN }) } } },
    async (request) => createAddress(platform, request.salesChannelContext, requireCustomer(request, { allowGuest: true }).id, request.body),
  );

  routes.patch(
    '/store-api/account/address/:addressId',
    {
      schema: {
        tags,
        summary: 'Change an address',
        headers: StoreApiHeaders,
        params: AddressParams,
        body: AddressBody,
        response: { 200: AddressResponse, ...storeApiErrors({ 400: `Violations at their pointers, or ${NOT_FOUND}`, ...NOT_LOGGED_IN }) },
      },
    },
    async (request) => updateAddress(platform, request.salesChannelContext, requireCustomer(request, { allowGuest: true }).id, request.params.addressId, request.body),
  );

  routes.delete(
    '/store-api/account/address/:addressId',
    {
      schema: {
        tags,
        summary: 'Delete an address',
        headers: StoreApiHeaders,
        params: AddressParams,
        response: { 204: noContent('Deleted.'), ...storeApiErrors({ 400: `${NOT_FOUND} Or CHECKOUT__CUSTOMER_ADDRESS_IS_DEFAULT: a default address stays.`, ...NOT_LOGGED_IN }) },
      },
    },
    async (request, reply) => {
      await deleteAddress(platform, requireCustomer(request, { allowGuest: true }).id, request.params.addressId);
      return reply.code(204).send();
    },
  );

  const defaultRoute = (kind: DefaultAddressKind) =>
    routes.patch(
      `/store-api/account/address/default-${kind}/:addressId`,
      {
        schema: {
          tags,
          summary: `Make an address the default ${kind} address`,
          headers: StoreApiHeaders,
          params: AddressParams,
          response: { 204: noContent('Done (Shopware\'s NoContentResponse).'), ...storeApiErrors({ 400: NOT_FOUND, ...NOT_LOGGED_IN }) },
        },
      },
      async (request, reply) => {
        await setDefaultAddress(platform, requireCustomer(request, { allowGuest: true }).id, request.params.addressId, kind);
        return reply.code(204).send();
      },
    );
  defaultRoute('shipping');
  defaultRoute('billing');
}

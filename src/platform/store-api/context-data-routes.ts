import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Criteria } from '../entities/criteria/types.js';
import { applyIncludes } from '../entities/serializer.js';
import { documentedOnly, entityRef, typed } from '../http/schemas/index.js';
import type { PlatformServices } from '../platform-services.js';
import { parseStoreApiCriteria } from '../catalog/store/store-api-criteria.js';
import { StoreCriteriaBody, StoreCriteriaQuery } from '../catalog/store/store-api-schemas.js';
import {
  loadCustomerGroupRegistration,
  searchChannelCountries,
  searchChannelCurrencies,
  searchChannelLanguages,
  searchChannelShippingMethods,
  searchCountryStates,
  searchSalutations,
  type SearchPage,
} from './context-data.js';
import { StoreApiHeaders, storeApiErrors } from './store-api-schemas.js';

const CRITERIA_ERRORS = { 400: 'Invalid criteria.' };

const searchResult = (entity: string, description: string) =>
  documentedOnly(
    Type.Object(
      {
        total: Type.Integer(),
        aggregations: Type.Object({}),
        page: Type.Integer(),
        limit: Type.Integer({ nullable: true }),
        elements: Type.Array(Type.Unsafe(entityRef(entity))),
        entity: Type.String({ enum: [entity] }),
        apiAlias: Type.String({ enum: ['dal_entity_search_result'] }),
      },
      { description },
    ),
  );

/**
 * The Store API's context data: what a shop's forms and switchers offer (countries and their states,
 * currencies, languages, salutations, shipping methods) and a customer group's registration settings.
 * GET takes criteria in the query string, POST in the body.
 */
export function registerContextDataRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'entities'>): void {
  const registry = platform.entities;
  const db = platform.db;
  const routes = typed(app);
  const criteriaOf = (request: FastifyRequest, entity: string): Criteria =>
    request.method === 'GET'
      ? parseStoreApiCriteria('GET', undefined, request.query as Record<string, unknown>, entity, registry)
      : parseStoreApiCriteria('POST', request.body ?? {}, undefined, entity, registry);
  const pageJson = (page: SearchPage, entity: string, criteria: Criteria) => ({
    total: page.total,
    aggregations: {},
    page: page.page,
    limit: page.limit,
    elements: applyIncludes(page.elements, criteria.includes),
    entity,
    apiAlias: 'dal_entity_search_result',
  });
  const both = <P extends object>(
    url: string,
    options: { tags: string[]; summary: string; response: unknown; params?: P },
    handler: (request: FastifyRequest) => Promise<unknown>,
  ) => {
    const schema = { tags: options.tags, summary: options.summary, headers: StoreApiHeaders, response: { 200: options.response, ...storeApiErrors(CRITERIA_ERRORS) }, ...(options.params ? { params: options.params } : {}) };
    routes.get(url, { schema: { ...schema, querystring: StoreCriteriaQuery } }, handler);
    routes.post(url, { schema: { ...schema, body: StoreCriteriaBody } }, handler);
  };
  const tags = ['System & Context'];

  both('/store-api/country', { tags, summary: 'The active countries of the sales channel', response: searchResult('country', 'Countries by position, with Shopware\'s address format.') }, async (request) => {
    const criteria = criteriaOf(request, 'country');
    return pageJson(await searchChannelCountries(db, registry, request.salesChannelContext, criteria), 'country', criteria);
  });

  both(
    '/store-api/country-state/:countryId',
    { tags, summary: 'The active states of a country', response: searchResult('country_state', 'States by position and name; none for an unknown country.'), params: Type.Object({ countryId: Type.String({ maxLength: 64 }) }) },
    async (request) => {
      const criteria = criteriaOf(request, 'country_state');
      const { countryId } = request.params as { countryId: string };
      return pageJson(await searchCountryStates(db, registry, countryId.toLowerCase(), criteria), 'country_state', criteria);
    },
  );

  both(
    '/store-api/currency',
    { tags, summary: 'The currencies of the sales channel', response: documentedOnly(Type.Array(Type.Unsafe(entityRef('currency')), { description: 'By position, with their cash rounding.' })) },
    async (request) => {
      const criteria = criteriaOf(request, 'currency');
      return applyIncludes(await searchChannelCurrencies(db, registry, request.salesChannelContext, criteria), criteria.includes);
    },
  );

  both('/store-api/language', { tags, summary: 'The languages of the sales channel', response: searchResult('language', 'The channel\'s languages with their locale.') }, async (request) => {
    const criteria = criteriaOf(request, 'language');
    return pageJson(await searchChannelLanguages(db, registry, request.salesChannelContext, criteria), 'language', criteria);
  });

  both('/store-api/salutation', { tags, summary: 'The salutations', response: searchResult('salutation', 'By position.') }, async (request) => {
    const criteria = criteriaOf(request, 'salutation');
    return pageJson(await searchSalutations(db, registry, criteria), 'salutation', criteria);
  });

  both(
    '/store-api/shipping-method',
    {
      tags: ['Payment & Shipping'],
      summary: 'The shipping methods of the sales channel',
      response: searchResult('shipping_method', 'Active methods by position, each with its delivery time and its prices per currency (`prices`).'),
    },
    async (request) => {
      const criteria = criteriaOf(request, 'shipping_method');
      return pageJson(await searchChannelShippingMethods(db, registry, request.salesChannelContext, criteria), 'shipping_method', criteria);
    },
  );

  routes.get(
    '/store-api/customer-group-registration/config/:customerGroupId',
    {
      schema: {
        tags: ['Login & Registration'],
        summary: 'The registration settings of a customer group',
        headers: StoreApiHeaders,
        params: Type.Object({ customerGroupId: Type.String({ maxLength: 64 }) }),
        response: {
          200: documentedOnly({ ...entityRef('customer_group'), description: 'With its registration title and introduction.' }),
          ...storeApiErrors({ 404: 'CHECKOUT__CUSTOMER_GROUP_REGISTRATION_NOT_FOUND: no registration into this group in this channel.' }),
        },
      },
    },
    (request) => loadCustomerGroupRegistration(db, registry, request.salesChannelContext, request.params.customerGroupId),
  );
}

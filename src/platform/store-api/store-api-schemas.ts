import { Type } from '@sinclair/typebox';
import { component, documentedOnly, errorResponses, IdString } from '../http/schemas/index.js';
import { entityRef } from '../http/openapi/entity-schemas.js';
import { HEADER_CONTEXT_TOKEN } from './store-api-context.js';
import { HEADER_INCLUDE_SEO_URLS, HEADER_LANGUAGE_ID } from './store-api-headers.js';

/*
 * What the Store API's own routes take and answer, for its OpenAPI document. Bodies are documented,
 * not validated: the services check them and answer Shopware's violations with their pointers.
 */

/**
 * The visitor's context token, sent back as the previous response returned it (absent: a new guest
 * context), and the headers Shopware's clients send with every request.
 */
export const StoreApiHeaders = documentedOnly(
  Type.Object({
    [HEADER_CONTEXT_TOKEN]: Type.Optional(Type.String({ description: 'The context token of the previous response; absent: a new guest context.' })),
    [HEADER_LANGUAGE_ID]: Type.Optional(Type.String({ description: 'Accepted; answers are in the sales channel\'s one language.' })),
    [HEADER_INCLUDE_SEO_URLS]: Type.Optional(Type.Boolean({ description: 'Products, categories and landing pages carry their canonical SEO URL as `seoUrls` (breadcrumbs: empty).' })),
  }),
);

/** Errors every Store API route can answer, plus `more`. */
export function storeApiErrors(more: Record<number, string> = {}) {
  return errorResponses({ 401: 'No or an unknown `sw-access-key`.', ...more });
}

export const ContextTokenResponse = documentedOnly(
  component(
    'ContextTokenResponse',
    Type.Object({
      contextToken: Type.String({ description: 'Also in the `sw-context-token` header.' }),
      apiAlias: Type.String({ enum: ['array_struct'] }),
    }),
    'The token of the (new) context.',
  ),
);

const nullableRef = (entity: string) => ({ allOf: [entityRef(entity)], nullable: true });

export const SalesChannelContextResponse = documentedOnly(
  component(
    'SalesChannelContext',
    Type.Object({
      token: Type.String(),
      currentCustomerGroup: Type.Unsafe(nullableRef('customer_group')),
      currency: Type.Unsafe(nullableRef('currency')),
      salesChannel: Type.Unsafe(nullableRef('sales_channel')),
      paymentMethod: Type.Unsafe(nullableRef('payment_method')),
      shippingMethod: Type.Unsafe(nullableRef('shipping_method')),
      customer: Type.Unsafe({ ...nullableRef('customer'), description: 'The logged-in customer; null for guests.' }),
      shippingLocation: Type.Object({
        country: Type.Unsafe(nullableRef('country')),
        state: Type.Unsafe({ ...nullableRef('country_state'), description: 'The chosen state of a guest\'s country; null otherwise.' }),
        address: Type.Unsafe(nullableRef('customer_address')),
        apiAlias: Type.String({ enum: ['cart_delivery_shipping_location'] }),
      }),
      taxState: Type.String({ enum: ['gross', 'net'], description: '`net` for a customer group that shows net prices.' }),
      context: Type.Object(
        {
          languageIdChain: Type.Array(Type.String()),
          versionId: Type.String(),
          currencyId: Type.String(),
          currencyFactor: Type.Number(),
          currencyPrecision: Type.Integer(),
          scope: Type.String(),
          source: Type.Object({ type: Type.String(), salesChannelId: Type.String() }),
          taxState: Type.String(),
          apiAlias: Type.String({ enum: ['context'] }),
        },
        { description: 'The inner context: language chain, currency, tax state.' },
      ),
      apiAlias: Type.String({ enum: ['sales_channel_context'] }),
    }),
    'The visitor\'s context.',
  ),
);

export const ContextPatchBody = documentedOnly(
  Type.Object(
    {
      currencyId: Type.Optional(IdString({ description: 'A currency of the sales channel.' })),
      paymentMethodId: Type.Optional(IdString({ description: 'An active payment method of the sales channel.' })),
      shippingMethodId: Type.Optional(IdString({ description: 'An active shipping method of the sales channel.' })),
      countryId: Type.Optional(IdString({ description: 'A shipping country of the sales channel (taxes follow it); a customer\'s shipping address wins over it. Clears the state.' })),
      countryStateId: Type.Optional(IdString({ description: 'An active state of the context\'s country (tax rules by state).' })),
      languageId: Type.Optional(IdString({ description: 'A language of the sales channel: product and category names and descriptions follow it (the default language\'s text where no translation exists).' })),
    },
    { description: 'Other keys are ignored. A bad id is `VIOLATION::INVALID_ID` or `VIOLATION::ENTITY_DOES_NOT_EXIST` at its pointer; nothing changes then.' },
  ),
);

export const LoginBody = documentedOnly(
  Type.Object({
    email: Type.String({ description: '`username` is accepted as the older name.' }),
    password: Type.String(),
  }),
);

export const PaymentMethodListing = documentedOnly(
  Type.Object(
    {
      total: Type.Integer(),
      aggregations: Type.Object({}),
      page: Type.Integer(),
      limit: Type.Integer({ nullable: true }),
      entity: Type.String({ enum: ['payment_method'] }),
      elements: Type.Array(Type.Unsafe(entityRef('payment_method'))),
      apiAlias: Type.String({ enum: ['payment_method_route_response'] }),
    },
    { description: 'The payment methods, by position.' },
  ),
);

export const PaymentMethodQuery = documentedOnly(
  Type.Object({ onlyAvailable: Type.Optional(Type.Boolean({ description: 'Accepted; the listing always holds the methods a visitor can use.' })) }),
);

import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClientError, createAPIClient } from '@shopware/api-client';
import type { operations } from '@shopware/api-client/store-api-types';
import { defaultShopId, LANGUAGE_SYSTEM } from '../../../../src/platform/first-start/default-ids.js';
import { newId } from '../../../../src/platform/ids.js';
import { tokenDigest } from '../../../../src/platform/customer/account/account-tokens.js';
import { emailDigest } from '../../../../src/platform/newsletter/newsletter-subscription.js';
import { refreshSeoUrls } from '../../../../src/platform/seo/seo-url-updater.js';
import { generateSitemaps } from '../../../../src/platform/seo/sitemap-generator.js';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { seedContractCatalogue, type ContractCatalogue } from './contract-catalogue.js';
import { coreOperations, EXCLUSION_RULES, operationKey, schemaOperations, type SchemaOperation } from './core-operations.js';
import { ResponseValidator } from './response-validator.js';

/**
 * Core operations of Shopware's Store API schema this platform does not answer yet. The suite fails
 * when one of them answers (it is built: take it off the list) and when an operation outside the list
 * fails, so the list only shrinks. docs/store-api.md says what each family is waiting for.
 */
const NOT_BUILT_YET = new Set<string>([
]);

type Client = ReturnType<typeof createAPIClient<operations>>;

/** One answer of an operation: what the client got and what the case expects. */
interface Answer {
  what: string;
  expected: number;
  status: number;
  body: unknown;
}

interface Shop {
  catalogue: ContractCatalogue;
  /** A client of the default channel without a context token (a new guest per client). */
  guest(): Client;
  /** A client logged in as a newly registered customer. */
  customer(): Promise<Client>;
  /** A customer with an order (invoice), for the payment routes. */
  orderedBy(): Promise<{ client: Client; orderId: string }>;
  baseUrl: string;
  accessKey: string;
  /** The platform's database, for what only a mail carries (a link's token). */
  db: TestPlatform['platform']['db'];
  /** Sets a system config value for every channel (a setting a case needs on). */
  setConfig(key: string, value: unknown): Promise<void>;
}

/** Runs a client call; an error answer is an answer too. */
async function answer(what: string, expected: number, call: Promise<{ status: number; data: unknown }>): Promise<Answer> {
  try {
    const { status, data } = await call;
    return { what, expected, status, body: data };
  } catch (error) {
    if (error instanceof ApiClientError) return { what, expected, status: error.status, body: error.details };
    throw error;
  }
}

const UNKNOWN = '0123456789abcdef0123456789abcdef';

/** The SEO URLs and sitemaps of the contract catalogue (idempotent). */
async function writeSeoUrls(db: Shop['db']) {
  for (const kind of ['product', 'category', 'landingPage'] as const) await refreshSeoUrls(db, { kind });
  return generateSitemaps(db);
}

/** Every built core operation: calls with valid input (and error answers), each validated against the schema. */
const CASES: Record<string, (shop: Shop) => Promise<Answer[]>> = {
  // --- context and system data -------------------------------------------------------------------
  'GET /context': async ({ guest }) => [await answer('guest context', 200, guest().invoke('readContext get /context'))],
  'PATCH /context': async ({ guest }) => [
    await answer('switch currency', 200, guest().invoke('updateContext patch /context', { body: { currencyId: defaultShopId('currency', 'USD') } })),
    await answer('unknown currency', 400, guest().invoke('updateContext patch /context', { body: { currencyId: UNKNOWN } })),
    await answer('switch shipping country', 200, guest().invoke('updateContext patch /context', { body: { countryId: defaultShopId('country', 'AT') } })),
    await answer('switch to the channel\'s language', 200, guest().invoke('updateContext patch /context', { body: { languageId: LANGUAGE_SYSTEM } })),
    await answer('a language of no channel', 400, guest().invoke('updateContext patch /context', { body: { languageId: UNKNOWN } })),
  ],
  'GET /snippet': async ({ guest }) => [
    await answer('snippets of the context language', 200, guest().invoke('readSnippets get /snippet', { query: {} } as never)),
    await answer('checkout snippets only', 200, guest().invoke('readSnippets get /snippet', { query: { prefixes: 'checkout' } } as never)),
    await answer('a language of no channel', 400, guest().invoke('readSnippets get /snippet', { query: { languageIds: UNKNOWN } } as never)),
  ],
  'GET /_info/openapi3.json': async ({ guest }) => [await answer('document', 200, guest().invoke('api-info get /_info/openapi3.json', { query: {} } as never))],
  'GET /payment-method': async ({ guest }) => [await answer('methods', 200, guest().invoke('readPaymentMethodGet get /payment-method', { query: {} } as never))],
  'POST /payment-method': async ({ guest }) => [await answer('methods', 200, guest().invoke('readPaymentMethod post /payment-method', { body: {} }))],
  'GET /country': async ({ guest }) => [await answer('countries', 200, guest().invoke('readCountryGet get /country', { query: { limit: 5 } } as never))],
  'POST /country': async ({ guest }) => [
    await answer('countries with states', 200, guest().invoke('readCountry post /country', { body: { associations: { states: {} } } as never })),
    await answer('limit above 100', 400, guest().invoke('readCountry post /country', { body: { limit: 1000 } })),
  ],
  'GET /country-state/{countryId}': async ({ guest }) => [
    await answer('states of Germany', 200, guest().invoke('readCountryStateGet get /country-state/{countryId}', { pathParams: { countryId: defaultShopId('country', 'DE') } } as never)),
  ],
  'POST /country-state/{countryId}': async ({ guest }) => [
    await answer('states of Germany', 200, guest().invoke('readCountryState post /country-state/{countryId}', { pathParams: { countryId: defaultShopId('country', 'DE') }, body: {} })),
    await answer('unknown filter field', 400, guest().invoke('readCountryState post /country-state/{countryId}', { pathParams: { countryId: defaultShopId('country', 'DE') }, body: { filter: [{ type: 'equals', field: 'nope', value: 1 }] } as never })),
  ],
  'GET /currency': async ({ guest }) => [await answer('currencies', 200, guest().invoke('readCurrencyGet get /currency', { query: {} } as never))],
  'POST /currency': async ({ guest }) => [await answer('currencies', 200, guest().invoke('readCurrency post /currency', { body: {} }))],
  'GET /language': async ({ guest }) => [await answer('languages', 200, guest().invoke('readLanguagesGet get /language', { query: {} } as never))],
  'POST /language': async ({ guest }) => [await answer('languages', 200, guest().invoke('readLanguages post /language', { body: {} }))],
  'GET /salutation': async ({ guest }) => [await answer('salutations', 200, guest().invoke('readSalutationGet get /salutation', { query: {} } as never))],
  'POST /salutation': async ({ guest }) => [await answer('salutations', 200, guest().invoke('readSalutation post /salutation', { body: {} }))],
  'GET /shipping-method': async ({ guest }) => [await answer('methods', 200, guest().invoke('readShippingMethodGet get /shipping-method', { query: {} } as never))],
  'POST /shipping-method': async ({ guest }) => [await answer('methods', 200, guest().invoke('readShippingMethod post /shipping-method', { body: {} }))],
  'GET /customer-group-registration/config/{customerGroupId}': async ({ guest }) => [
    await answer('standard group', 200, guest().invoke('getCustomerGroupRegistrationInfo get /customer-group-registration/config/{customerGroupId}', { pathParams: { customerGroupId: defaultShopId('customer_group', 'standard') } })),
    await answer('unknown group', 404, guest().invoke('getCustomerGroupRegistrationInfo get /customer-group-registration/config/{customerGroupId}', { pathParams: { customerGroupId: UNKNOWN } })),
  ],
  'GET /media': async ({ guest, catalogue }) => [await answer('the mug\'s image', 200, guest().invoke('readMediaGet get /media', { query: { 'ids[]': [catalogue.mugMedia] } } as never))],
  'POST /media': async ({ guest, catalogue }) => [
    await answer('the mug\'s image', 200, guest().invoke('readMedia post /media', { body: { ids: [catalogue.mugMedia] } })),
    await answer('no ids', 400, guest().invoke('readMedia post /media', { body: { ids: [] } })),
  ],

  // --- catalogue -------------------------------------------------------------------------------------
  'GET /navigation/{activeId}/{rootId}': async ({ guest, catalogue }) => [
    await answer('main navigation, 3 levels', 200, guest().invoke('readNavigationGet get /navigation/{activeId}/{rootId}', { pathParams: { activeId: 'main-navigation', rootId: 'main-navigation' }, query: { depth: 3 } } as never)),
    await answer('footer navigation', 200, guest().invoke('readNavigationGet get /navigation/{activeId}/{rootId}', { pathParams: { activeId: 'footer-navigation', rootId: 'footer-navigation' } } as never)),
    await answer('active category, flat', 200, guest().invoke('readNavigationGet get /navigation/{activeId}/{rootId}', { pathParams: { activeId: catalogue.summer, rootId: 'main-navigation' }, query: { buildTree: false } } as never)),
    await answer('unknown category', 404, guest().invoke('readNavigationGet get /navigation/{activeId}/{rootId}', { pathParams: { activeId: UNKNOWN, rootId: UNKNOWN } } as never)),
  ],
  'POST /navigation/{activeId}/{rootId}': async ({ guest, catalogue }) => [
    await answer('tree', 200, guest().invoke('readNavigation post /navigation/{activeId}/{rootId}', { pathParams: { activeId: catalogue.shirts, rootId: 'main-navigation' }, body: { depth: 2 } as never })),
    await answer('service navigation unset as root', 400, guest().invoke('readNavigation post /navigation/{activeId}/{rootId}', { pathParams: { activeId: 'main-navigation', rootId: 'service-navigation' }, body: {} as never })),
  ],
  'GET /breadcrumb/{id}': async ({ guest, catalogue }) => [
    await answer('a category', 200, guest().invoke('readBreadcrumb get /breadcrumb/{id}', { pathParams: { id: catalogue.summer }, query: { type: 'category' } })),
    await answer('a variant', 200, guest().invoke('readBreadcrumb get /breadcrumb/{id}', { pathParams: { id: catalogue.redSmall } })),
    await answer('a malformed id', 400, guest().invoke('readBreadcrumb get /breadcrumb/{id}', { pathParams: { id: 'not-an-id' } })),
  ],
  'GET /category': async ({ guest }) => [await answer('categories', 200, guest().invoke('readCategoryListGet get /category', { query: {} } as never))],
  'POST /category': async ({ guest }) => [
    await answer('categories', 200, guest().invoke('readCategoryList post /category', { body: { limit: 10 } })),
    await answer('unexposed association', 400, guest().invoke('readCategoryList post /category', { body: { associations: { products: {} } } as never })),
  ],
  'GET /category/{navigationId}': async ({ guest, catalogue }) => [
    await answer('a category', 200, guest().invoke('readCategoryGet get /category/{navigationId}', { pathParams: { navigationId: catalogue.shirts } } as never)),
    await answer('unknown', 404, guest().invoke('readCategoryGet get /category/{navigationId}', { pathParams: { navigationId: UNKNOWN } } as never)),
  ],
  'POST /category/{navigationId}': async ({ guest }) => [
    await answer('home', 200, guest().invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'home' }, body: {} } as never)),
  ],
  'GET /product': async ({ guest }) => [await answer('products', 200, guest().invoke('readProductGet get /product', { query: { limit: 5 } } as never))],
  'POST /product': async ({ guest }) => [
    await answer('with options and properties', 200, guest().invoke('readProduct post /product', { body: { associations: { options: {}, properties: {} } } as never })),
    await answer('limit above 100', 400, guest().invoke('readProduct post /product', { body: { limit: 500 } })),
  ],
  'GET /product/{productId}': async ({ guest, catalogue }) => [
    await answer('a parent shows its variant', 200, guest().invoke('readProductDetailGet get /product/{productId}', { pathParams: { productId: catalogue.shirt } } as never)),
    await answer('unknown', 404, guest().invoke('readProductDetailGet get /product/{productId}', { pathParams: { productId: UNKNOWN } } as never)),
  ],
  'POST /product/{productId}': async ({ guest, catalogue }) => [
    await answer('the mug', 200, guest().invoke('readProductDetail post /product/{productId}', { pathParams: { productId: catalogue.mug }, body: {} } as never)),
  ],
  'GET /product-listing/{categoryId}': async ({ guest, catalogue }) => [
    await answer('clothing with aggregations', 200, guest().invoke('readProductListingGet get /product-listing/{categoryId}', { pathParams: { categoryId: catalogue.clothing }, query: { order: 'price-asc', limit: 10 } } as never)),
    await answer('unknown category', 404, guest().invoke('readProductListingGet get /product-listing/{categoryId}', { pathParams: { categoryId: UNKNOWN } } as never)),
  ],
  'POST /product-listing/{categoryId}': async ({ guest, catalogue }) => [
    await answer('filtered', 200, guest().invoke('readProductListing post /product-listing/{categoryId}', {
      pathParams: { categoryId: catalogue.clothing },
      body: { manufacturer: catalogue.manufacturer, properties: `${catalogue.red}|${catalogue.cotton}`, 'min-price': 1, 'max-price': 100, 'reduce-aggregations': '1' } as never,
    })),
    await answer('only aggregations', 200, guest().invoke('readProductListing post /product-listing/{categoryId}', { pathParams: { categoryId: catalogue.clothing }, body: { 'only-aggregations': '1' } as never })),
    await answer('a limit above 100', 400, guest().invoke('readProductListing post /product-listing/{categoryId}', { pathParams: { categoryId: catalogue.clothing }, body: { limit: 1000 } as never })),
  ],
  'GET /search': async ({ guest }) => [
    await answer('term', 200, guest().invoke('searchPageGet get /search', { query: { search: 'shirt' } } as never)),
    await answer('no term', 400, guest().invoke('searchPageGet get /search', { query: {} } as never)),
  ],
  'POST /search': async ({ guest }) => [await answer('term', 200, guest().invoke('searchPage post /search', { body: { search: 'mug', 'shipping-free': true } as never }))],
  'GET /search-suggest': async ({ guest }) => [await answer('term', 200, guest().invoke('searchSuggestGet get /search-suggest', { query: { search: 'shi' } } as never))],
  'POST /search-suggest': async ({ guest }) => [
    await answer('term', 200, guest().invoke('searchSuggest post /search-suggest', { body: { search: 'shirt' } })),
    await answer('no term', 400, guest().invoke('searchSuggest post /search-suggest', { body: {} as never })),
  ],
  'GET /product/{productId}/find-variant': async ({ guest, catalogue }) => [
    await answer('blue and medium', 200, guest().invoke('searchProductVariantIdsGet get /product/{productId}/find-variant', { pathParams: { productId: catalogue.shirt }, query: { 'options[]': [catalogue.blue, catalogue.medium] } } as never)),
  ],
  'POST /product/{productId}/find-variant': async ({ guest, catalogue }) => [
    await answer('red, falls back from a missing combination', 200, guest().invoke('searchProductVariantIds post /product/{productId}/find-variant', {
      pathParams: { productId: catalogue.shirt },
      body: { options: { [catalogue.color]: catalogue.red, [catalogue.size]: catalogue.medium }, switchedGroup: catalogue.color },
    })),
    await answer('no variant', 404, guest().invoke('searchProductVariantIds post /product/{productId}/find-variant', { pathParams: { productId: catalogue.mug }, body: { options: [catalogue.red] } })),
  ],
  'GET /product/{productId}/reviews': async ({ guest, catalogue }) => [
    await answer('approved reviews', 200, guest().invoke('readProductReviewsGet get /product/{productId}/reviews', { pathParams: { productId: catalogue.shirt } } as never)),
  ],
  'POST /product/{productId}/reviews': async ({ guest, catalogue }) => [
    await answer('approved reviews', 200, guest().invoke('readProductReviews post /product/{productId}/reviews', { pathParams: { productId: catalogue.shirt }, body: { limit: 10 } })),
    await answer('unknown sort field', 400, guest().invoke('readProductReviews post /product/{productId}/reviews', { pathParams: { productId: catalogue.shirt }, body: { sort: [{ field: 'nope', order: 'ASC' }] } as never })),
  ],
  'POST /product/{productId}/review': async ({ guest, customer, catalogue }) => {
    const client = await customer();
    const review = { title: 'Fits well', content: 'The shirt fits well and the colour stays after washing it.', points: 4 };
    return [
      await answer('a review', 204, client.invoke('saveProductReview post /product/{productId}/review', { pathParams: { productId: catalogue.shirt }, body: review })),
      await answer('a second one', 400, client.invoke('saveProductReview post /product/{productId}/review', { pathParams: { productId: catalogue.shirt }, body: review })),
      await answer('a guest', 403, guest().invoke('saveProductReview post /product/{productId}/review', { pathParams: { productId: catalogue.shirt }, body: review })),
      await answer('an unknown product', 404, client.invoke('saveProductReview post /product/{productId}/review', { pathParams: { productId: UNKNOWN }, body: review })),
    ];
  },
  'GET /product/{productId}/cross-selling': async ({ guest, catalogue }) => [
    await answer('the mug\'s', 200, guest().invoke('readProductCrossSellingsGet get /product/{productId}/cross-selling', { pathParams: { productId: catalogue.mug } } as never)),
  ],
  'POST /product/{productId}/cross-selling': async ({ guest, catalogue }) => [
    await answer('the mug\'s', 200, guest().invoke('readProductCrossSellings post /product/{productId}/cross-selling', { pathParams: { productId: catalogue.mug } } as never)),
  ],
  'GET /product/purchase-limit': async ({ guest, catalogue }) => [
    await answer('limits', 200, guest().invoke('readProductsPurchaseLimit get /product/purchase-limit', { query: { 'ids[]': [catalogue.mug, catalogue.redSmall] } })),
    await answer('no ids', 400, guest().invoke('readProductsPurchaseLimit get /product/purchase-limit', { query: {} } as never)),
  ],
  'GET /cms/{id}': async ({ guest, catalogue }) => [
    await answer('a layout', 200, guest().invoke('readCmsGet get /cms/{id}', { pathParams: { id: catalogue.layout } } as never)),
    await answer('unknown', 404, guest().invoke('readCmsGet get /cms/{id}', { pathParams: { id: UNKNOWN } } as never)),
  ],
  'POST /cms/{id}': async ({ guest, catalogue }) => [
    await answer('a layout, listing sorted by price', 200, guest().invoke('readCms post /cms/{id}', { pathParams: { id: catalogue.layout }, body: { order: 'price-asc' } } as never)),
    await answer('unknown', 404, guest().invoke('readCms post /cms/{id}', { pathParams: { id: UNKNOWN }, body: {} } as never)),
  ],
  'GET /landing-page/{landingPageId}': async ({ guest, catalogue }) => [
    await answer('summer sale', 200, guest().invoke('readLandingPageGet get /landing-page/{landingPageId}', { pathParams: { landingPageId: catalogue.landingPage } } as never)),
    await answer('unknown', 404, guest().invoke('readLandingPageGet get /landing-page/{landingPageId}', { pathParams: { landingPageId: UNKNOWN } } as never)),
  ],
  'POST /landing-page/{landingPageId}': async ({ guest, catalogue }) => [
    await answer('summer sale', 200, guest().invoke('readLandingPage post /landing-page/{landingPageId}', { pathParams: { landingPageId: catalogue.landingPage }, body: {} } as never)),
  ],

  // --- SEO URLs and sitemaps (the catalogue is inserted without the writes that refresh them) ------
  'GET /seo-url': async ({ guest, catalogue, db }) => {
    await writeSeoUrls(db);
    return [
      await answer('the mug\'s', 200, guest().invoke('readSeoUrlGet get /seo-url', { query: { 'filter[0][type]': 'equals', 'filter[0][field]': 'foreignKey', 'filter[0][value]': catalogue.mug } } as never)),
      await answer('unknown field', 400, guest().invoke('readSeoUrlGet get /seo-url', { query: { 'filter[0][type]': 'equals', 'filter[0][field]': 'nope', 'filter[0][value]': 1 } } as never)),
    ];
  },
  'POST /seo-url': async ({ guest, db }) => {
    await writeSeoUrls(db);
    return [
      await answer('category URLs', 200, guest().invoke('readSeoUrl post /seo-url', { body: { filter: [{ type: 'equals', field: 'routeName', value: 'frontend.navigation.page' }], limit: 10 } } as never)),
      await answer('limit above 100', 400, guest().invoke('readSeoUrl post /seo-url', { body: { limit: 500 } })),
    ];
  },
  'GET /sitemap': async ({ guest, db }) => {
    await writeSeoUrls(db);
    return [await answer('the domain\'s files', 200, guest().invoke('readSitemap get /sitemap', {} as never))];
  },
  'GET /sitemap/{filePath}': async ({ guest, baseUrl, accessKey, db }) => {
    await writeSeoUrls(db);
    const { data: files } = await guest().invoke('readSitemap get /sitemap', {} as never);
    // a gzip file: the client would read it as JSON; the schema documents no JSON body for it
    const response = await fetch(`${baseUrl}/sitemap/${files[0]!.filename}`, { headers: { 'sw-access-key': accessKey } });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw new Error(`the sitemap file is not gzip: ${response.status}`);
    return [{ what: 'the first file', expected: 200, status: response.status, body: undefined }];
  },

  // --- account -------------------------------------------------------------------------------------
  'POST /account/register': async ({ guest }) => [
    await answer('a customer', 200, guest().invoke('register post /account/register', { body: registration() as never })),
    await answer('nothing but an e-mail', 400, guest().invoke('register post /account/register', { body: { email: 'x@example.com' } as never })),
  ],
  'POST /account/login': async ({ guest }) => {
    const body = registration();
    await guest().invoke('register post /account/register', { body: body as never });
    return [
      await answer('right password', 200, guest().invoke('loginCustomer post /account/login', { body: { username: body.email, password: body.password } } as never)),
      await answer('wrong password', 401, guest().invoke('loginCustomer post /account/login', { body: { username: body.email, password: 'wrong-password-1' } } as never)),
    ];
  },
  'POST /account/logout': async ({ guest, customer }) => [
    await answer('a customer', 200, (await customer()).invoke('logoutCustomer post /account/logout')),
    await answer('a guest', 403, guest().invoke('logoutCustomer post /account/logout')),
  ],
  'POST /account/customer': async ({ guest, customer }) => [
    await answer('a customer', 200, (await customer()).invoke('readCustomer post /account/customer', { body: {} })),
    await answer('a guest', 403, guest().invoke('readCustomer post /account/customer', { body: {} })),
  ],

  // address book: another customer's address answers like an unknown one (400, as Shopware does)
  'POST /account/list-address': async ({ guest, customer }) => [
    await answer('the registered address', 200, (await customer()).invoke('listAddress post /account/list-address', { body: { associations: { country: {} } } as never })),
    await answer('unknown filter field', 400, (await customer()).invoke('listAddress post /account/list-address', { body: { filter: [{ type: 'equals', field: 'nope', value: 1 }] } as never })),
    await answer('a guest', 403, guest().invoke('listAddress post /account/list-address', { body: {} })),
  ],
  'POST /account/address': async ({ guest, customer }) => [
    await answer('a second address', 200, (await customer()).invoke('createCustomerAddress post /account/address', { body: address() as never })),
    await answer('no street', 400, (await customer()).invoke('createCustomerAddress post /account/address', { body: { ...address(), street: '' } as never })),
    await answer('a guest', 403, guest().invoke('createCustomerAddress post /account/address', { body: address() as never })),
  ],
  'PATCH /account/address/{addressId}': async ({ customer }) => {
    const client = await customer();
    const addressId = await defaultBillingOf(client);
    return [
      await answer('the default address', 200, client.invoke('updateCustomerAddress patch /account/address/{addressId}', { pathParams: { addressId }, body: { ...address(), city: 'Potsdam' } as never })),
      await answer('another customer\'s', 400, (await customer()).invoke('updateCustomerAddress patch /account/address/{addressId}', { pathParams: { addressId }, body: address() as never })),
    ];
  },
  'DELETE /account/address/{addressId}': async ({ customer }) => {
    const client = await customer();
    const added = await client.invoke('createCustomerAddress post /account/address', { body: address() as never });
    return [
      await answer('a second address', 204, client.invoke('deleteCustomerAddress delete /account/address/{addressId}', { pathParams: { addressId: (added.data as { id: string }).id } })),
      await answer('the default address', 400, client.invoke('deleteCustomerAddress delete /account/address/{addressId}', { pathParams: { addressId: await defaultBillingOf(client) } })),
    ];
  },
  'PATCH /account/address/default-shipping/{addressId}': async ({ customer }) => {
    const client = await customer();
    const added = await client.invoke('createCustomerAddress post /account/address', { body: address() as never });
    return [
      await answer('a second address', 204, client.invoke('defaultShippingAddress patch /account/address/default-shipping/{addressId}', { pathParams: { addressId: (added.data as { id: string }).id } })),
      await answer('unknown', 400, client.invoke('defaultShippingAddress patch /account/address/default-shipping/{addressId}', { pathParams: { addressId: UNKNOWN } })),
    ];
  },
  'PATCH /account/address/default-billing/{addressId}': async ({ guest, customer }) => {
    const client = await customer();
    const added = await client.invoke('createCustomerAddress post /account/address', { body: address() as never });
    return [
      await answer('a second address', 204, client.invoke('defaultBillingAddress patch /account/address/default-billing/{addressId}', { pathParams: { addressId: (added.data as { id: string }).id } })),
      await answer('a guest', 403, guest().invoke('defaultBillingAddress patch /account/address/default-billing/{addressId}', { pathParams: { addressId: UNKNOWN } })),
    ];
  },

  'POST /account/change-profile': async ({ guest, customer }) => [
    await answer('a new name and birthday', 200, (await customer()).invoke('changeProfile post /account/change-profile', { body: { firstName: 'Augusta', lastName: 'King', birthdayDay: 10, birthdayMonth: 12, birthdayYear: 1985 } as never })),
    await answer('no last name', 400, (await customer()).invoke('changeProfile post /account/change-profile', { body: { firstName: 'Augusta', lastName: '' } as never })),
    await answer('a guest', 403, guest().invoke('changeProfile post /account/change-profile', { body: { firstName: 'Augusta', lastName: 'King' } as never })),
  ],
  'POST /account/change-language': async ({ guest, customer }) => [
    await answer('the channel\'s language', 200, (await customer()).invoke('changeLanguage post /account/change-language', { body: { languageId: LANGUAGE_SYSTEM } })),
    await answer('no language of the channel', 400, (await customer()).invoke('changeLanguage post /account/change-language', { body: { languageId: UNKNOWN } })),
    await answer('a guest', 403, guest().invoke('changeLanguage post /account/change-language', { body: { languageId: LANGUAGE_SYSTEM } })),
  ],
  'POST /account/change-password': async ({ guest, customer }) => [
    await answer('the right current password', 200, (await customer()).invoke('changePassword post /account/change-password', { body: { password: 'contract-password-1', newPassword: 'contract-password-2', newPasswordConfirm: 'contract-password-2' } })),
    await answer('a wrong current password', 400, (await customer()).invoke('changePassword post /account/change-password', { body: { password: 'wrong-password-1', newPassword: 'contract-password-2', newPasswordConfirm: 'contract-password-2' } })),
    await answer('a guest', 403, guest().invoke('changePassword post /account/change-password', { body: { password: 'contract-password-1', newPassword: 'contract-password-2', newPasswordConfirm: 'contract-password-2' } })),
  ],
  'POST /account/newsletter-recipient': async ({ guest, customer }) => [
    await answer('never subscribed', 200, (await customer()).invoke('readNewsletterRecipient post /account/newsletter-recipient', { body: {} })),
    await answer('a guest', 403, guest().invoke('readNewsletterRecipient post /account/newsletter-recipient', { body: {} })),
  ],
  // --- wishlist ----------------------------------------------------------------------------------
  'POST /customer/wishlist': async ({ guest, customer, catalogue }) => {
    const client = await customer();
    const empty = await answer('no wishlist yet', 404, client.invoke('readCustomerWishlist post /customer/wishlist', { body: {} }));
    await client.invoke('addProductOnWishlist post /customer/wishlist/add/{productId}', { pathParams: { productId: catalogue.mug } });
    return [
      await answer('the mug', 200, client.invoke('readCustomerWishlist post /customer/wishlist', { body: {} })),
      empty,
      await answer('a guest', 403, guest().invoke('readCustomerWishlist post /customer/wishlist', { body: {} })),
    ];
  },
  'POST /customer/wishlist/add/{productId}': async ({ customer, catalogue }) => {
    const client = await customer();
    return [
      await answer('the mug', 200, client.invoke('addProductOnWishlist post /customer/wishlist/add/{productId}', { pathParams: { productId: catalogue.mug } })),
      await answer('the mug again', 400, client.invoke('addProductOnWishlist post /customer/wishlist/add/{productId}', { pathParams: { productId: catalogue.mug } })),
      await answer('an unknown product', 400, client.invoke('addProductOnWishlist post /customer/wishlist/add/{productId}', { pathParams: { productId: UNKNOWN } })),
    ];
  },
  'DELETE /customer/wishlist/delete/{productId}': async ({ customer, catalogue }) => {
    const client = await customer();
    await client.invoke('addProductOnWishlist post /customer/wishlist/add/{productId}', { pathParams: { productId: catalogue.mug } });
    return [
      await answer('the mug', 200, client.invoke('deleteProductOnWishlist delete /customer/wishlist/delete/{productId}', { pathParams: { productId: catalogue.mug } })),
      await answer('not on the list', 404, client.invoke('deleteProductOnWishlist delete /customer/wishlist/delete/{productId}', { pathParams: { productId: catalogue.mug } })),
    ];
  },
  'POST /customer/wishlist/merge': async ({ guest, customer, catalogue }) => [
    await answer('two products', 200, (await customer()).invoke('mergeProductOnWishlist post /customer/wishlist/merge', { body: { productIds: [catalogue.mug, catalogue.redSmall] } })),
    await answer('no product ids', 400, (await customer()).invoke('mergeProductOnWishlist post /customer/wishlist/merge', { body: {} })),
    await answer('a guest', 403, guest().invoke('mergeProductOnWishlist post /customer/wishlist/merge', { body: { productIds: [catalogue.mug] } })),
  ],
  'POST /account/convert-guest': async ({ guest, customer }) => {
    const visitor = guest();
    await visitor.invoke('register post /account/register', { body: { ...registration(), guest: true, password: undefined } as never });
    return [
      await answer('a guest account', 200, visitor.invoke('convertGuest post /account/convert-guest', { body: { password: 'contract-password-3' } })),
      await answer('a registered customer', 400, (await customer()).invoke('convertGuest post /account/convert-guest', { body: { password: 'contract-password-3' } })),
      await answer('no login', 403, guest().invoke('convertGuest post /account/convert-guest', { body: { password: 'contract-password-3' } })),
    ];
  },
  'DELETE /account/customer': async ({ guest, customer }) => [
    await answer('the customer', 204, (await customer()).invoke('deleteCustomer delete /account/customer')),
    await answer('no login', 403, guest().invoke('deleteCustomer delete /account/customer')),
  ],
  'POST /account/change-email': async ({ guest, customer }) => {
    const email = `changed-${newId().slice(0, 10)}@example.com`;
    return [
      await answer('a new address', 200, (await customer()).invoke('changeEmail post /account/change-email', { body: { email, emailConfirmation: email, password: 'contract-password-1' } })),
      await answer('an address in use', 400, (await customer()).invoke('changeEmail post /account/change-email', { body: { email, emailConfirmation: email, password: 'contract-password-1' } })),
      await answer('a guest', 403, guest().invoke('changeEmail post /account/change-email', { body: { email, emailConfirmation: email, password: 'contract-password-1' } })),
    ];
  },

  // password recovery and double opt-in work with the hash of a mailed link, which only the mail carries:
  // their success answers are the mail flows' own tests; here the answers a client gets without one
  'POST /account/recovery-password': async ({ guest }) => [
    await answer('an unknown address answers like a known one', 200, guest().invoke('sendRecoveryMail post /account/recovery-password', { body: { email: `nobody-${newId().slice(0, 8)}@example.com`, storefrontUrl } })),
    await answer('a storefront URL of no domain', 400, guest().invoke('sendRecoveryMail post /account/recovery-password', { body: { email: 'x@example.com', storefrontUrl: 'https://elsewhere.example' } })),
  ],
  'POST /account/recovery-password-confirm': async ({ guest }) => [
    await answer('an unknown hash', 404, guest().invoke('recoveryPassword post /account/recovery-password-confirm', { body: { hash: 'A'.repeat(32), newPassword: 'new-password-1', newPasswordConfirm: 'new-password-1' } })),
    await answer('no hash', 400, guest().invoke('recoveryPassword post /account/recovery-password-confirm', { body: { newPassword: 'new-password-1', newPasswordConfirm: 'new-password-1' } as never })),
  ],
  'POST /account/customer-recovery-is-expired': async ({ guest }) => [
    await answer('an unknown hash', 404, guest().invoke('getCustomerRecoveryIsExpired post /account/customer-recovery-is-expired', { body: { hash: 'A'.repeat(32) } })),
    await answer('no hash', 400, guest().invoke('getCustomerRecoveryIsExpired post /account/customer-recovery-is-expired', { body: {} as never })),
  ],
  'POST /account/register-confirm': async ({ guest }) => [
    await answer('an unknown hash', 404, guest().invoke('registerConfirm post /account/register-confirm', { body: { hash: 'A'.repeat(32), em: 'B'.repeat(40) } })),
  ],

  // --- cart, order, payment --------------------------------------------------------------------------
  'GET /checkout/cart': async ({ guest, catalogue }) => {
    const client = guest();
    await client.invoke('addLineItem post /checkout/cart/line-item', { body: { items: [{ id: catalogue.mug, referencedId: catalogue.mug, type: 'product', quantity: 2 }] } });
    return [await answer('two mugs', 200, client.invoke('readCart get /checkout/cart'))];
  },
  'DELETE /checkout/cart': async ({ guest }) => [await answer('emptied', 204, guest().invoke('deleteCart delete /checkout/cart'))],
  'POST /checkout/cart/line-item': async ({ guest, catalogue }) => [
    await answer('a variant', 200, guest().invoke('addLineItem post /checkout/cart/line-item', { body: { items: [{ id: catalogue.redSmall, referencedId: catalogue.redSmall, type: 'product', quantity: 1 }] } })),
    await answer('a quantity of 0', 400, guest().invoke('addLineItem post /checkout/cart/line-item', { body: { items: [{ id: catalogue.mug, referencedId: catalogue.mug, type: 'product', quantity: 0 }] } })),
  ],
  'PATCH /checkout/cart/line-item': async ({ guest, catalogue }) => {
    const client = guest();
    await client.invoke('addLineItem post /checkout/cart/line-item', { body: { items: [{ id: catalogue.mug, referencedId: catalogue.mug, type: 'product', quantity: 1 }] } });
    return [
      await answer('three mugs', 200, client.invoke('updateLineItem patch /checkout/cart/line-item', { body: { items: [{ id: catalogue.mug, quantity: 3 }] } })),
      await answer('unknown line item', 404, client.invoke('updateLineItem patch /checkout/cart/line-item', { body: { items: [{ id: UNKNOWN, quantity: 3 }] } })),
    ];
  },
  'DELETE /checkout/cart/line-item': async ({ guest, catalogue }) => {
    const client = guest();
    await client.invoke('addLineItem post /checkout/cart/line-item', { body: { items: [{ id: catalogue.mug, referencedId: catalogue.mug, type: 'product', quantity: 1 }] } });
    return [await answer('the mug', 200, client.invoke('removeLineItemDeprecated delete /checkout/cart/line-item', { query: { 'ids[]': [catalogue.mug] } } as never))];
  },
  'GET /shipping-cost/cart': async ({ guest, catalogue }) => {
    const client = guest();
    await client.invoke('addLineItem post /checkout/cart/line-item', { body: { items: [{ id: catalogue.redSmall, referencedId: catalogue.redSmall, type: 'product', quantity: 2 }] } });
    return [await answer('a shirt', 200, client.invoke('readShippingCostsByCart get /shipping-cost/cart'))];
  },
  'GET /shipping-cost/product/{productId}': async ({ guest, catalogue }) => [
    await answer('the mug', 200, guest().invoke('readShippingCostByProduct get /shipping-cost/product/{productId}', { pathParams: { productId: catalogue.mug } } as never)),
    await answer('unknown', 404, guest().invoke('readShippingCostByProduct get /shipping-cost/product/{productId}', { pathParams: { productId: UNKNOWN } } as never)),
  ],
  'POST /checkout/cart/line-item/delete': async ({ guest, catalogue }) => {
    const client = guest();
    await client.invoke('addLineItem post /checkout/cart/line-item', { body: { items: [{ id: catalogue.mug, referencedId: catalogue.mug, type: 'product', quantity: 1 }] } });
    return [
      await answer('the mug', 200, client.invoke('removeLineItem post /checkout/cart/line-item/delete', { body: { ids: [catalogue.mug] } })),
      await answer('not in the cart', 404, client.invoke('removeLineItem post /checkout/cart/line-item/delete', { body: { ids: [catalogue.mug] } })),
    ];
  },
  'POST /checkout/order': async ({ customer, guest, catalogue }) => {
    const client = await customer();
    await client.invoke('addLineItem post /checkout/cart/line-item', { body: { items: [{ id: catalogue.mug, referencedId: catalogue.mug, type: 'product', quantity: 1 }] } });
    return [
      await answer('an order', 200, client.invoke('createOrder post /checkout/order', { body: {} })),
      await answer('a guest', 403, guest().invoke('createOrder post /checkout/order', { body: {} })),
    ];
  },
  'GET /handle-payment': async ({ orderedBy }) => {
    const { client, orderId } = await orderedBy();
    return [
      await answer('invoice', 200, client.invoke('handlePaymentMethodGet get /handle-payment', { query: { orderId } } as never)),
      await answer('unknown order', 404, client.invoke('handlePaymentMethodGet get /handle-payment', { query: { orderId: UNKNOWN } } as never)),
    ];
  },
  'POST /handle-payment': async ({ orderedBy }) => {
    const { client, orderId } = await orderedBy();
    return [await answer('invoice', 200, client.invoke('handlePaymentMethod post /handle-payment', { body: { orderId } }))];
  },
  'POST /order': async ({ guest, orderedBy }) => {
    const { client } = await orderedBy();
    const deepLink = (code: string) => ({ filter: [{ type: 'equals', field: 'deepLinkCode', value: code }], email: 'nobody@example.com', zipcode: '10115' });
    return [
      await answer('the customer\'s orders', 200, client.invoke('readOrder post /order', { body: { limit: 10, associations: { lineItems: {} } } as never })),
      await answer('a guest without a deep link', 403, guest().invoke('readOrder post /order', { body: {} })),
      await answer('an unknown deep link', 403, guest().invoke('readOrder post /order', { body: deepLink('no-such-code') as never })),
    ];
  },
  'POST /order/payment': async ({ guest, orderedBy }) => {
    const { client, orderId } = await orderedBy();
    const body = { orderId, paymentMethodId: defaultShopId('payment_method', 'payment_cashpayment') };
    return [
      await answer('cash instead of invoice', 200, client.invoke('orderSetPayment post /order/payment', { body })),
      await answer('a guest', 403, guest().invoke('orderSetPayment post /order/payment', { body })),
      await answer('an unknown order', 404, client.invoke('orderSetPayment post /order/payment', { body: { ...body, orderId: UNKNOWN } })),
    ];
  },
  'POST /order/state/cancel': async ({ orderedBy, setConfig }) => {
    const { client, orderId } = await orderedBy();
    const refused = await answer('cancellation off (the default)', 403, client.invoke('cancelOrder post /order/state/cancel', { body: { orderId } }));
    await setConfig('core.cart.enableOrderRefunds', true);
    try {
      return [
        refused,
        await answer('an open order', 200, client.invoke('cancelOrder post /order/state/cancel', { body: { orderId } })),
        await answer('an unknown order', 404, client.invoke('cancelOrder post /order/state/cancel', { body: { orderId: UNKNOWN } })),
      ];
    } finally {
      await setConfig('core.cart.enableOrderRefunds', false);
    }
  },
};

/** Form cases: the contact form and the newsletter's double opt-in. */
Object.assign(CASES, {
  'POST /contact-form': async ({ guest }) => [
    await answer('a message', 200, guest().invoke('sendContactMail post /contact-form', { body: { email: 'visitor@example.com', subject: 'Delivery', comment: 'When does my order arrive?' } })),
    await answer('no comment', 400, guest().invoke('sendContactMail post /contact-form', { body: { email: 'visitor@example.com', subject: 'Delivery' } as never })),
  ],
  'POST /newsletter/subscribe': async ({ guest }) => [
    await answer('double opt-in', 200, guest().invoke('subscribeToNewsletter post /newsletter/subscribe', { body: { email: `news-${newId().slice(0, 8)}@example.com`, option: 'subscribe', storefrontUrl } })),
    await answer('an unknown option', 400, guest().invoke('subscribeToNewsletter post /newsletter/subscribe', { body: { email: 'x@example.com', option: 'sometimes', storefrontUrl } })),
  ],
  'POST /newsletter/confirm': async ({ guest, db }) => {
    // the link's token travels only in the mail: a recipient with a known token stands in for it
    const email = `confirm-${newId().slice(0, 8)}@example.com`;
    await db.insertInto('newsletter_recipient').values({ id: newId(), email, status: 'notSet', hash: tokenDigest('contract-newsletter-token'), language_id: LANGUAGE_SYSTEM, sales_channel_id: defaultShopId('sales_channel', 'storefront') }).execute();
    return [
      await answer('the mailed link', 200, guest().invoke('confirmNewsletter post /newsletter/confirm', { body: { hash: 'contract-newsletter-token', em: emailDigest(email) } })),
      await answer('no em', 400, guest().invoke('confirmNewsletter post /newsletter/confirm', { body: { hash: 'contract-newsletter-token' } as never })),
    ];
  },
  'POST /newsletter/unsubscribe': async ({ guest }) => [
    await answer('an address', 200, guest().invoke('unsubscribeToNewsletter post /newsletter/unsubscribe', { body: { email: 'visitor@example.com' } })),
    await answer('no address', 400, guest().invoke('unsubscribeToNewsletter post /newsletter/unsubscribe', { body: {} as never })),
  ],
} satisfies typeof CASES);

/** The default channel's domain, which registrations name as their storefront (set in beforeAll). */
let storefrontUrl = '';

/** An address in the default channel's country. */
function address() {
  return { firstName: 'Grace', lastName: 'Hopper', street: 'Friedrichstraße 2', zipcode: '10117', city: 'Berlin', countryId: defaultShopId('country', 'DE') };
}

/** The id of the client's customer's default billing address. */
async function defaultBillingOf(client: Client): Promise<string> {
  const { data } = await client.invoke('readCustomer post /account/customer', { body: {} });
  return (data as { defaultBillingAddressId: string }).defaultBillingAddressId;
}

function registration() {
  return {
    email: `contract-${newId().slice(0, 10)}@example.com`,
    password: 'contract-password-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    storefrontUrl,
    acceptedDataProtection: true,
    billingAddress: { street: 'Hauptstraße 1', zipcode: '10115', city: 'Berlin', countryId: defaultShopId('country', 'DE') },
  };
}

describe('Store API contract (Shopware\'s published schema, @shopware/api-client)', () => {
  let t: TestPlatform;
  let shop: Shop;
  const validator = new ResponseValidator();
  const core = coreOperations();
  /** The error statuses whose answers validated (the last test checks every kind came up). */
  const validatedErrors = new Set<number>();

  beforeAll(async () => {
    t = await createTestPlatform();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/store-api`;
    const catalogue = await seedContractCatalogue(t.platform.db);
    storefrontUrl = (await t.platform.db.selectFrom('sales_channel_domain').select('url').where('sales_channel_id', '=', defaultShopId('sales_channel', 'storefront')).executeTakeFirstOrThrow()).url as string;
    const { access_key: accessKey } = await t.platform.db.selectFrom('sales_channel').select('access_key').where('id', '=', defaultShopId('sales_channel', 'storefront')).executeTakeFirstOrThrow();
    const guest = () => createAPIClient<operations>({ baseURL: baseUrl, accessToken: accessKey as string, defaultHeaders: { 'sw-language-id': LANGUAGE_SYSTEM } });
    const customer = async () => {
      const client = guest();
      // the client takes the new context token from the answer's header
      await client.invoke('register post /account/register', { body: registration() as never });
      return client;
    };
    shop = {
      catalogue,
      guest,
      customer,
      async orderedBy() {
        const client = await customer();
        await client.invoke('addLineItem post /checkout/cart/line-item', { body: { items: [{ id: catalogue.mug, referencedId: catalogue.mug, type: 'product', quantity: 1 }] } });
        const order = await client.invoke('createOrder post /checkout/order', { body: {} });
        return { client, orderId: (order.data as { id: string }).id };
      },
      baseUrl,
      accessKey: accessKey as string,
      db: t.platform.db,
      setConfig: (key, value) => t.platform.systemConfig.set(t.platform.db, key, value),
    };
  });
  afterAll(() => t.close());

  it(`derives ${core.length} core operations from the schema (${schemaOperations().length} in all, ${EXCLUSION_RULES.length} exclusion rules)`, () => {
    const keys = new Set(core.map(operationKey));
    expect([...NOT_BUILT_YET].filter((key) => !keys.has(key)), 'NOT_BUILT_YET names operations that are no core operations').toEqual([]);
    expect(Object.keys(CASES).filter((key) => !keys.has(key)), 'CASES names operations that are no core operations').toEqual([]);
    expect(Object.keys(CASES).filter((key) => NOT_BUILT_YET.has(key)), 'an operation with a case is built').toEqual([]);
  });

  describe.each(core.map((operation) => [operationKey(operation), operation] as const))('%s', (key, operation) => {
    if (NOT_BUILT_YET.has(key)) {
      it('is not built yet: it answers 404 FRAMEWORK__ROUTE_NOT_FOUND', async () => {
        const response = await fetch(concretePath(shop.baseUrl, operation), { method: operation.method.toUpperCase(), headers: { 'sw-access-key': shop.accessKey, accept: 'application/json' } });
        const body = (await response.json()) as { errors?: Array<{ code: string }> };
        expect(`${response.status} ${body.errors?.[0]?.code}`, `${key} answers: it is built, take it off NOT_BUILT_YET`).toBe('404 FRAMEWORK__ROUTE_NOT_FOUND');
      });
      return;
    }
    it('answers as the schema says', async () => {
      const run = CASES[key];
      expect(run, `${key} is built but has no case`).toBeDefined();
      for (const result of await run!(shop)) {
        expect(result.status, `${result.what}: ${JSON.stringify(result.body)?.slice(0, 300)}`).toBe(result.expected);
        expect(validator.problems(operation, result.status, result.body), result.what).toEqual([]);
        if (result.status >= 400) validatedErrors.add(result.status);
      }
    });
    // the OpenAPI document is public, as the Admin API's is
    if (validator.documentedStatuses(operation).includes('401') && key !== 'GET /_info/openapi3.json') {
      it('answers 401 without sw-access-key', async () => {
        const response = await fetch(concretePath(shop.baseUrl, operation), { method: operation.method.toUpperCase(), headers: { accept: 'application/json' } });
        expect(response.status).toBe(401);
        expect(validator.problems(operation, 401, await response.json())).toEqual([]);
        validatedErrors.add(401);
      });
    }
  });

  it('lists every built operation in the platform\'s own Store API OpenAPI document', async () => {
    const document = (await (await fetch(`${shop.baseUrl}/_info/openapi3.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const shape = (path: string) => path.replace(/^\/store-api/, '').replace(/\{[^}]+\}/g, '{}');
    const documented = new Set(Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${shape(path)}`)));
    const missing = core.filter((operation) => !NOT_BUILT_YET.has(operationKey(operation))).filter((operation) => !documented.has(`${operation.method.toUpperCase()} ${shape(operation.path)}`));
    expect(missing.map(operationKey)).toEqual([]);
  });

  it('validated error answers of each kind: 400, 401, 403 and 404', () => {
    expect([...validatedErrors].sort()).toEqual(expect.arrayContaining([400, 401, 403, 404]));
  });

  it('docs/store-api.md and the README state the coverage the suite measures', () => {
    const built = core.length - NOT_BUILT_YET.size;
    const statement = `${built} of ${core.length}`;
    const docs = readFileSync(new URL('../../../../docs/store-api.md', import.meta.url), 'utf8');
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    expect(docs).toContain(statement);
    expect(readme).toContain(statement);
    for (const key of NOT_BUILT_YET) expect(docs, `docs/store-api.md lists ${key}`).toContain(`\`${key}\``);
  });
});

/** The operation's path with every parameter filled (a well-formed id, or a word for file paths). */
function concretePath(baseUrl: string, operation: SchemaOperation): string {
  return baseUrl + operation.path.replace(/\{filePath\}/, 'sitemap.xml.gz').replace(/\{[^}]+\}/g, UNKNOWN);
}

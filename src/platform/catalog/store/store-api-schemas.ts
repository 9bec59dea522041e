import { Type, type TSchema } from '@sinclair/typebox';
import { component, criteriaQuery, criteriaSchema, describedAs, documentedOnly } from '../../http/schemas/index.js';
import { entityRef } from '../../http/openapi/entity-schemas.js';
import { CalculatedPrice } from '../../checkout/cart/cart-schemas.js';
import { STORE_API_MAX_LIMIT } from './store-api-criteria.js';

/*
 * The catalog's Store API documents (store-product-json.ts, product-detail.ts, category-search.ts)
 * and its criteria, for the OpenAPI document. Criteria are documentation: parseStoreApiCriteria
 * checks them (at most 100 per page, only the associations the Store API exposes).
 */

export const StoreCriteriaBody = documentedOnly(criteriaSchema(STORE_API_MAX_LIMIT));
// query values are whatever the client sent (a repeated key is a list): queryToCriteriaBody reads them
export const StoreCriteriaQuery = describedAs(criteriaQuery(STORE_API_MAX_LIMIT), Type.Record(Type.String(), Type.Unknown()));

/** A media file as the Store API shows it (media/store-media-json.ts). */
export const StoreMedia = component(
  'StoreMedia',
  Type.Object({
    id: Type.String(),
    url: Type.String(),
    path: Type.String(),
    fileName: Type.String(),
    fileExtension: Type.String(),
    mimeType: Type.String({ nullable: true }),
    fileSize: Type.Integer({ nullable: true }),
    alt: Type.String({ nullable: true }),
    title: Type.String({ nullable: true }),
    hasFile: Type.Boolean(),
    private: Type.Boolean({ description: 'Always false: every media file here is public.' }),
    metaData: Type.Object({}, { nullable: true, additionalProperties: true }),
    thumbnails: Type.Array(
      Type.Object({ id: Type.String(), mediaId: Type.String(), width: Type.Integer(), height: Type.Integer(), url: Type.String(), apiAlias: Type.String() }),
      { description: 'WebP thumbnails, narrowest first.' },
    ),
    apiAlias: Type.String({ enum: ['media'] }),
  }),
  'A media file with its thumbnails.',
);

const PropertyGroup = Type.Object({
  id: Type.String(),
  name: Type.String(),
  displayType: Type.String(),
  sortingType: Type.String(),
  position: Type.Integer(),
  apiAlias: Type.String({ enum: ['property_group'] }),
});
const optionFields = {
  id: Type.String(),
  groupId: Type.String(),
  name: Type.String(),
  position: Type.Integer(),
  colorHexCode: Type.String({ nullable: true }),
  apiAlias: Type.String({ enum: ['property_group_option'] }),
};
const PropertyOption = Type.Object({ ...optionFields, group: PropertyGroup });

export const StoreProduct = component(
  'StoreProduct',
  Type.Object(
    {
      id: Type.String(),
      parentId: Type.String({ nullable: true }),
      productNumber: Type.String(),
      name: Type.String({ nullable: true }),
      description: Type.String({ nullable: true }),
      translated: Type.Object({ name: Type.String({ nullable: true }), description: Type.String({ nullable: true }) }),
      stock: Type.Integer(),
      available: Type.Boolean(),
      isCloseout: Type.Boolean(),
      minPurchase: Type.Integer(),
      maxPurchase: Type.Integer({ nullable: true }),
      purchaseSteps: Type.Integer(),
      shippingFree: Type.Boolean(),
      taxId: Type.String(),
      deliveryTimeId: Type.String({ nullable: true }),
      deliveryTime: Type.Object(
        {
          id: Type.String(),
          name: Type.String(),
          min: Type.Integer(),
          max: Type.Integer(),
          unit: Type.String({ enum: ['hour', 'day', 'week', 'month', 'year'] }),
          translated: Type.Object({ name: Type.String() }),
          apiAlias: Type.String({ enum: ['delivery_time'] }),
        },
        { nullable: true, description: 'The product\'s own delivery time (a variant without one: its parent\'s).' },
      ),
      manufacturerId: Type.String({ nullable: true }),
      manufacturer: Type.Object({ id: Type.String(), name: Type.String(), apiAlias: Type.String() }, { nullable: true }),
      coverId: Type.String({ nullable: true, description: 'The product_media row of the cover.' }),
      cover: Type.Object(
        { id: Type.String(), productId: Type.String(), mediaId: Type.String(), position: Type.Integer(), media: StoreMedia, apiAlias: Type.String({ enum: ['product_media'] }) },
        { nullable: true },
      ),
      calculatedPrice: { ...CalculatedPrice, description: 'One piece in the context currency, tax included.' },
      calculatedPrices: Type.Array(
        Type.Intersect([CalculatedPrice, Type.Object({ quantityStart: Type.Integer({ minimum: 1 }), quantityEnd: Type.Union([Type.Integer(), Type.Null()]) })]),
        { description: 'Advanced prices (quantity tiers) that apply in this context: one piece at each tier, tax included; empty when none applies.' },
      ),
      options: Type.Optional(Type.Array(PropertyOption, { description: 'A variant\'s options.' })),
      properties: Type.Optional(Type.Array(PropertyOption)),
      type: Type.String({ enum: ['physical'] }),
      seoCategory: Type.Unsafe({ allOf: [entityRef('category')], nullable: true, description: 'The product\'s main category in the sales channel.' }),
      seoUrls: Type.Optional(Type.Array(Type.Unknown(), { description: 'With `sw-include-seo-urls`: the canonical SEO URL in the channel and language (none without one).' })),
      apiAlias: Type.String({ enum: ['product'] }),
    },
    { description: 'A product as the sales channel shows it: its price in the context currency, nothing of other channels.' },
  ),
);

export const searchResult = (elements: TSchema, description: string) =>
  documentedOnly(
    Type.Object(
      {
        total: Type.Integer(),
        elements: Type.Array(elements),
        aggregations: Type.Object({}),
        page: Type.Integer(),
        limit: Type.Integer({ nullable: true }),
        apiAlias: Type.String({ enum: ['dal_entity_search_result'] }),
      },
      { description },
    ),
  );

export const ProductListing = searchResult(StoreProduct, 'The visible, active products of the sales channel that match.');

export const ProductDetail = documentedOnly(
  Type.Object(
    {
      product: StoreProduct,
      configurator: Type.Array(Type.Object({ ...PropertyGroup.properties, options: Type.Array(Type.Object(optionFields)) }), {
        nullable: true,
        description: 'For variants: the option groups of the product family.',
      }),
      apiAlias: Type.String({ enum: ['product_detail'] }),
    },
    { description: 'The product and, for variants, the configurator.' },
  ),
);

export const CategoryListing = searchResult(Type.Unsafe(entityRef('category')), 'The categories of the sales channel\'s navigation tree that match.');
export const CategoryDetail = documentedOnly({ ...entityRef('category'), description: 'The category, with the associations asked for, and its layout (`cmsPage`, slots resolved; a listing slot shows this category\'s listing) when one is assigned.' });

import { Type } from '@sinclair/typebox';
import { component, criteriaSchema, documentedOnly, entityRef, IdString, StringEnum } from '../../http/schemas/index.js';
import { ListingParameters } from './product-listing-request.js';
import { LISTING_SORT_KEYS } from './product-listing-sortings.js';
import { STORE_API_MAX_LIMIT } from './store-api-criteria.js';
import { StoreMedia, StoreProduct } from './store-api-schemas.js';

/*
 * What the catalogue's Store API routes (store-api-catalogue-routes.ts) take and answer, for the Store
 * API's OpenAPI document. Answers are documentation; the listing parameters are validated.
 */

const Aggregations = Type.Object(
  {
    manufacturer: Type.Optional(Type.Object({ entities: Type.Array(Type.Unsafe(entityRef('product_manufacturer'))), apiAlias: Type.String({ enum: ['manufacturer_aggregation'] }) })),
    price: Type.Optional(
      Type.Object({
        min: Type.Number({ nullable: true }),
        max: Type.Number({ nullable: true }),
        avg: Type.Null(),
        sum: Type.Null(),
        apiAlias: Type.String({ enum: ['price_aggregation'] }),
      }),
    ),
    rating: Type.Optional(Type.Object({ max: Type.Number({ nullable: true }), apiAlias: Type.String({ enum: ['rating_aggregation'] }) })),
    'shipping-free': Type.Optional(Type.Object({ max: Type.Integer({ nullable: true }), apiAlias: Type.String({ enum: ['shipping-free_aggregation'] }) })),
    properties: Type.Optional(
      Type.Object({
        entities: Type.Array(Type.Unsafe(entityRef('property_group')), { description: 'Filterable groups with the options the products carry.' }),
        apiAlias: Type.String({ enum: ['properties_aggregation'] }),
      }),
    ),
  },
  { description: 'By name; empty with `no-aggregations`. Counted before the listing filters (with `reduce-aggregations`: after the other active ones).' },
);

export const ProductListingResult = documentedOnly(
  component(
    'ProductListingResult',
    Type.Object({
      total: Type.Integer({ description: 'Product families that match.' }),
      aggregations: Aggregations,
      page: Type.Integer(),
      limit: Type.Integer(),
      elements: Type.Array(StoreProduct),
      sorting: StringEnum(LISTING_SORT_KEYS),
      currentFilters: Type.Object({
        navigationId: Type.String(),
        manufacturer: Type.Array(Type.String()),
        price: Type.Object({ min: Type.Number(), max: Type.Number() }),
        rating: Type.Integer({ nullable: true }),
        'shipping-free': Type.Boolean(),
        properties: Type.Array(Type.String()),
        search: Type.Optional(Type.String()),
      }),
      availableSortings: Type.Array(
        Type.Object({ id: Type.String(), key: Type.String(), priority: Type.Integer(), label: Type.String(), translated: Type.Object({ label: Type.String() }), apiAlias: Type.String() }),
      ),
      entity: Type.String({ enum: ['product'] }),
      apiAlias: Type.String({ enum: ['product_listing'] }),
    }),
    'A page of a product listing with its filters, sortings and aggregations.',
  ),
);

/** The body of the listing routes: criteria (filters narrow the listing) and the listing parameters. */
export const ListingBody = Type.Object(ListingParameters, { description: 'Also takes criteria (`filter`, `post-filter`, `includes`).' });
export const ListingQuery = Type.Object(ListingParameters);
export const ListingBodyDocumented = { allOf: [criteriaSchema(STORE_API_MAX_LIMIT), { type: 'object', properties: ListingParameters }] };

export const SearchParameters = {
  search: Type.String({ minLength: 1, maxLength: 255, description: 'The search term: matches name, product number, description, ...' }),
};

export const NavigationResponse = documentedOnly(
  Type.Array(Type.Unsafe({ ...entityRef('category'), description: 'With `breadcrumb`, `translated`, `visibleChildCount` and `children` (the tree below it; empty in a flat list).' }), {
    description: 'The root\'s children as a tree, or every loaded category in tree order (`buildTree=false`).',
  }),
);

export const NavigationParams = Type.Object({
  activeId: Type.String({ maxLength: 64, description: 'A category id or `main-navigation`, `footer-navigation`, `service-navigation`.' }),
  rootId: Type.String({ maxLength: 64, description: 'A category id or `main-navigation`, `footer-navigation`, `service-navigation`.' }),
});

export const NavigationQuery = Type.Object({
  depth: Type.Optional(Type.Integer({ minimum: 0, maximum: 10, description: 'Levels below the root (default 2; one more is loaded, as Shopware does).' })),
  buildTree: Type.Optional(Type.Boolean({ description: 'A tree (default) or a flat list.' })),
});

export const BreadcrumbResponse = documentedOnly(
  Type.Array(
    Type.Object({
      name: Type.String(),
      categoryId: Type.String(),
      type: Type.String(),
      translated: Type.Object({}, { additionalProperties: true }),
      path: Type.String({ description: '`navigation/<id>` (no SEO URLs yet).' }),
      seoUrls: Type.Array(Type.Unknown()),
      apiAlias: Type.String({ enum: ['breadcrumb'] }),
    }),
    { description: 'From below the channel\'s navigation root down to the category.' },
  ),
);

export const BreadcrumbQuery = Type.Object({
  type: Type.Optional(StringEnum(['product', 'category'], { description: 'What the id names (default product; an id that is no product is tried as a category).' })),
  referrerCategoryId: Type.Optional(Type.String({ maxLength: 64, description: 'The category the shopper came from: wins when the product is in it.' })),
});

export const FindVariantResponse = documentedOnly(
  Type.Object({
    foundCombination: Type.Object({ variantId: Type.String(), options: Type.Array(Type.String(), { description: 'The options the variant was found with.' }) }),
  }),
);

const OptionIds = Type.Union([Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 }), Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 64 }))], {
  description: 'Option ids, as a list or by group id.',
});
export const FindVariantBody = Type.Object({ options: OptionIds, switchedGroup: Type.Optional(Type.String({ maxLength: 64 })) });
export const FindVariantQuery = Type.Object({
  'options[]': Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50, description: 'Option ids.' })),
  options: Type.Optional(Type.Union([Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 }), Type.String({ maxLength: 3300 })], { description: 'Option ids (a list, or separated by `|`).' })),
  switchedGroup: Type.Optional(Type.String({ maxLength: 64 })),
});

export const ReviewListing = documentedOnly(
  Type.Object({
    total: Type.Integer(),
    aggregations: Type.Object({}),
    page: Type.Integer(),
    limit: Type.Integer({ nullable: true }),
    elements: Type.Array(Type.Unsafe(entityRef('product_review'))),
    entity: Type.String({ enum: ['product_review'] }),
    apiAlias: Type.String({ enum: ['dal_entity_search_result'] }),
  }),
);

export const ReviewBody = documentedOnly(
  Type.Object({
    title: Type.String({ minLength: 5, maxLength: 255 }),
    content: Type.String({ minLength: 40, maxLength: 10_000 }),
    points: Type.Number({ minimum: 1, maximum: 5 }),
    name: Type.Optional(Type.String({ description: 'Shown as the author; default: the customer\'s first name.' })),
    id: Type.Optional(Type.String({ description: 'The customer\'s own review of this product, to edit it.' })),
  }),
);

export const CrossSellingResponse = documentedOnly(
  Type.Array(
    Type.Object({
      crossSelling: Type.Unsafe(entityRef('product_cross_selling')),
      products: Type.Array(StoreProduct),
      total: Type.Integer(),
      streamId: Type.Null(),
      apiAlias: Type.String({ enum: ['cross_selling_element'] }),
    }),
  ),
);

export const LandingPageResponse = documentedOnly({ ...entityRef('landing_page'), description: 'The landing page with its layout (`cmsPage`, slots resolved) when one is assigned.' });

export const PurchaseLimitResponse = documentedOnly(
  Type.Array(
    Type.Object({
      productId: Type.String(),
      minPurchase: Type.Integer(),
      purchaseSteps: Type.Integer(),
      maxPurchase: Type.Integer(),
      stock: Type.Integer({ nullable: true }),
      apiAlias: Type.String({ enum: ['product_purchase_limit'] }),
    }),
  ),
);

export const PurchaseLimitQuery = Type.Object({
  'ids[]': Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 })),
  ids: Type.Optional(Type.Union([Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }), Type.String({ maxLength: 6600 })])),
});

export const MediaBody = Type.Object({ ids: Type.Union([Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }), Type.String({ maxLength: 6600 })]) });
export const MediaQuery = Type.Object({
  ids: Type.Optional(Type.Union([Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }), Type.String({ maxLength: 6600 })])),
  'ids[]': Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 })),
});
export const MediaResponse = documentedOnly(Type.Array(StoreMedia));

export const ProductIdParams = Type.Object({ productId: IdString() });
export const LandingPageParams = Type.Object({ landingPageId: Type.String({ maxLength: 64 }) });
export const CategoryIdParams = Type.Object({ categoryId: Type.String({ maxLength: 64 }) });
export const BreadcrumbParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

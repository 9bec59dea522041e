import type { EntityDefinition } from '../entities/definition.js';
import { validatePriceList } from './price-field.js';
import { slotOverridesProblem } from '../cms/slot-config.js';
import { LANGUAGE_SYSTEM } from '../first-start/default-ids.js';

/** The layout (Shopping Experiences) a category, landing page or product shows, and its slot overrides. */
const layoutFields = {
  cmsPageId: { type: 'id' },
  slotConfig: { type: 'json', validate: slotOverridesProblem },
} as const;
const layoutAssociation = { type: 'many-to-one', entity: 'cms_page', foreignKey: 'cmsPageId' } as const;

export const categoryEntity: EntityDefinition = {
  name: 'category',
  fields: {
    parentId: { type: 'id' },
    /** The sibling this one follows; null for the first (siblings form a linked list, as in Shopware). */
    afterCategoryId: { type: 'id' },
    level: { type: 'int', readOnly: true },
    /** `|rootId|...|parentId|`, maintained by the database. */
    path: { type: 'text', readOnly: true },
    childCount: { type: 'int', readOnly: true },
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    type: { type: 'enum', values: ['page', 'link', 'folder'], default: 'page' },
    active: { type: 'bool', default: true },
    visible: { type: 'bool', default: true },
    displayNestedProducts: { type: 'bool', default: true },
    productAssignmentType: { type: 'enum', values: ['product'], default: 'product' },
    description: { type: 'text' },
    externalLink: { type: 'string', maxLength: 1024 },
    mediaId: { type: 'id' },
    ...layoutFields,
  },
  associations: {
    cmsPage: layoutAssociation,
    /** Name and description in other languages than the default one (category_translation). */
    translations: { type: 'one-to-many', entity: 'category_translation', foreignKey: 'categoryId', cascadeDelete: true },
    parent: { type: 'many-to-one', entity: 'category', foreignKey: 'parentId' },
    children: { type: 'one-to-many', entity: 'category', foreignKey: 'parentId', cascadeDelete: true },
    media: { type: 'many-to-one', entity: 'media', foreignKey: 'mediaId' },
    products: { type: 'many-to-many', entity: 'product', mappingTable: 'product_category', localColumn: 'category_id', referenceColumn: 'product_id' },
  },
};

export const tagEntity: EntityDefinition = {
  name: 'tag',
  fields: { name: { type: 'string', required: true, maxLength: 255, searchable: true } },
  associations: {
    products: { type: 'many-to-many', entity: 'product', mappingTable: 'product_tag', localColumn: 'tag_id', referenceColumn: 'product_id' },
  },
};

export const productManufacturerEntity: EntityDefinition = {
  name: 'product_manufacturer',
  fields: {
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    link: { type: 'string', maxLength: 1024 },
    description: { type: 'text' },
    mediaId: { type: 'id' },
  },
  associations: { media: { type: 'many-to-one', entity: 'media', foreignKey: 'mediaId' } },
};

export const propertyGroupEntity: EntityDefinition = {
  name: 'property_group',
  fields: {
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    displayType: { type: 'enum', values: ['text', 'color', 'media'], default: 'text' },
    sortingType: { type: 'enum', values: ['alphanumeric', 'position'], default: 'alphanumeric' },
    position: { type: 'int', default: 1 },
    filterable: { type: 'bool', default: true },
    visibleOnProductDetailPage: { type: 'bool', default: true },
  },
  associations: {
    options: { type: 'one-to-many', entity: 'property_group_option', foreignKey: 'groupId', cascadeDelete: true },
  },
};

export const propertyGroupOptionEntity: EntityDefinition = {
  name: 'property_group_option',
  fields: {
    groupId: { type: 'id', required: true },
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    position: { type: 'int', default: 1 },
    colorHexCode: { type: 'string', maxLength: 16 },
    mediaId: { type: 'id' },
  },
  associations: {
    group: { type: 'many-to-one', entity: 'property_group', foreignKey: 'groupId' },
    media: { type: 'many-to-one', entity: 'media', foreignKey: 'mediaId' },
  },
};

export const productEntity: EntityDefinition = {
  name: 'product',
  fields: {
    /** A variant points at its parent and inherits the fields it leaves empty. */
    parentId: { type: 'id' },
    productNumber: { type: 'string', required: true, maxLength: 64, searchable: true },
    name: { type: 'string', maxLength: 255, searchable: true },
    description: { type: 'text', searchable: true },
    /** SEO texts of the default language (another language's are on its translation). */
    metaTitle: { type: 'string', maxLength: 255 },
    metaDescription: { type: 'text' },
    keywords: { type: 'text' },
    /** Gross and net per currency, major units: `[{currencyId, gross, net, linked}]`. */
    price: { type: 'json', validate: validatePriceList },
    stock: { type: 'int', default: 0 },
    taxId: { type: 'id' },
    manufacturerId: { type: 'id' },
    active: { type: 'bool' },
    isCloseout: { type: 'bool', default: false },
    ean: { type: 'string', maxLength: 64 },
    minPurchase: { type: 'int', default: 1, validate: (v) => (typeof v === 'number' && v >= 1 ? undefined : 'must be at least 1') },
    maxPurchase: { type: 'int' },
    purchaseSteps: { type: 'int', default: 1, validate: (v) => (typeof v === 'number' && v >= 1 ? undefined : 'must be at least 1') },
    shippingFree: { type: 'bool', default: false },
    markAsTopseller: { type: 'bool', default: false },
    releaseDate: { type: 'datetime' },
    weight: { type: 'float' },
    /** The product_media shown first. */
    coverId: { type: 'id' },
    /** The product's own delivery time; a variant without one inherits its parent's. */
    deliveryTimeId: { type: 'id' },
    ...layoutFields,
  },
  associations: {
    cmsPage: layoutAssociation,
    deliveryTime: { type: 'many-to-one', entity: 'delivery_time', foreignKey: 'deliveryTimeId' },
    /** Name and description in other languages than the default one (product_translation). */
    translations: { type: 'one-to-many', entity: 'product_translation', foreignKey: 'productId', cascadeDelete: true },
    parent: { type: 'many-to-one', entity: 'product', foreignKey: 'parentId' },
    children: { type: 'one-to-many', entity: 'product', foreignKey: 'parentId', cascadeDelete: true },
    tax: { type: 'many-to-one', entity: 'tax', foreignKey: 'taxId' },
    manufacturer: { type: 'many-to-one', entity: 'product_manufacturer', foreignKey: 'manufacturerId' },
    cover: { type: 'many-to-one', entity: 'product_media', foreignKey: 'coverId' },
    media: { type: 'one-to-many', entity: 'product_media', foreignKey: 'productId', cascadeDelete: true },
    visibilities: { type: 'one-to-many', entity: 'product_visibility', foreignKey: 'productId', cascadeDelete: true },
    crossSellings: { type: 'one-to-many', entity: 'product_cross_selling', foreignKey: 'productId', cascadeDelete: true },
    productReviews: { type: 'one-to-many', entity: 'product_review', foreignKey: 'productId', cascadeDelete: true },
    /** Advanced prices: quantity tiers per rule (a variant without its own inherits its parent's). */
    prices: { type: 'one-to-many', entity: 'product_price', foreignKey: 'productId', cascadeDelete: true },
    categories: { type: 'many-to-many', entity: 'category', mappingTable: 'product_category', localColumn: 'product_id', referenceColumn: 'category_id' },
    tags: { type: 'many-to-many', entity: 'tag', mappingTable: 'product_tag', localColumn: 'product_id', referenceColumn: 'tag_id' },
    properties: {
      type: 'many-to-many',
      entity: 'property_group_option',
      mappingTable: 'product_property',
      localColumn: 'product_id',
      referenceColumn: 'property_group_option_id',
    },
    options: {
      type: 'many-to-many',
      entity: 'property_group_option',
      mappingTable: 'product_option',
      localColumn: 'product_id',
      referenceColumn: 'property_group_option_id',
    },
  },
};

/**
 * An advanced price: the product's price per piece from `quantityStart` to `quantityEnd` (open-ended when
 * empty) while `rule` matches the shopper's context. See catalog/store/advanced-prices.ts.
 */
export const productPriceEntity: EntityDefinition = {
  name: 'product_price',
  fields: {
    productId: { type: 'id', required: true },
    ruleId: { type: 'id', required: true },
    quantityStart: { type: 'int', required: true, validate: (v) => (typeof v === 'number' && v >= 1 ? undefined : 'must be at least 1') },
    /** Checked against quantityStart by the table (`product_price_quantity_range_check`). */
    quantityEnd: { type: 'int', validate: (v) => (v === null || (typeof v === 'number' && v >= 1) ? undefined : 'must be at least 1') },
    /** Per piece, major units: `[{currencyId, gross, net, linked}]`, as `product.price`. */
    price: { type: 'json', required: true, validate: validatePriceList },
  },
  associations: {
    product: { type: 'many-to-one', entity: 'product', foreignKey: 'productId' },
    rule: { type: 'many-to-one', entity: 'rule', foreignKey: 'ruleId' },
  },
};

/** Shopware's visibility levels of a product in a sales channel. */
export const PRODUCT_VISIBILITY = { LINK: 10, SEARCH: 20, ALL: 30 } as const;

export const productVisibilityEntity: EntityDefinition = {
  name: 'product_visibility',
  fields: {
    productId: { type: 'id', required: true },
    salesChannelId: { type: 'id', required: true },
    visibility: {
      type: 'int',
      required: true,
      validate: (v) => ([10, 20, 30].includes(v as number) ? undefined : 'must be 10 (link), 20 (search) or 30 (all)'),
    },
  },
  associations: {
    product: { type: 'many-to-one', entity: 'product', foreignKey: 'productId' },
    salesChannel: { type: 'many-to-one', entity: 'sales_channel', foreignKey: 'salesChannelId' },
  },
};

export const productMediaEntity: EntityDefinition = {
  name: 'product_media',
  fields: {
    productId: { type: 'id', required: true },
    mediaId: { type: 'id', required: true },
    position: { type: 'int', default: 1 },
  },
  associations: {
    product: { type: 'many-to-one', entity: 'product', foreignKey: 'productId' },
    media: { type: 'many-to-one', entity: 'media', foreignKey: 'mediaId' },
  },
  defaultSort: [{ field: 'position', order: 'ASC' }],
};

export const productCrossSellingEntity: EntityDefinition = {
  name: 'product_cross_selling',
  fields: {
    productId: { type: 'id', required: true },
    name: { type: 'string', required: true, maxLength: 255 },
    position: { type: 'int', default: 1 },
    type: { type: 'enum', values: ['productList'], default: 'productList' },
    active: { type: 'bool', default: true },
    limit: { type: 'int', default: 24 },
  },
  associations: {
    product: { type: 'many-to-one', entity: 'product', foreignKey: 'productId' },
    assignedProducts: { type: 'one-to-many', entity: 'product_cross_selling_assigned_products', foreignKey: 'crossSellingId', cascadeDelete: true },
  },
  defaultSort: [{ field: 'position', order: 'ASC' }],
};

export const productCrossSellingAssignedProductsEntity: EntityDefinition = {
  name: 'product_cross_selling_assigned_products',
  fields: {
    crossSellingId: { type: 'id', required: true },
    productId: { type: 'id', required: true },
    position: { type: 'int', default: 1 },
  },
  associations: {
    crossSelling: { type: 'many-to-one', entity: 'product_cross_selling', foreignKey: 'crossSellingId' },
    product: { type: 'many-to-one', entity: 'product', foreignKey: 'productId' },
  },
  defaultSort: [{ field: 'position', order: 'ASC' }],
};

export const productReviewEntity: EntityDefinition = {
  name: 'product_review',
  fields: {
    productId: { type: 'id', required: true },
    salesChannelId: { type: 'id', required: true },
    customerId: { type: 'id' },
    languageId: { type: 'id' },
    title: { type: 'string', required: true, maxLength: 255 },
    content: { type: 'text', required: true },
    points: {
      type: 'float',
      required: true,
      validate: (v) => (typeof v === 'number' && v >= 1 && v <= 5 ? undefined : 'must be between 1 and 5'),
    },
    /** Approved reviews are shown in the storefront. */
    status: { type: 'bool', default: false },
    externalUser: { type: 'string', maxLength: 255 },
    externalEmail: { type: 'string', maxLength: 255 },
    /** The shop's reply, shown under the review in the storefront. */
    comment: { type: 'text' },
  },
  associations: {
    product: { type: 'many-to-one', entity: 'product', foreignKey: 'productId' },
    salesChannel: { type: 'many-to-one', entity: 'sales_channel', foreignKey: 'salesChannelId' },
    customer: { type: 'many-to-one', entity: 'customer', foreignKey: 'customerId' },
  },
};

export const landingPageEntity: EntityDefinition = {
  name: 'landing_page',
  fields: {
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    active: { type: 'bool', default: true },
    url: { type: 'string', maxLength: 255 },
    metaTitle: { type: 'string', maxLength: 255 },
    metaDescription: { type: 'text' },
    keywords: { type: 'text' },
    ...layoutFields,
  },
  associations: {
    cmsPage: layoutAssociation,
    salesChannels: {
      type: 'many-to-many',
      entity: 'sales_channel',
      mappingTable: 'landing_page_sales_channel',
      localColumn: 'landing_page_id',
      referenceColumn: 'sales_channel_id',
    },
  },
};

/** Shopware's delivery time: "2-4 days" as a name and as a range in a unit. */
export const deliveryTimeEntity: EntityDefinition = {
  name: 'delivery_time',
  fields: {
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    min: { type: 'int', required: true, validate: (v) => (typeof v === 'number' && v >= 0 ? undefined : 'must be 0 or more') },
    /** At least `min` (`delivery_time_range_check`). */
    max: { type: 'int', required: true, validate: (v) => (typeof v === 'number' && v >= 0 ? undefined : 'must be 0 or more') },
    unit: { type: 'enum', values: ['hour', 'day', 'week', 'month', 'year'], required: true },
  },
  associations: {
    products: { type: 'one-to-many', entity: 'product', foreignKey: 'deliveryTimeId' },
  },
};

/** The default language's text is the entity's own (name, description): a translation is for another language. */
const isSystemLanguage = (value: unknown) => typeof value === 'string' && value.replaceAll('-', '').toLowerCase() === LANGUAGE_SYSTEM;
const translationLanguageId = {
  type: 'id',
  required: true,
  validate: (value: unknown) => (isSystemLanguage(value) ? 'must not be the default language: its text is the entity\'s own name and description' : undefined),
} as const;

/** A product's name and description in one language other than the default (whose text is the product's own). */
export const productTranslationEntity: EntityDefinition = {
  name: 'product_translation',
  fields: {
    productId: { type: 'id', required: true },
    languageId: translationLanguageId,
    name: { type: 'string', maxLength: 255, searchable: true },
    description: { type: 'text' },
    metaTitle: { type: 'string', maxLength: 255 },
    metaDescription: { type: 'text' },
    keywords: { type: 'text' },
  },
  associations: {
    product: { type: 'many-to-one', entity: 'product', foreignKey: 'productId' },
    language: { type: 'many-to-one', entity: 'language', foreignKey: 'languageId' },
  },
};

/** A category's name and description in one language other than the default (whose text is the category's own). */
export const categoryTranslationEntity: EntityDefinition = {
  name: 'category_translation',
  fields: {
    categoryId: { type: 'id', required: true },
    languageId: translationLanguageId,
    name: { type: 'string', maxLength: 255, searchable: true },
    description: { type: 'text' },
  },
  associations: {
    category: { type: 'many-to-one', entity: 'category', foreignKey: 'categoryId' },
    language: { type: 'many-to-one', entity: 'language', foreignKey: 'languageId' },
  },
};

export const catalogEntities = [
  categoryEntity,
  tagEntity,
  productManufacturerEntity,
  propertyGroupEntity,
  propertyGroupOptionEntity,
  productEntity,
  productPriceEntity,
  productVisibilityEntity,
  productMediaEntity,
  productCrossSellingEntity,
  productCrossSellingAssignedProductsEntity,
  productReviewEntity,
  landingPageEntity,
  deliveryTimeEntity,
  productTranslationEntity,
  categoryTranslationEntity,
];

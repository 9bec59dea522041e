import type { EntityDefinition } from '../entities/definition.js';

/** The routes a SEO URL leads to, with Shopware's names. */
export const SEO_ROUTES = {
  product: 'frontend.detail.page',
  category: 'frontend.navigation.page',
  landingPage: 'frontend.landing.page',
} as const;

export type SeoRouteName = (typeof SEO_ROUTES)[keyof typeof SEO_ROUTES];

/**
 * Shopware's `seo_url`, read through the Admin API (`/api/seo-url`, `/api/search/seo-url`). The platform
 * writes the rows itself from the entities' names (seo-url-updater.ts), so the API does not write them.
 */
export const seoUrlEntity: EntityDefinition = {
  name: 'seo_url',
  readOnlyEntity: true,
  fields: {
    salesChannelId: { type: 'id', required: true },
    languageId: { type: 'id', required: true },
    /** The product, category or landing page. */
    foreignKey: { type: 'id', required: true },
    routeName: { type: 'enum', values: Object.values(SEO_ROUTES), required: true },
    /** The technical path (`/detail/{id}`), which keeps working. */
    pathInfo: { type: 'string', required: true, maxLength: 750 },
    /** The readable path without the leading slash (`Main-product/SW10001`, `Clothing/Men/`). */
    seoPathInfo: { type: 'string', required: true, maxLength: 750, searchable: true },
    isCanonical: { type: 'bool', default: false },
    isModified: { type: 'bool', default: false },
    isDeleted: { type: 'bool', default: false },
    error: { type: 'string', maxLength: 255 },
  },
  associations: {
    salesChannel: { type: 'many-to-one', entity: 'sales_channel', foreignKey: 'salesChannelId' },
    language: { type: 'many-to-one', entity: 'language', foreignKey: 'languageId' },
  },
};

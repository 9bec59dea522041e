import { sql } from 'kysely';
import type { Executor } from '../database/transaction.js';
import { channelVisibilityJoins, channelVisibilitySql } from '../catalog/store/visibility-sql.js';
import { SEO_ROUTES, type SeoRouteName } from './entities.js';
import { slugify } from './slugify.js';

/** A path an entity should be reachable under in one sales channel. */
export interface WantedSeoUrl {
  routeName: SeoRouteName;
  foreignKey: string;
  pathInfo: string;
  seoPathInfo: string;
}

/** A sales channel with what its SEO URLs depend on. */
export interface SeoChannel {
  id: string;
  navigationCategoryId: string;
  /** The channel's language and its domains' languages. */
  languageIds: string[];
}

export async function seoChannels(db: Executor): Promise<SeoChannel[]> {
  const rows = await sql<{ id: string; navigation_category_id: string; language_ids: string[] }>`
    SELECT sc.id, sc.navigation_category_id,
      array(SELECT sc.language_id UNION SELECT d.language_id FROM sales_channel_domain d WHERE d.sales_channel_id = sc.id) AS language_ids
    FROM sales_channel sc ORDER BY sc.created_at, sc.id`.execute(db);
  return rows.rows.map((row) => ({ id: row.id, navigationCategoryId: row.navigation_category_id, languageIds: row.language_ids }));
}

/**
 * Shopware's default product template `{{ product.translated.name }}/{{ product.productNumber }}`, each
 * value slugified: the products of `ids` (all when undefined) the channel shows, active and visible
 * (a variant inherits name, activity and visibility from its parent).
 */
export async function productSeoUrls(db: Executor, channel: SeoChannel, ids?: string[]): Promise<WantedSeoUrl[]> {
  if (ids?.length === 0) return [];
  const rows = await sql<{ id: string; name: string | null; product_number: string }>`
    SELECT p.id, coalesce(p.name, parent.name) AS name, p.product_number
    FROM product p LEFT JOIN product parent ON parent.id = p.parent_id
    ${channelVisibilityJoins('p', channel.id)}
    WHERE coalesce(p.active, parent.active, true) AND ${channelVisibilitySql('p')} IS NOT NULL
      ${ids ? sql`AND p.id = ANY(${ids}::uuid[])` : sql``}`.execute(db);
  return rows.rows.flatMap((row) => {
    const seoPathInfo = [slugify(row.name ?? ''), slugify(row.product_number)].filter((part) => part !== '').join('/');
    return seoPathInfo === '' ? [] : [{ routeName: SEO_ROUTES.product, foreignKey: row.id, pathInfo: `/detail/${row.id}`, seoPathInfo }];
  });
}

/**
 * Shopware's default category template: the names of the breadcrumb below the channel's navigation
 * category, each followed by `/` (`Clothing/Men/`). Active pages of the tree only; the navigation
 * category itself is the home page and has none.
 */
export async function categorySeoUrls(db: Executor, channel: SeoChannel): Promise<WantedSeoUrl[]> {
  const root = channel.navigationCategoryId;
  const rows = await sql<{ id: string; name: string; path: string | null; type: string }>`
    SELECT id, name, path, type FROM category
    WHERE active AND (id = ${root} OR path LIKE ${`%|${root}|%`})`.execute(db);
  const names = new Map(rows.rows.map((row) => [row.id, row.name]));
  return rows.rows.flatMap((row) => {
    if (row.id === root || row.type !== 'page') return [];
    const ancestors = (row.path ?? '').split('|').filter((id) => id !== '');
    const below = ancestors.slice(ancestors.indexOf(root) + 1);
    // an inactive ancestor hides the category (its name is missing from the active tree)
    if (below.some((id) => !names.has(id))) return [];
    const seoPathInfo = [...below, row.id].map((id) => `${slugify(names.get(id) ?? '')}/`).join('');
    return /[A-Za-z0-9]/.test(seoPathInfo) ? [{ routeName: SEO_ROUTES.category, foreignKey: row.id, pathInfo: `/navigation/${row.id}`, seoPathInfo }] : [];
  });
}

/** Shopware's default landing page template `{{ landingPage.translated.url }}`; without a url, its name. */
export async function landingPageSeoUrls(db: Executor, channel: SeoChannel): Promise<WantedSeoUrl[]> {
  const rows = await sql<{ id: string; name: string; url: string | null }>`
    SELECT lp.id, lp.name, lp.url FROM landing_page lp
    JOIN landing_page_sales_channel lpsc ON lpsc.landing_page_id = lp.id AND lpsc.sales_channel_id = ${channel.id}
    WHERE lp.active`.execute(db);
  return rows.rows.flatMap((row) => {
    const seoPathInfo = slugify(row.url?.trim() ? row.url : row.name);
    return seoPathInfo === '' ? [] : [{ routeName: SEO_ROUTES.landingPage, foreignKey: row.id, pathInfo: `/landingPage/${row.id}`, seoPathInfo }];
  });
}

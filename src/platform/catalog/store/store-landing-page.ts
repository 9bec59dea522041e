import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import { AppError } from '../../errors/app-error.js';
import { isId } from '../../ids.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { canonicalSeoUrlsOf } from '../../seo/store-seo-urls.js';
import { SEO_ROUTES } from '../../seo/entities.js';

export function landingPageNotFound(landingPageId: string): AppError {
  return new AppError(404, 'CONTENT__LANDING_PAGE_NOT_FOUND', `Landing page "${landingPageId}" not found.`, { meta: { parameters: { landingPageId } } });
}

/**
 * Shopware's LandingPageRoute (the caller resolves `cmsPage` from `cmsPageId`, see cms/): an active landing page assigned to the context's sales channel, else 404
 * `CONTENT__LANDING_PAGE_NOT_FOUND`.
 */
export async function loadStoreLandingPage(within: Db | UnitOfWork, context: SalesChannelContext, landingPageId: string, options: { seoUrls?: boolean } = {}) {
  const id = landingPageId.toLowerCase();
  if (!isId(id)) throw landingPageNotFound(landingPageId);
  const row = await executorOf(within)
    .selectFrom('landing_page as lp')
    .innerJoin('landing_page_sales_channel as lpsc', 'lpsc.landing_page_id', 'lp.id')
    .selectAll('lp')
    .where('lp.id', '=', id)
    .where('lp.active', '=', true)
    .where('lpsc.sales_channel_id', '=', context.salesChannel.id)
    .executeTakeFirst();
  if (!row) throw landingPageNotFound(landingPageId);
  const seoUrls = options.seoUrls ? ((await canonicalSeoUrlsOf(within, context, SEO_ROUTES.landingPage, [row.id as string])).get(row.id as string) ?? []) : undefined;
  const text = (value: unknown) => (value as string | null) ?? null;
  return {
    id: row.id as string,
    active: true,
    name: row.name as string,
    url: text(row.url) ?? '',
    metaTitle: text(row.meta_title),
    metaDescription: text(row.meta_description),
    keywords: text(row.keywords),
    slotConfig: (row.slot_config as object | null) ?? null,
    cmsPageId: (row.cms_page_id as string | null) ?? null,
    cmsPage: null as unknown,
    customFields: (row.custom_fields as object | null) ?? {},
    translated: { name: row.name, url: text(row.url) ?? '', metaTitle: text(row.meta_title), metaDescription: text(row.meta_description), keywords: text(row.keywords), customFields: {} },
    createdAt: new Date(row.created_at as Date).toISOString(),
    updatedAt: row.updated_at === null ? null : new Date(row.updated_at as Date).toISOString(),
    ...(seoUrls ? { seoUrls } : {}),
    apiAlias: 'landing_page' as const,
  };
}

import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import type { Db } from '../database/connection.js';
import { transaction } from '../database/transaction.js';
import { newId } from '../ids.js';
import { channelVisibilityJoins, channelVisibilitySql } from '../catalog/store/visibility-sql.js';
import { PRODUCT_VISIBILITY } from '../catalog/entities.js';
import { SEO_ROUTES } from './entities.js';

/** The sitemap protocol's limit of URLs per file; a larger shop gets `…-2.xml.gz` and so on. */
export const SITEMAP_URLS_PER_FILE = 50_000;

interface SitemapUrl {
  seo_path_info: string;
  route_name: string;
  lastmod: Date;
}

export interface GeneratedSitemap {
  salesChannelId: string;
  domainUrl: string;
  files: Array<{ filename: string; urls: number }>;
}

/**
 * Writes the sitemaps of every domain of the sales channels (`salesChannelId`: one channel): the domain's
 * home page and the canonical SEO URL of every product the channel lists (visibility "all"), category and
 * landing page in the domain's language, absolute under the domain's URL, gzip-compressed, replacing
 * the domain's earlier files. Stored in the database (`sitemap_file`), so every process serves them.
 */
export async function generateSitemaps(db: Db, salesChannelId?: string): Promise<GeneratedSitemap[]> {
  const domains = await db
    .selectFrom('sales_channel_domain')
    .select(['id', 'sales_channel_id', 'language_id', 'url'])
    .$if(salesChannelId !== undefined, (q) => q.where('sales_channel_id', '=', salesChannelId!))
    .orderBy('url')
    .execute();
  const generated: GeneratedSitemap[] = [];
  for (const domain of domains) {
    const channelId = domain.sales_channel_id as string;
    const base = (domain.url as string).replace(/\/+$/, '');
    const urls = await sitemapUrls(db, channelId, domain.language_id as string);
    const entries = [`<url><loc>${escapeXml(`${base}/`)}</loc><changefreq>daily</changefreq><priority>1.0</priority></url>`];
    for (const url of urls) {
      entries.push(`<url><loc>${escapeXml(`${base}/${url.seo_path_info}`)}</loc><lastmod>${new Date(url.lastmod).toISOString()}</lastmod>` +
        `<changefreq>hourly</changefreq><priority>${url.route_name === SEO_ROUTES.product ? '1.0' : '0.5'}</priority></url>`);
    }
    const stem = `sitemap-${domainSlug(base)}`;
    const files: GeneratedSitemap['files'] = [];
    await transaction(db, async (uow) => {
      await uow.db.deleteFrom('sitemap_file').where('sales_channel_domain_id', '=', domain.id).execute();
      for (let i = 0; i < entries.length; i += SITEMAP_URLS_PER_FILE) {
        const chunk = entries.slice(i, i + SITEMAP_URLS_PER_FILE);
        const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${chunk.join('\n')}\n</urlset>\n`;
        const filename = `${stem}-${i / SITEMAP_URLS_PER_FILE + 1}.xml.gz`;
        await uow.db
          .insertInto('sitemap_file')
          .values({ id: newId(), sales_channel_id: channelId, sales_channel_domain_id: domain.id, filename, content: gzipSync(xml), url_count: chunk.length })
          .execute();
        files.push({ filename, urls: chunk.length });
      }
    });
    generated.push({ salesChannelId: channelId, domainUrl: base, files });
  }
  return generated;
}

/** The canonical URLs a sitemap lists; products only when the channel lists them (not by link or search alone). */
async function sitemapUrls(db: Db, salesChannelId: string, languageId: string): Promise<SitemapUrl[]> {
  const rows = await sql<SitemapUrl>`
    SELECT s.seo_path_info, s.route_name, coalesce(s.updated_at, s.created_at) AS lastmod
    FROM seo_url s
    LEFT JOIN product p ON s.route_name = ${SEO_ROUTES.product} AND p.id = s.foreign_key
    ${channelVisibilityJoins('p', salesChannelId)}
    WHERE s.sales_channel_id = ${salesChannelId} AND s.language_id = ${languageId} AND s.is_canonical AND NOT s.is_deleted
      AND (s.route_name <> ${SEO_ROUTES.product} OR ${channelVisibilitySql('p')} >= ${PRODUCT_VISIBILITY.ALL})
    ORDER BY s.route_name, s.seo_path_info`.execute(db);
  return rows.rows;
}

/** `http://shop.example:8000/de` → `shop.example-8000-de`: the domain in the file name, as Shopware names its files. */
function domainSlug(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9.]+/g, '-').replace(/^-+|-+$/g, '');
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Whether the channel's sitemaps are older than its newest SEO URL change (or missing): the queued job skips fresh ones. */
export async function sitemapsOutdated(db: Db, salesChannelId?: string): Promise<boolean> {
  const row = await sql<{ outdated: boolean }>`
    SELECT (SELECT max(coalesce(s.updated_at, s.created_at)) FROM seo_url s ${salesChannelId ? sql`WHERE s.sales_channel_id = ${salesChannelId}` : sql``})
      > coalesce((SELECT min(f.created_at) FROM sitemap_file f ${salesChannelId ? sql`WHERE f.sales_channel_id = ${salesChannelId}` : sql``}), '-infinity')
      OR NOT EXISTS (SELECT 1 FROM sitemap_file f ${salesChannelId ? sql`WHERE f.sales_channel_id = ${salesChannelId}` : sql``}) AS outdated`.execute(db);
  return row.rows[0]?.outdated === true;
}

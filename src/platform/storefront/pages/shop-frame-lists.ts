import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';

/** The channel's lists every page frame shows: languages, currencies, delivery countries (header), landing pages (footer). */
export interface ShopFrameLists {
  languages: Array<{ id: string; name: string; localeCode: string }>;
  currencies: Array<{ id: string; isoCode: string; symbol: string; name: string }>;
  countries: Array<{ id: string; name: string }>;
  landingPages: Array<{ id: string; name: string }>;
}

// ids as the application spells them (32 hex), not PostgreSQL's uuid text with dashes
const hex = (column: string) => sql.raw(`replace(${column}::text, '-', '')`);

/**
 * The four lists in ONE statement (four small aggregates): every page needs them, and four round trips
 * per page were statements a page did not need. Orders: languages by name, currencies by position and ISO code,
 * countries by position and name (active ones only), landing pages by name (active ones only).
 */
export async function shopFrameListsOf(db: Db, salesChannelId: string): Promise<ShopFrameLists> {
  const { rows } = await sql<{ languages: ShopFrameLists['languages']; currencies: ShopFrameLists['currencies']; countries: ShopFrameLists['countries']; landing_pages: ShopFrameLists['landingPages'] }>`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', ${hex('l.id')}, 'name', l.name, 'localeCode', l.locale_code) ORDER BY l.name), '[]')
         FROM sales_channel_language scl JOIN language l ON l.id = scl.language_id WHERE scl.sales_channel_id = ${salesChannelId}) AS languages,
      (SELECT coalesce(json_agg(json_build_object('id', ${hex('c.id')}, 'isoCode', trim(c.iso_code), 'symbol', c.symbol, 'name', c.name) ORDER BY c.position, c.iso_code), '[]')
         FROM sales_channel_currency scc JOIN currency c ON c.id = scc.currency_id WHERE scc.sales_channel_id = ${salesChannelId}) AS currencies,
      (SELECT coalesce(json_agg(json_build_object('id', ${hex('c.id')}, 'name', c.name) ORDER BY c.position, c.name), '[]')
         FROM sales_channel_country scc JOIN country c ON c.id = scc.country_id WHERE scc.sales_channel_id = ${salesChannelId} AND c.active) AS countries,
      (SELECT coalesce(json_agg(json_build_object('id', ${hex('lp.id')}, 'name', lp.name) ORDER BY lp.name), '[]')
         FROM landing_page lp JOIN landing_page_sales_channel lpsc ON lpsc.landing_page_id = lp.id WHERE lp.active AND lpsc.sales_channel_id = ${salesChannelId}) AS landing_pages
  `.execute(db);
  const row = rows[0]!;
  return { languages: row.languages, currencies: row.currencies, countries: row.countries, landingPages: row.landing_pages };
}

import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';

/** The channel's lists every page frame shows: currencies (header), delivery countries (header), landing pages (footer). */
export interface ShopFrameLists {
  currencies: Array<{ id: string; isoCode: string; symbol: string; name: string }>;
  countries: Array<{ id: string; name: string }>;
  landingPages: Array<{ id: string; name: string }>;
}

// ids as the application spells them (32 hex), not PostgreSQL's uuid text with dashes
const hex = (column: string) => sql.raw(`replace(${column}::text, '-', '')`);

/**
 * The three lists in ONE statement (three small aggregates): every page needs them, and three round trips
 * per page were three statements a page did not need. Orders: currencies by position and ISO code,
 * countries by position and name (active ones only), landing pages by name (active ones only).
 */
export async function shopFrameListsOf(db: Db, salesChannelId: string): Promise<ShopFrameLists> {
  const { rows } = await sql<{ currencies: ShopFrameLists['currencies']; countries: ShopFrameLists['countries']; landing_pages: ShopFrameLists['landingPages'] }>`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', ${hex('c.id')}, 'isoCode', trim(c.iso_code), 'symbol', c.symbol, 'name', c.name) ORDER BY c.position, c.iso_code), '[]')
         FROM sales_channel_currency scc JOIN currency c ON c.id = scc.currency_id WHERE scc.sales_channel_id = ${salesChannelId}) AS currencies,
      (SELECT coalesce(json_agg(json_build_object('id', ${hex('c.id')}, 'name', c.name) ORDER BY c.position, c.name), '[]')
         FROM sales_channel_country scc JOIN country c ON c.id = scc.country_id WHERE scc.sales_channel_id = ${salesChannelId} AND c.active) AS countries,
      (SELECT coalesce(json_agg(json_build_object('id', ${hex('lp.id')}, 'name', lp.name) ORDER BY lp.name), '[]')
         FROM landing_page lp JOIN landing_page_sales_channel lpsc ON lpsc.landing_page_id = lp.id WHERE lp.active AND lpsc.sales_channel_id = ${salesChannelId}) AS landing_pages
  `.execute(db);
  const row = rows[0]!;
  return { currencies: row.currencies, countries: row.countries, landingPages: row.landing_pages };
}

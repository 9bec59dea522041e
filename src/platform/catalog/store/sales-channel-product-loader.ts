import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import { AppError } from '../../errors/app-error.js';
import { CURRENCY_DEFAULT } from '../../first-start/default-ids.js';
import { isId, normalizeId } from '../../ids.js';
import { applicableTiers, type AdvancedPriceRow, type PriceTier } from './advanced-prices.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { parseTaxRate } from '../../checkout/cart/calculation/tax-rate.js';
import { resolveUnitPrice } from '../../checkout/cart/calculation/unit-price.js';
import type { TaxState } from '../../checkout/cart/calculation/calculated-price.js';
import { effectiveTaxRate, taxRulesJsonSql, type TaxRuleCandidate } from '../../system/tax-rule/tax-rule-selection.js';
import type { PriceEntry } from '../price-field.js';
import { mediaImage, type MediaImage } from '../../media/media-image.js';
import type { MediaRow } from '../../media/store-media-json.js';
import { channelVisibilityJoins, channelVisibilitySql, type VisibilityLevel } from './visibility-sql.js';

/** A product as a sales channel sees it: inherited fields resolved, priced in the context's currency. */
export interface SalesChannelProduct {
  id: string;
  parentId: string | null;
  productNumber: string;
  name: string;
  description: string | null;
  /** SEO texts (translated, a variant inheriting its parent's): the product page's title and meta description. */
  metaTitle: string | null;
  metaDescription: string | null;
  stock: number;
  /** Whether it can be bought now: in stock, or not a closeout (then it may be back-ordered). */
  available: boolean;
  isCloseout: boolean;
  minPurchase: number;
  maxPurchase: number | null;
  purchaseSteps: number;
  shippingFree: boolean;
  /** The product's own delivery time, else its parent's; null when neither has one (the shipping method's days apply). */
  deliveryTime: ProductDeliveryTime | null;
  taxId: string;
  /** The tax rate at the context's shipping location (a tax rule's, else the tax's) as an exact decimal string ("19", "7.7"). */
  taxRate: string;
  manufacturer: { id: string; name: string } | null;
  /** The cover image with its thumbnails (`srcset`): `id` is the media's, `productMediaId` the product_media row's. */
  cover: (MediaImage & { id: string; productMediaId: string; media: MediaRow; mediaBaseUrl: string }) | null;
  calculatedPrice: {
    /** Unit price in MINOR units of `currencyId`: gross, or net when `taxState` is net (the context's). */
    unitPrice: number;
    currencyId: string;
    taxState: TaxState;
    listPrice?: null;
  };
  /**
   * Advanced prices that apply in this context (quantity tiers of the winning rule, minor units, gross or net as `calculatedPrice`);
   * empty when none does. The cart charges `unitPriceAtQuantity(calculatedPrice.unitPrice, calculatedPrices, quantity)`.
   */
  calculatedPrices: PriceTier[];
  /** The stored price entry the unit price was derived from (the context currency's, else the default currency's). */
  price: PriceEntry;
  /** Its page layout (Shopping Experiences) and slot overrides: its own, else its parent's; null when none is assigned. */
  layout: { cmsPageId: string; slotConfig: Record<string, unknown> | null } | null;
}

/** Shopware's delivery_time as a product carries it. */
export interface ProductDeliveryTime {
  id: string;
  name: string;
  min: number;
  max: number;
  unit: 'hour' | 'day' | 'week' | 'month' | 'year';
}

export interface LoadSalesChannelProductsOptions {
  /** Minimum visibility in the context's channel: 10 link (default), 20 search, 30 listing. */
  minVisibility?: VisibilityLevel;
  /** Prefix of media URLs (APP_URL); without it cover URLs are origin-relative (`/media/...`). */
  mediaBaseUrl?: string;
  /**
   * Lock the product rows (`FOR UPDATE`, in id order so two callers never deadlock) until the caller's
   * transaction ends, and read their latest stock: order placement, so the last piece is sold once.
   */
  lockForUpdate?: boolean;
}

interface ProductRow {
  id: string;
  parent_id: string | null;
  product_number: string;
  name: string | null;
  description: string | null;
  meta_title: string | null;
  meta_description: string | null;
  stock: number;
  is_closeout: boolean;
  min_purchase: number;
  max_purchase: number | null;
  purchase_steps: number;
  shipping_free: boolean;
  delivery_time: ProductDeliveryTime | null;
  tax_id: string | null;
  tax_rate: string | null;
  tax_rules: TaxRuleCandidate[] | null;
  price: PriceEntry[] | null;
  manufacturer_id: string | null;
  manufacturer_name: string | null;
  cover_id: string | null;
  cover_path: string | null;
  cover_alt: string | null;
  cover_meta: unknown;
  cover_product_media_id: string | null;
  cover_media: MediaRow | null;
  advanced_prices: AdvancedPriceRow[] | null;
  cms_page_id: string | null;
  slot_config: Record<string, unknown> | null;
}

/**
 * Loads the products of `ids` that the context's sales channel may show: existing, active (a variant
 * with `active` NULL inherits its parent's), visible with at least `minVisibility`, priced in the
 * context's currency (or the default currency, converted) and not a parent with variants (a container).
 * Others are left out silently; the result keeps the order of `ids` and holds each product once.
 */
export async function loadSalesChannelProducts(
  within: Db | UnitOfWork,
  context: SalesChannelContext,
  ids: string[],
  options: LoadSalesChannelProductsOptions = {},
): Promise<SalesChannelProduct[]> {
  const wanted = [...new Set(ids.filter(isId))];
  if (wanted.length === 0) return [];
  const minVisibility = options.minVisibility ?? 10;
  const result = await sql<ProductRow>`
    SELECT p.id, p.parent_id, p.product_number,
      -- the context language's text (the variant's, else its parent's), else the default language's
      coalesce(own_t.name, parent_t.name, p.name, parent.name) AS name,
      coalesce(own_t.description, parent_t.description, p.description, parent.description) AS description,
      coalesce(own_t.meta_title, parent_t.meta_title, p.meta_title, parent.meta_title) AS meta_title,
      coalesce(own_t.meta_description, parent_t.meta_description, p.meta_description, parent.meta_description) AS meta_description,
      p.stock, p.is_closeout, p.min_purchase, p.max_purchase, p.purchase_steps, p.shipping_free,
      CASE WHEN dt.id IS NULL THEN NULL ELSE json_build_object('id', replace(dt.id::text, '-', ''), 'name', dt.name, 'min', dt.min, 'max', dt.max, 'unit', dt.unit) END AS delivery_time,
      t.id AS tax_id, t.tax_rate::text AS tax_rate, ${taxRulesJsonSql(sql`t.id`, context.countryId)} AS tax_rules,
      coalesce(p.price, parent.price) AS price,
      coalesce(p.cms_page_id, parent.cms_page_id) AS cms_page_id,
      CASE WHEN p.cms_page_id IS NOT NULL OR p.slot_config IS NOT NULL THEN p.slot_config ELSE parent.slot_config END AS slot_config,
      m.id AS manufacturer_id, m.name AS manufacturer_name,
      cover_media.id AS cover_id, cover_media.path AS cover_path, cover_media.alt AS cover_alt, cover_media.meta_data AS cover_meta,
      cover.id AS cover_product_media_id, to_json(cover_media) AS cover_media,
      -- advanced prices ride on this statement: the product's own tiers, else its parent's (inherited)
      (SELECT json_agg(json_build_object('ruleId', pp.rule_id, 'priority', r.priority, 'conditions', r.conditions,
                'quantityStart', pp.quantity_start, 'quantityEnd', pp.quantity_end, 'price', pp.price) ORDER BY pp.quantity_start)
         FROM product_price pp JOIN rule r ON r.id = pp.rule_id AND NOT r.invalid
         WHERE pp.product_id = CASE WHEN EXISTS (SELECT 1 FROM product_price own WHERE own.product_id = p.id) THEN p.id ELSE p.parent_id END
      ) AS advanced_prices
    FROM product p
    LEFT JOIN product parent ON parent.id = p.parent_id
    LEFT JOIN product_translation own_t ON own_t.product_id = p.id AND own_t.language_id = ${context.languageId}
    LEFT JOIN product_translation parent_t ON parent_t.product_id = parent.id AND parent_t.language_id = ${context.languageId}
    LEFT JOIN delivery_time dt ON dt.id = coalesce(p.delivery_time_id, parent.delivery_time_id)
    LEFT JOIN tax t ON t.id = coalesce(p.tax_id, parent.tax_id)
    LEFT JOIN product_manufacturer m ON m.id = coalesce(p.manufacturer_id, parent.manufacturer_id)
    LEFT JOIN product_media cover ON cover.id = coalesce(p.cover_id, parent.cover_id)
    LEFT JOIN media cover_media ON cover_media.id = cover.media_id
    ${channelVisibilityJoins('p', context.salesChannel.id)}
    WHERE p.id = ANY(${wanted}::uuid[])
      AND coalesce(p.active, parent.active, true)
      AND ${channelVisibilitySql('p')} >= ${minVisibility}
      -- a parent with variants is a container (as in listings): only its variants are sold, so neither
      -- the cart nor the detail page's fallback can sell it when all variants are switched off
      AND NOT EXISTS (SELECT 1 FROM product child WHERE child.parent_id = p.id)
    ${options.lockForUpdate ? sql`ORDER BY p.id FOR UPDATE OF p` : sql``}
  `.execute(executorOf(within));

  const byId = new Map<string, SalesChannelProduct>();
  for (const row of result.rows) {
    const product = toSalesChannelProduct(row, context, options.mediaBaseUrl);
    if (product) byId.set(product.id, product);
  }
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** Undefined when the row cannot be sold: no name, no tax, or no price in this currency nor the default one. */
function toSalesChannelProduct(row: ProductRow, context: SalesChannelContext, mediaBaseUrl: string | undefined): SalesChannelProduct | undefined {
  if (row.name === null || row.tax_id === null || row.tax_rate === null || !Array.isArray(row.price)) return undefined;
  const price = row.price.find((entry) => entry.currencyId === context.currency.id) ?? row.price.find((entry) => entry.currencyId === CURRENCY_DEFAULT);
  if (!price) return undefined;
  // the rate of the context's shipping location: a tax rule of that country, else the tax's own
  const taxRate = parseTaxRate(effectiveTaxRate(row.tax_rate, row.tax_rules, context));
  // a linked net price is the gross one at the tax's own rate (what the stored pair means); a rule
  // changes the tax on it, not the price: gross customers pay the gross price, net ones the net price
  const baseRate = parseTaxRate(row.tax_rate).key;
  let unitPrice: number;
  try {
    unitPrice = resolveUnitPrice(row.price, context.currency, CURRENCY_DEFAULT, baseRate)[context.taxState];
  } catch (error) {
    // a stored amount that cannot be priced hides the product instead of breaking the whole page
    if (error instanceof AppError && error.status === 400) return undefined;
    throw error;
  }
  return {
    id: row.id,
    parentId: row.parent_id,
    productNumber: row.product_number,
    name: row.name,
    description: row.description,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    stock: row.stock,
    available: row.stock > 0 || !row.is_closeout,
    isCloseout: row.is_closeout,
    minPurchase: row.min_purchase,
    maxPurchase: row.max_purchase,
    purchaseSteps: row.purchase_steps,
    shippingFree: row.shipping_free,
    deliveryTime: row.delivery_time,
    taxId: row.tax_id,
    taxRate: taxRate.key,
    manufacturer: row.manufacturer_id !== null && row.manufacturer_name !== null ? { id: row.manufacturer_id, name: row.manufacturer_name } : null,
    cover:
      row.cover_id !== null && row.cover_path !== null && row.cover_product_media_id !== null && row.cover_media !== null
        ? {
            id: row.cover_id,
            productMediaId: row.cover_product_media_id,
            media: { ...row.cover_media, id: row.cover_id },
            mediaBaseUrl: mediaBaseUrl ?? '',
            ...mediaImage(row.cover_path, row.cover_meta, row.cover_alt, mediaBaseUrl),
          }
        : null,
    layout: row.cms_page_id === null ? null : { cmsPageId: row.cms_page_id, slotConfig: row.slot_config },
    calculatedPrice: { unitPrice, currencyId: context.currency.id, taxState: context.taxState, listPrice: null },
    calculatedPrices: applicableTiers(
      row.advanced_prices?.map((tier) => ({ ...tier, ruleId: normalizeId(tier.ruleId) })) ?? null,
      { salesChannelId: context.salesChannel.id, currencyId: context.currency.id, customerGroupId: context.customerGroupId },
      context.currency,
      baseRate,
      context.taxState,
    ),
    price,
  };
}

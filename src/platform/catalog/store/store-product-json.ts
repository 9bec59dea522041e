import { calculateLineItem } from '../../checkout/cart/calculation/calculated-price.js';
import { toCalculatedPriceJson, type CalculatedPriceJson } from '../../checkout/cart/calculation/price-json.js';
import type { ContextCurrency } from '../../sales-channel/context/sales-channel-context.js';
import type { PropertyOptionJson } from './property-option-loader.js';
import { storeMediaJson, type StoreMediaJson } from '../../media/store-media-json.js';
import type { ProductDeliveryTime, SalesChannelProduct } from './sales-channel-product-loader.js';
import type { StoreSeoUrlJson } from '../../seo/store-seo-urls.js';

/** What the Store API shows of a SalesChannelProduct unchanged (the mapping below copies exactly these). */
type CopiedField =
  | 'id' | 'parentId' | 'productNumber' | 'name' | 'description' | 'stock' | 'available' | 'isCloseout'
  | 'minPurchase' | 'maxPurchase' | 'purchaseSteps' | 'shippingFree' | 'taxId';

/**
 * A product as the Store API shows it. Built from a SalesChannelProduct only, so it never carries what
 * a shopper must not see (other channels' visibilities, other currencies' prices, inactive data).
 */
export interface StoreProductJson extends Pick<SalesChannelProduct, CopiedField> {
  translated: { name: string; description: string | null };
  deliveryTimeId: string | null;
  deliveryTime: (ProductDeliveryTime & { translated: { name: string }; apiAlias: 'delivery_time' }) | null;
  manufacturerId: string | null;
  manufacturer: { id: string; name: string; translated: { name: string }; apiAlias: 'product_manufacturer' } | null;
  /** Shopware's ProductMedia: the product_media row with its media. */
  coverId: string | null;
  cover: { id: string; productId: string; mediaId: string; position: number; media: StoreMediaJson; apiAlias: 'product_media' } | null;
  /** Major units of the context currency, for one piece, tax included. */
  calculatedPrice: StorePriceJson;
  /** One piece at each advanced-price tier that applies in the context (quantity tiers). */
  calculatedPrices: Array<StorePriceJson & { quantityStart: number; quantityEnd: number | null }>;
  options?: PropertyOptionJson[];
  properties?: PropertyOptionJson[];
  /** Every product is a physical good here (no downloads). */
  type: 'physical';
  /** The product's main category in the sales channel (Shopware's `seoCategory`); null without one. */
  seoCategory: unknown;
  /** Set when the request asked for `sw-include-seo-urls`: the product's canonical SEO URL in the channel and language. */
  seoUrls?: StoreSeoUrlJson[];
  apiAlias: 'product';
}

/** A CalculatedPrice as the Store API answers it: taxes carry Shopware's `cart_tax_calculated` alias. */
export type StorePriceJson = Omit<CalculatedPriceJson, 'calculatedTaxes'> & {
  calculatedTaxes: Array<CalculatedPriceJson['calculatedTaxes'][number] & { apiAlias: 'cart_tax_calculated' }>;
  apiAlias: 'calculated_price';
};

/** A calculated price in the Store API's shape. */
export function toStorePriceJson(price: CalculatedPriceJson): StorePriceJson {
  return { ...price, calculatedTaxes: price.calculatedTaxes.map((tax) => ({ ...tax, apiAlias: 'cart_tax_calculated' })), apiAlias: 'calculated_price' };
}

export interface StoreProductExtras {
  options?: PropertyOptionJson[];
  properties?: PropertyOptionJson[];
  seoCategory?: unknown;
  /** `sw-include-seo-urls`: the product's SEO URLs (seo/store-seo-urls.ts). */
  seoUrls?: StoreSeoUrlJson[];
}

export function toStoreProductJson(product: SalesChannelProduct, currency: ContextCurrency, extras: StoreProductExtras = {}): StoreProductJson {
  const price = calculateLineItem({ unitPriceMinor: product.calculatedPrice.unitPrice, quantity: 1, taxRate: product.taxRate, taxState: product.calculatedPrice.taxState });
  const cover = product.cover;
  return {
    id: product.id,
    parentId: product.parentId,
    productNumber: product.productNumber,
    name: product.name,
    description: product.description,
    translated: { name: product.name, description: product.description },
    stock: product.stock,
    available: product.available,
    isCloseout: product.isCloseout,
    minPurchase: product.minPurchase,
    maxPurchase: product.maxPurchase,
    purchaseSteps: product.purchaseSteps,
    shippingFree: product.shippingFree,
    taxId: product.taxId,
    deliveryTimeId: product.deliveryTime?.id ?? null,
    deliveryTime: product.deliveryTime ? { ...product.deliveryTime, translated: { name: product.deliveryTime.name }, apiAlias: 'delivery_time' } : null,
    manufacturerId: product.manufacturer?.id ?? null,
    manufacturer: product.manufacturer ? { ...product.manufacturer, translated: { name: product.manufacturer.name }, apiAlias: 'product_manufacturer' } : null,
    coverId: cover?.productMediaId ?? null,
    cover: cover
      ? { id: cover.productMediaId, productId: product.id, mediaId: cover.id, position: 1, media: storeMediaJson(cover.media, cover.mediaBaseUrl), apiAlias: 'product_media' }
      : null,
    calculatedPrice: toStorePriceJson(toCalculatedPriceJson(price, currency.decimals)),
    calculatedPrices: product.calculatedPrices.map((tier) => ({
      ...toStorePriceJson(toCalculatedPriceJson(calculateLineItem({ unitPriceMinor: tier.unitPrice, quantity: 1, taxRate: product.taxRate, taxState: product.calculatedPrice.taxState }), currency.decimals)),
      quantityStart: tier.quantityStart,
      quantityEnd: tier.quantityEnd,
    })),
    ...(extras.options ? { options: extras.options } : {}),
    ...(extras.properties ? { properties: extras.properties } : {}),
    type: 'physical',
    seoCategory: extras.seoCategory ?? null,
    ...(extras.seoUrls ? { seoUrls: extras.seoUrls } : {}),
    apiAlias: 'product',
  };
}

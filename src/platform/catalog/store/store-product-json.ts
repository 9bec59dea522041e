import { calculateLineItem } from '../../checkout/cart/calculation/calculated-price.js';
import { toCalculatedPriceJson, type CalculatedPriceJson } from '../../checkout/cart/calculation/price-json.js';
import type { ContextCurrency } from '../../sales-channel/context/sales-channel-context.js';
import type { PropertyOptionJson } from './property-option-loader.js';
import type { SalesChannelProduct } from './sales-channel-product-loader.js';

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
  manufacturerId: string | null;
  manufacturer: { id: string; name: string; apiAlias: 'product_manufacturer' } | null;
  cover: { mediaId: string; media: { id: string; url: string; alt: string | null; thumbnails: Array<{ width: number; height: number; url: string }>; apiAlias: 'media' }; apiAlias: 'product_media' } | null;
  /** Major units of the context currency, for one piece, tax included. */
  calculatedPrice: CalculatedPriceJson & { apiAlias: 'calculated_price' };
  /** One piece at each advanced-price tier that applies in the context (quantity tiers). */
  calculatedPrices: Array<CalculatedPriceJson & { quantityStart: number; quantityEnd: number | null; apiAlias: 'calculated_price' }>;
  options?: PropertyOptionJson[];
  properties?: PropertyOptionJson[];
  apiAlias: 'product';
}

export function toStoreProductJson(
  product: SalesChannelProduct,
  currency: ContextCurrency,
  extras: { options?: PropertyOptionJson[]; properties?: PropertyOptionJson[] } = {},
): StoreProductJson {
  const price = calculateLineItem({ unitPriceMinor: product.calculatedPrice.unitPrice, quantity: 1, taxRate: product.taxRate });
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
    manufacturerId: product.manufacturer?.id ?? null,
    manufacturer: product.manufacturer ? { ...product.manufacturer, apiAlias: 'product_manufacturer' } : null,
    cover: product.cover
      ? { mediaId: product.cover.id, media: { id: product.cover.id, url: product.cover.url, alt: product.cover.alt, thumbnails: product.cover.thumbnails, apiAlias: 'media' }, apiAlias: 'product_media' }
      : null,
    calculatedPrice: { ...toCalculatedPriceJson(price, currency.decimals), apiAlias: 'calculated_price' },
    calculatedPrices: product.calculatedPrices.map((tier) => ({
      ...toCalculatedPriceJson(calculateLineItem({ unitPriceMinor: tier.unitPrice, quantity: 1, taxRate: product.taxRate }), currency.decimals),
      quantityStart: tier.quantityStart,
      quantityEnd: tier.quantityEnd,
      apiAlias: 'calculated_price',
    })),
    ...(extras.options ? { options: extras.options } : {}),
    ...(extras.properties ? { properties: extras.properties } : {}),
    apiAlias: 'product',
  };
}

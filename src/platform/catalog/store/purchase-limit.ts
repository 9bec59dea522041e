import type { Db } from '../../database/connection.js';
import type { UnitOfWork } from '../../database/transaction.js';
import { MAX_LINE_ITEM_QUANTITY } from '../../checkout/cart/purchase-limits.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { PRODUCT_VISIBILITY } from '../entities.js';
import { loadSalesChannelProducts } from './sales-channel-product-loader.js';

export interface ProductPurchaseLimit {
  productId: string;
  minPurchase: number;
  purchaseSteps: number;
  /** The most a cart takes now: the product's maximum, the stock of a closeout product, the cart's limit. */
  maxPurchase: number;
  /** The stock that bounds the quantity (closeout products); null when stock does not limit it. */
  stock: number | null;
  apiAlias: 'product_purchase_limit';
}

/**
 * The quantity rules a product page shows, as the cart applies them (checkout/cart/purchase-limits.ts):
 * for each product the channel sells, in the order asked; others are left out.
 */
export async function loadPurchaseLimits(within: Db | UnitOfWork, context: SalesChannelContext, ids: string[]): Promise<ProductPurchaseLimit[]> {
  const products = await loadSalesChannelProducts(within, context, ids, { minVisibility: PRODUCT_VISIBILITY.LINK });
  return products.map((product) => {
    const ownMax = product.maxPurchase !== null && product.maxPurchase >= product.minPurchase ? product.maxPurchase : MAX_LINE_ITEM_QUANTITY;
    const stockLimit = product.isCloseout ? Math.max(product.stock, 0) : null;
    return {
      productId: product.id,
      minPurchase: product.minPurchase,
      purchaseSteps: product.purchaseSteps,
      maxPurchase: Math.min(ownMax, MAX_LINE_ITEM_QUANTITY, stockLimit ?? Infinity),
      stock: stockLimit,
      apiAlias: 'product_purchase_limit',
    };
  });
}

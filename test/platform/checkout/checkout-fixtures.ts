import { systemContext } from '../../../src/platform/acl/context.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { CURRENCY_DEFAULT, defaultShopId } from '../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../src/platform/ids.js';
import type { Platform } from '../../../src/platform/kernel.js';
import type { PaymentHandler } from '../../../src/platform/checkout/payment/payment-handler.js';
import { stateOf } from '../state-machine/fixtures.js';
import type { StoreApiClient } from '../store-api/store-api-client.js';

export const TAX_STANDARD = defaultShopId('tax', 'standard');
export const TAX_REDUCED = defaultShopId('tax', 'reduced');
export const INVOICE_METHOD_ID = defaultShopId('payment_method', 'payment_invoicepayment');
export const STANDARD_SHIPPING_ID = defaultShopId('shipping_method', 'standard');
export const RWF = defaultShopId('currency', 'RWF');
export const KWD = defaultShopId('currency', 'KWD');
export const USD = defaultShopId('currency', 'USD');

export interface TestProductOptions {
  /** Gross EUR price (major units). */
  gross?: number;
  taxId?: string;
  stock?: number;
  isCloseout?: boolean;
  minPurchase?: number;
  maxPurchase?: number;
  purchaseSteps?: number;
  shippingFree?: boolean;
  name?: string;
  /** Extra price entries, e.g. an own USD price. */
  prices?: Array<{ currencyId: string; gross: number; net: number; linked: boolean }>;
}

/** An active product visible everywhere in the default sales channel; returns its id. */
export async function createProduct(platform: Platform, options: TestProductOptions = {}): Promise<string> {
  const id = newId();
  const gross = options.gross ?? 10;
  await transaction(platform.db, async (uow) => {
    await platform.repositories.get('product').create(
      {
        id,
        productNumber: `SW-${id.slice(0, 10)}`,
        name: options.name ?? `Product ${id.slice(0, 6)}`,
        active: true,
        taxId: options.taxId ?? TAX_STANDARD,
        price: [{ currencyId: CURRENCY_DEFAULT, gross, net: gross, linked: true }, ...(options.prices ?? [])],
        stock: options.stock ?? 100,
        isCloseout: options.isCloseout ?? false,
        minPurchase: options.minPurchase ?? 1,
        ...(options.maxPurchase !== undefined ? { maxPurchase: options.maxPurchase } : {}),
        purchaseSteps: options.purchaseSteps ?? 1,
        shippingFree: options.shippingFree ?? false,
      },
      systemContext,
      uow,
    );
    await platform.repositories.get('product_visibility').create({ productId: id, salesChannelId: DEFAULT_SALES_CHANNEL_ID, visibility: 30 }, systemContext, uow);
  });
  return id;
}

/**
 * A payment method of the default sales channel whose handler is `handler`, registered on the platform
 * under a fresh identifier; returns the method id.
 */
export async function createPaymentMethod(platform: Platform, handler: PaymentHandler, name = 'Test payment'): Promise<string> {
  const id = newId();
  const identifier = `test_${id.slice(0, 8)}`;
  platform.payments.register({ identifier, handler });
  await transaction(platform.db, async (uow) => {
    await platform.repositories
      .get('payment_method')
      .create({ id, technicalName: `payment_${identifier}`, name, handlerIdentifier: identifier, active: true }, systemContext, uow);
    await uow.db.insertInto('sales_channel_payment_method').values({ sales_channel_id: DEFAULT_SALES_CHANNEL_ID, payment_method_id: id }).execute();
  });
  return id;
}

/** The technical name of an order transaction's state. */
export function transactionState(platform: Platform, orderTransactionId: string): Promise<string> {
  return stateOf(platform, 'order_transaction', orderTransactionId);
}

export async function productStock(platform: Platform, productId: string): Promise<number> {
  const row = await platform.db.selectFrom('product').select('stock').where('id', '=', productId).executeTakeFirstOrThrow();
  return Number(row.stock);
}

/** A customer's order through the Store API: one new product (5.00, in stock) in the token's cart, then checkout; the order id. */
export async function placeStoreApiOrder(platform: Platform, client: StoreApiClient, token: string): Promise<string> {
  const product = await createProduct(platform, { gross: 5, stock: 10 });
  await client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: product, quantity: 1 }] } });
  return (await client.storeApi('POST', '/store-api/checkout/order', { token, body: {} })).json().id;
}

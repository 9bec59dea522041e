import type { PriceEntry } from '../../../src/platform/catalog/price-field.js';
import type { Db } from '../../../src/platform/database/connection.js';
import { CURRENCY_DEFAULT, defaultShopCurrencyId, defaultShopId } from '../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../src/platform/ids.js';
import type { Platform } from '../../../src/platform/kernel.js';
import type { SalesChannelContext } from '../../../src/platform/sales-channel/context/sales-channel-context.js';

export const TAX_STANDARD = defaultShopId('tax', 'standard');
export const HOME_CATEGORY = defaultShopId('category', 'home');

export const eur = (gross: number, net = gross): PriceEntry[] => [{ currencyId: CURRENCY_DEFAULT, gross, net, linked: true }];

export interface ProductInput {
  id?: string;
  parentId?: string | null;
  productNumber?: string;
  name?: string | null;
  description?: string | null;
  price?: PriceEntry[] | null;
  stock?: number;
  taxId?: string | null;
  manufacturerId?: string | null;
  active?: boolean | null;
  isCloseout?: boolean;
  coverId?: string | null;
  /** visibilities per sales channel; default: 30 in the default channel (none for variants) */
  visibilities?: Array<{ salesChannelId?: string; visibility: 10 | 20 | 30 }>;
  categoryIds?: string[];
  createdAt?: Date;
}

/** Inserts a product row (plus visibilities and category links) directly: fixtures, not API behaviour. */
export async function insertProduct(db: Db, input: ProductInput = {}): Promise<string> {
  const id = input.id ?? newId();
  const isVariant = input.parentId != null;
  await db
    .insertInto('product')
    .values({
      id,
      parent_id: input.parentId ?? null,
      product_number: input.productNumber ?? `SW-${id.slice(0, 12)}`,
      name: input.name === undefined ? (isVariant ? null : `Product ${id.slice(0, 6)}`) : input.name,
      description: input.description ?? null,
      price: input.price === undefined ? (isVariant ? null : JSON.stringify(eur(10))) : input.price === null ? null : JSON.stringify(input.price),
      stock: input.stock ?? 10,
      tax_id: input.taxId === undefined ? (isVariant ? null : TAX_STANDARD) : input.taxId,
      manufacturer_id: input.manufacturerId ?? null,
      active: input.active === undefined ? (isVariant ? null : true) : input.active,
      is_closeout: input.isCloseout ?? false,
      cover_id: null,
      ...(input.createdAt ? { created_at: input.createdAt } : {}),
    })
    .execute();
  const visibilities = input.visibilities ?? (isVariant ? [] : [{ visibility: 30 as const }]);
  for (const v of visibilities) {
    await db
      .insertInto('product_visibility')
      .values({ id: newId(), product_id: id, sales_channel_id: v.salesChannelId ?? DEFAULT_SALES_CHANNEL_ID, visibility: v.visibility })
      .execute();
  }
  for (const categoryId of input.categoryIds ?? []) {
    await db.insertInto('product_category').values({ product_id: id, category_id: categoryId }).execute();
  }
  return id;
}

/** A media row with a stored path and a product_media making it the product's cover. */
export async function insertCover(db: Db, productId: string, path: string, alt: string | null = null, metaData: unknown = null): Promise<{ mediaId: string; productMediaId: string }> {
  const mediaId = newId();
  const productMediaId = newId();
  await db.insertInto('media').values({ id: mediaId, path, alt, mime_type: 'image/png', file_extension: 'png', file_name: 'cover', meta_data: metaData === null ? null : JSON.stringify(metaData) }).execute();
  await db.insertInto('product_media').values({ id: productMediaId, product_id: productId, media_id: mediaId, position: 1 }).execute();
  await db.updateTable('product').set({ cover_id: productMediaId }).where('id', '=', productId).execute();
  return { mediaId, productMediaId };
}

export interface CategoryInput {
  id?: string;
  parentId?: string | null;
  afterCategoryId?: string | null;
  name?: string;
  active?: boolean;
  visible?: boolean;
  displayNestedProducts?: boolean;
  type?: 'page' | 'link' | 'folder';
}

export async function insertCategory(db: Db, input: CategoryInput = {}): Promise<string> {
  const id = input.id ?? newId();
  await db
    .insertInto('category')
    .values({
      id,
      parent_id: input.parentId === undefined ? HOME_CATEGORY : input.parentId,
      after_category_id: input.afterCategoryId ?? null,
      name: input.name ?? `Category ${id.slice(0, 6)}`,
      active: input.active ?? true,
      visible: input.visible ?? true,
      display_nested_products: input.displayNestedProducts ?? true,
      type: input.type ?? 'page',
    })
    .execute();
  return id;
}

export interface GuestContextOptions {
  /** Default: the default storefront channel. */
  salesChannelId?: string;
  /** A currency of the default shop (`USD`, `RWF`...) chosen as a visitor would; default: the channel's. */
  currency?: string;
}

/** A new visitor's context, built by the platform's own context service (in-process, no HTTP). */
export async function guestContext(platform: Platform, options: GuestContextOptions = {}): Promise<SalesChannelContext> {
  const salesChannelId = options.salesChannelId ?? DEFAULT_SALES_CHANNEL_ID;
  const channel = await platform.salesChannelContexts.salesChannelById(salesChannelId);
  if (!channel) throw new Error(`sales channel ${salesChannelId} missing`);
  const context = await platform.salesChannelContexts.load(channel, undefined);
  return options.currency ? platform.salesChannelContexts.switchChoices(context, { currencyId: defaultShopCurrencyId(options.currency) }) : context;
}

/** A second sales channel (copy of the default one with its own access key and navigation category). */
export async function insertSalesChannel(db: Db, navigationCategoryId: string): Promise<{ id: string; accessKey: string }> {
  const base = await db.selectFrom('sales_channel').selectAll().where('id', '=', DEFAULT_SALES_CHANNEL_ID).executeTakeFirstOrThrow();
  const id = newId();
  const accessKey = `SWSC${newId().slice(0, 22).toUpperCase()}`;
  const { id: _id, access_key: _key, created_at: _c, updated_at: _u, ...rest } = base as Record<string, unknown>;
  await db
    .insertInto('sales_channel')
    .values({ ...rest, id, access_key: accessKey, name: `Channel ${id.slice(0, 6)}`, navigation_category_id: navigationCategoryId, custom_fields: null })
    .execute();
  return { id, accessKey };
}

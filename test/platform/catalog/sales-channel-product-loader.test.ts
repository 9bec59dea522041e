import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { loadSalesChannelProducts } from '../../../src/platform/catalog/store/sales-channel-product-loader.js';
import { newId } from '../../../src/platform/ids.js';
import { CURRENCY_DEFAULT, defaultShopCurrencyId } from '../../../src/platform/first-start/default-ids.js';
import type { SalesChannelContext } from '../../../src/platform/sales-channel/context/sales-channel-context.js';
import { eur, guestContext, HOME_CATEGORY, insertCover, insertProduct, insertSalesChannel } from './catalog-fixtures.js';

describe('loadSalesChannelProducts', () => {
  let t: TestPlatform;
  let context: SalesChannelContext;
  beforeAll(async () => {
    t = await createTestPlatform();
    context = await guestContext(t.platform);
  });
  afterAll(() => t.close());

  const load = (ids: string[], minVisibility?: 10 | 20 | 30, ctx = context) => loadSalesChannelProducts(t.platform.db, ctx, ids, { minVisibility });
  const loadIds = async (ids: string[], minVisibility?: 10 | 20 | 30) => (await load(ids, minVisibility)).map((p) => p.id);

  it('resolves a simple product with its price in minor units, tax rate, manufacturer and cover', async () => {
    const manufacturerId = newId();
    await t.platform.db.insertInto('product_manufacturer').values({ id: manufacturerId, name: 'Acme' }).execute();
    const id = await insertProduct(t.platform.db, { name: 'Shirt', description: 'Blue', price: eur(19.99, 16.8), manufacturerId, stock: 3 });
    const cover = await insertCover(t.platform.db, id, '2024/05/abc/shirt.png', 'A shirt');
    const [product] = await loadSalesChannelProducts(t.platform.db, context, [id], { mediaBaseUrl: 'https://shop.example' });
    expect(product).toEqual({
      id,
      parentId: null,
      productNumber: expect.any(String),
      name: 'Shirt',
      description: 'Blue',
      stock: 3,
      available: true,
      isCloseout: false,
      minPurchase: 1,
      maxPurchase: null,
      metaTitle: null,
      metaDescription: null,
      purchaseSteps: 1,
      shippingFree: false,
      deliveryTime: null,
      layout: null,
      taxId: expect.any(String),
      taxRate: '19',
      manufacturer: { id: manufacturerId, name: 'Acme' },
      // stored before sizes were recorded: no thumbnails, no srcset
      cover: {
        id: cover.mediaId,
        productMediaId: cover.productMediaId,
        url: 'https://shop.example/media/2024/05/abc/shirt.png',
        alt: 'A shirt',
        width: null,
        height: null,
        thumbnails: [],
        srcset: '',
        media: expect.objectContaining({ id: cover.mediaId, path: '2024/05/abc/shirt.png', file_name: 'cover', file_extension: 'png' }),
        mediaBaseUrl: 'https://shop.example',
      },
      calculatedPrice: { unitPrice: 1999, currencyId: CURRENCY_DEFAULT, taxState: 'gross', listPrice: null },
      calculatedPrices: [],
      price: { currencyId: CURRENCY_DEFAULT, gross: 19.99, net: 16.8, linked: true },
    });
  });

  it('applies the minimum visibility and ignores other channels', async () => {
    const byLink = await insertProduct(t.platform.db, { visibilities: [{ visibility: 10 }] });
    const bySearch = await insertProduct(t.platform.db, { visibilities: [{ visibility: 20 }] });
    const everywhere = await insertProduct(t.platform.db, { visibilities: [{ visibility: 30 }] });
    const nowhere = await insertProduct(t.platform.db, { visibilities: [] });
    const other = await insertSalesChannel(t.platform.db, HOME_CATEGORY);
    const elsewhere = await insertProduct(t.platform.db, { visibilities: [{ salesChannelId: other.id, visibility: 30 }] });
    const all = [byLink, bySearch, everywhere, nowhere, elsewhere];
    expect(await loadIds(all)).toEqual([byLink, bySearch, everywhere]);
    expect(await loadIds(all, 20)).toEqual([bySearch, everywhere]);
    expect(await loadIds(all, 30)).toEqual([everywhere]);
  });

  it('leaves out inactive, unpriced, unknown and malformed ids; keeps the order asked for, once each', async () => {
    const inactive = await insertProduct(t.platform.db, { active: false });
    const unpriced = await insertProduct(t.platform.db, { price: null });
    const noTax = await insertProduct(t.platform.db, { taxId: null });
    const a = await insertProduct(t.platform.db);
    const b = await insertProduct(t.platform.db);
    expect(await loadIds([b, inactive, 'not-an-id', newId(), unpriced, noTax, a, b])).toEqual([b, a]);
  });

  it('a product created without `active` is on sale', async () => {
    const unset = await insertProduct(t.platform.db, { active: null });
    expect(await loadIds([unset])).toEqual([unset]);
  });

  it('variants inherit name, price, tax, manufacturer, active, cover and visibilities from the parent', async () => {
    const manufacturerId = newId();
    await t.platform.db.insertInto('product_manufacturer').values({ id: manufacturerId, name: 'Parent brand' }).execute();
    const parent = await insertProduct(t.platform.db, { name: 'Parent', description: 'Parent text', price: eur(50), manufacturerId, visibilities: [{ visibility: 20 }] });
    const cover = await insertCover(t.platform.db, parent, 'p/cover.png', null, { width: 500, height: 250, thumbnails: [{ width: 200, height: 100, path: 'p/thumbnails/cover_200x100.webp' }] });
    const plain = await insertProduct(t.platform.db, { parentId: parent });
    const own = await insertProduct(t.platform.db, { parentId: parent, name: 'Own name', price: eur(60), stock: 0, isCloseout: true, visibilities: [{ visibility: 30 }] });
    const [inherited, overridden] = await load([plain, own]);
    expect(inherited).toMatchObject({
      id: plain,
      parentId: parent,
      name: 'Parent',
      description: 'Parent text',
      taxRate: '19',
      manufacturer: { id: manufacturerId, name: 'Parent brand' },
      cover: {
        id: cover.mediaId,
        url: '/media/p/cover.png',
        alt: null,
        width: 500,
        height: 250,
        thumbnails: [{ width: 200, height: 100, url: '/media/p/thumbnails/cover_200x100.webp' }],
        srcset: '/media/p/thumbnails/cover_200x100.webp 200w, /media/p/cover.png 500w',
      },
      calculatedPrice: { unitPrice: 5000 },
      available: true,
    });
    expect(overridden).toMatchObject({ id: own, name: 'Own name', calculatedPrice: { unitPrice: 6000 }, available: false, isCloseout: true });
    // the variant without rows of its own sees the parent's 20; the other one its own 30
    expect(await loadIds([plain, own], 30)).toEqual([own]);
    expect(await loadIds([plain, own], 20)).toEqual([plain, own]);
  });

  it('a parent with variants is a container, never sellable itself (cart, detail): only its variants load', async () => {
    const parent = await insertProduct(t.platform.db, { name: 'T-shirt', price: eur(20) });
    const variant = await insertProduct(t.platform.db, { parentId: parent });
    expect(await loadIds([parent, variant])).toEqual([variant]);
    // also when the merchant switched every variant off: the container must not become buyable
    await t.platform.db.updateTable('product').set({ active: false }).where('id', '=', variant).execute();
    expect(await loadIds([parent, variant])).toEqual([]);
  });

  it('a variant with active NULL follows its parent; its own value wins', async () => {
    const parent = await insertProduct(t.platform.db, { active: false, visibilities: [{ visibility: 30 }] });
    const following = await insertProduct(t.platform.db, { parentId: parent, active: null });
    const activeVariant = await insertProduct(t.platform.db, { parentId: parent, active: true });
    expect(await loadIds([parent, following, activeVariant])).toEqual([activeVariant]);
  });

  it('converts the default price with the currency factor and rounds to the currency decimals', async () => {
    const id = await insertProduct(t.platform.db, { price: eur(19.99) });
    const usd = await guestContext(t.platform, { currency: 'USD' });
    const rwf = await guestContext(t.platform, { currency: 'RWF' });
    const kwd = await guestContext(t.platform, { currency: 'KWD' });
    // 19.99 x 1.08 = 21.5892 -> 21.59
    expect((await load([id], 10, usd))[0]!.calculatedPrice).toEqual({ unitPrice: 2159, currencyId: defaultShopCurrencyId('USD'), taxState: 'gross', listPrice: null });
    // 19.99 x 1450 = 28985.5 -> 28986 (0 decimals, half-up)
    expect((await load([id], 10, rwf))[0]!.calculatedPrice.unitPrice).toBe(28986);
    // 19.99 x 0.33 = 6.5967 (3 decimals)
    expect((await load([id], 10, kwd))[0]!.calculatedPrice.unitPrice).toBe(6597);
    // the raw entry is the default currency's
    expect((await load([id], 10, rwf))[0]!.price.currencyId).toBe(CURRENCY_DEFAULT);
  });

  it('takes an explicit price in the context currency as is', async () => {
    const id = await insertProduct(t.platform.db, {
      price: [...eur(19.99), { currencyId: defaultShopCurrencyId('RWF'), gross: 30000, net: 25210, linked: true }],
    });
    const rwf = await guestContext(t.platform, { currency: 'RWF' });
    const [product] = await load([id], 10, rwf);
    expect(product!.calculatedPrice.unitPrice).toBe(30000);
    expect(product!.price).toEqual({ currencyId: defaultShopCurrencyId('RWF'), gross: 30000, net: 25210, linked: true });
  });

  it('reports a decimal tax rate exactly', async () => {
    const taxId = newId();
    await t.platform.db.insertInto('tax').values({ id: taxId, name: 'Swiss', tax_rate: '7.7' }).execute();
    const id = await insertProduct(t.platform.db, { taxId });
    expect((await load([id]))[0]!.taxRate).toBe('7.7');
  });

  it('works inside a unit of work', async () => {
    const id = await insertProduct(t.platform.db);
    const { transaction } = await import('../../../src/platform/database/transaction.js');
    const loaded = await transaction(t.platform.db, (uow) => loadSalesChannelProducts(uow, context, [id]));
    expect(loaded.map((p) => p.id)).toEqual([id]);
  });
});

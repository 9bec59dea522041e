import type { Db } from '../../../../src/platform/database/connection.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { defaultShopId, LANGUAGE_SYSTEM } from '../../../../src/platform/first-start/default-ids.js';
import { newId } from '../../../../src/platform/ids.js';
import { eur, insertCategory, insertCover, insertProduct } from '../../catalog/catalog-fixtures.js';

/** The ids of the catalogue the contract suite reads: every kind of record a core operation shows. */
export interface ContractCatalogue {
  clothing: string;
  shirts: string;
  summer: string;
  footer: string;
  imprint: string;
  manufacturer: string;
  color: string;
  red: string;
  blue: string;
  size: string;
  small: string;
  medium: string;
  cotton: string;
  shirt: string;
  redSmall: string;
  blueMedium: string;
  mug: string;
  mugMedia: string;
  crossSelling: string;
  landingPage: string;
  /** A layout with a text, an image, a product box, a product slider and a product listing, shown by the landing page. */
  layout: string;
  berlin: string;
  approvedReviews: number;
}

/**
 * A small catalogue: a three-level category tree below the channel's home and a footer navigation, a
 * shirt with two variants (color and size options, a material property, reviews), a shipping-free mug
 * with a cover and a cross-selling, a landing page, a state of Germany and a customer group shoppers may
 * register into. Rows are written directly: fixtures, not API behaviour.
 */
export async function seedContractCatalogue(db: Db): Promise<ContractCatalogue> {
  const clothing = await insertCategory(db, { name: 'Clothing' });
  const shirts = await insertCategory(db, { name: 'Shirts', parentId: clothing });
  const summer = await insertCategory(db, { name: 'Summer', parentId: shirts });
  const footer = await insertCategory(db, { name: 'Footer', parentId: null });
  const imprint = await insertCategory(db, { name: 'Imprint', parentId: footer });
  await db.updateTable('sales_channel').set({ footer_category_id: footer }).where('id', '=', DEFAULT_SALES_CHANNEL_ID).execute();

  const manufacturer = newId();
  await db.insertInto('product_manufacturer').values({ id: manufacturer, name: 'Acme' }).execute();
  const group = async (name: string, options: string[], sortingType = 'alphanumeric') => {
    const id = newId();
    await db.insertInto('property_group').values({ id, name, sorting_type: sortingType }).execute();
    const ids: string[] = [];
    for (const [index, option] of options.entries()) {
      const optionId = newId();
      await db.insertInto('property_group_option').values({ id: optionId, group_id: id, name: option, position: index + 1 }).execute();
      ids.push(optionId);
    }
    return [id, ...ids] as const;
  };
  const [color, red, blue] = await group('Color', ['Red', 'Blue']);
  const [size, small, medium] = await group('Size', ['S', 'M'], 'position');
  const [, cotton] = await group('Material', ['Cotton']);

  const shirt = await insertProduct(db, { name: 'Shirt', price: eur(25), manufacturerId: manufacturer, categoryIds: [shirts] });
  await db.insertInto('product_property').values({ product_id: shirt, property_group_option_id: cotton }).execute();
  const redSmall = await insertProduct(db, { parentId: shirt, productNumber: `SHIRT-RS-${shirt.slice(0, 6)}` });
  const blueMedium = await insertProduct(db, { parentId: shirt, productNumber: `SHIRT-BM-${shirt.slice(0, 6)}`, price: eur(27) });
  for (const [variant, options] of [
    [redSmall, [red, small]],
    [blueMedium, [blue, medium]],
  ] as const) {
    for (const option of options) await db.insertInto('product_option').values({ product_id: variant, property_group_option_id: option }).execute();
  }

  const mug = await insertProduct(db, { name: 'Mug', price: eur(9.5), categoryIds: [clothing] });
  // the mug has a delivery time of its own (the product answers carry it as deliveryTime)
  const deliveryTime = newId();
  await db.insertInto('delivery_time').values({ id: deliveryTime, name: '1-3 days', min: 1, max: 3, unit: 'day' }).execute();
  await db.updateTable('product').set({ shipping_free: true, delivery_time_id: deliveryTime }).where('id', '=', mug).execute();
  const { mediaId: mugMedia } = await insertCover(db, mug, 'media/ab/mug.png', 'A mug', { width: 800, height: 600, thumbnails: [{ width: 400, height: 300, path: 'thumbnail/ab/mug_400x300.webp' }] });

  let approvedReviews = 0;
  for (const [points, status] of [
    [4, true],
    [5, true],
    [1, false],
  ] as const) {
    await db
      .insertInto('product_review')
      .values({
        id: newId(),
        product_id: points === 5 ? redSmall : shirt,
        sales_channel_id: DEFAULT_SALES_CHANNEL_ID,
        language_id: LANGUAGE_SYSTEM,
        title: `Rated ${points}`,
        content: 'A review long enough to say something about the shirt.',
        points,
        status,
        external_user: 'Ada',
        external_email: 'ada@example.com',
      })
      .execute();
    if (status) approvedReviews += 1;
  }

  const crossSelling = newId();
  await db.insertInto('product_cross_selling').values({ id: crossSelling, product_id: mug, name: 'Goes well with', position: 1 }).execute();
  await db.insertInto('product_cross_selling_assigned_products').values({ id: newId(), cross_selling_id: crossSelling, product_id: redSmall, position: 1 }).execute();

  const layout = newId();
  const section = newId();
  await db.insertInto('cms_page').values({ id: layout, name: 'Summer sale layout', type: 'landingpage' }).execute();
  await db.insertInto('cms_section').values({ id: section, cms_page_id: layout, position: 0, type: 'default' }).execute();
  const stat = (value: unknown) => ({ source: 'static', value });
  const elements: Array<[string, Record<string, unknown>]> = [
    ['text', { content: stat('<h2>Summer sale</h2>') }],
    ['image', { media: stat(mugMedia) }],
    ['product-box', { product: stat(mug) }],
    ['product-slider', { products: stat([mug, redSmall]) }],
    ['product-listing', {}],
  ];
  for (const [position, [type, config]] of elements.entries()) {
    const block = newId();
    await db.insertInto('cms_block').values({ id: block, cms_section_id: section, position, type }).execute();
    await db.insertInto('cms_slot').values({ id: newId(), cms_block_id: block, type, slot: 'content', config: JSON.stringify(config) }).execute();
  }

  // the mug's product page layout: the elements bound to the page's product
  const productLayout = newId();
  const productSection = newId();
  await db.insertInto('cms_page').values({ id: productLayout, name: 'Mug page', type: 'product_detail' }).execute();
  await db.insertInto('cms_section').values({ id: productSection, cms_page_id: productLayout, position: 0, type: 'default' }).execute();
  const productElements: Array<[string, Record<string, unknown>]> = [
    ['image-gallery', { sliderItems: { source: 'mapped', value: 'product.media' } }],
    ['buy-box', {}],
    ['product-description-reviews', {}],
    ['cross-selling', {}],
  ];
  for (const [position, [type, config]] of productElements.entries()) {
    const block = newId();
    await db.insertInto('cms_block').values({ id: block, cms_section_id: productSection, position, type }).execute();
    await db.insertInto('cms_slot').values({ id: newId(), cms_block_id: block, type, slot: 'content', config: JSON.stringify(config) }).execute();
  }
  await db.updateTable('product').set({ cms_page_id: productLayout }).where('id', '=', mug).execute();

  const landingPage = newId();
  await db.insertInto('landing_page').values({ id: landingPage, name: 'Summer sale', url: 'summer-sale', active: true, cms_page_id: layout }).execute();
  await db.insertInto('landing_page_sales_channel').values({ landing_page_id: landingPage, sales_channel_id: DEFAULT_SALES_CHANNEL_ID }).execute();

  const berlin = newId();
  await db.insertInto('country_state').values({ id: berlin, country_id: defaultShopId('country', 'DE'), short_code: `DE-BE-${berlin.slice(0, 4)}`, name: 'Berlin' }).execute();

  const standardGroup = defaultShopId('customer_group', 'standard');
  await db.updateTable('customer_group').set({ registration_active: true, registration_title: 'Register as a customer' }).where('id', '=', standardGroup).execute();
  await db.insertInto('customer_group_registration_sales_channels').values({ customer_group_id: standardGroup, sales_channel_id: DEFAULT_SALES_CHANNEL_ID }).execute();

  return {
    clothing,
    shirts,
    summer,
    footer,
    imprint,
    manufacturer,
    color,
    red,
    blue,
    size,
    small,
    medium,
    cotton,
    shirt,
    redSmall,
    blueMedium,
    mug,
    mugMedia,
    crossSelling,
    landingPage,
    layout,
    berlin,
    approvedReviews,
  };
}

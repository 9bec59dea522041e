import type { BenchClient } from './loopback-client.js';
import type { Platform } from '../src/platform/kernel.js';
import { loadBlueprint } from '../src/extensions/demo-data/blueprint/load-blueprint.js';
import { resolveSeedOptions } from '../src/extensions/demo-data/options.js';
import { seedDemoData } from '../src/extensions/demo-data/seed/seed-demo-data.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../src/platform/first-start/default-shop.js';
import { newId } from '../src/platform/ids.js';
import { adminToken } from './fixtures.js';
import { compared, measure, type Row } from './measure.js';

const TARGET = 'p50 < 100 ms';

/**
 * Storefront pages of the demo catalogue's flagship channel (the default storefront, with images): home,
 * a top category, a leaf category, a product with variants, a search, suggestions and a cart. The
 * baseline is the 404 page: the layout with its navigation and nothing of the catalogue.
 */
export async function storefrontCases(platform: Platform, http: BenchClient, notes: (line: string) => void): Promise<Row[]> {
  const host = platform.extensions.hostOf('ExtDemoData');
  const blueprint = await loadBlueprint();
  const resolved = resolveSeedOptions({ channels: ['flagship'], skipOrders: true }, blueprint);
  if (!resolved.ok) throw new Error('flagship options refused');
  const seedStart = performance.now();
  const seeded = await seedDemoData(host, blueprint, resolved.options);
  notes(`storefront: flagship catalogue with images seeded (${seeded.rowsWritten} rows) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const db = platform.db;
  const channel = await db.selectFrom('sales_channel').select('navigation_category_id').where('id', '=', DEFAULT_SALES_CHANNEL_ID).executeTakeFirstOrThrow();
  const top = await db.selectFrom('category').select('id').where('parent_id', '=', channel.navigation_category_id as string).orderBy('name').executeTakeFirstOrThrow();
  const leaf = await db
    .selectFrom('category as c')
    .select('c.id')
    .where('c.id', 'in', db.selectFrom('product_category').select('category_id'))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('category as child').select('child.id').whereRef('child.parent_id', '=', 'c.id'))))
    .orderBy('c.id')
    .executeTakeFirstOrThrow();
  const parent = await db
    .selectFrom('product')
    .select(['id', 'name'])
    .where('product_number', 'like', 'DEMO-FLG%')
    .where((eb) => eb.exists(eb.selectFrom('product as variant').select('variant.id').whereRef('variant.parent_id', '=', 'product.id')))
    .orderBy('product_number')
    .executeTakeFirstOrThrow();
  const word = String(parent.name).split(' ')[0]!;

  const page = (url: string, cookie?: string) => async () => {
    const response = await http.request({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
    if (response.statusCode >= 500) throw new Error(`${url}: ${response.statusCode}`);
    return response;
  };
  const notFound = await measure('storefront 404 page (layout and navigation only)', 100, page('/no-such-page'));

  // a cart of three demo products, through the storefront's own form (the CSRF token belongs to the session)
  const variants = await db.selectFrom('product').select('id').where('product_number', 'like', 'DEMO-FLG%').where('parent_id', 'is not', null).orderBy('product_number').limit(3).execute();
  const jar = new Map<string, string>();
  const cookieOf = (response: { headers: Record<string, unknown> }) => {
    const set = response.headers['set-cookie'];
    for (const line of Array.isArray(set) ? set : set ? [String(set)] : []) {
      const [pair] = String(line).split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  };
  let cookie = '';
  for (const variant of variants) {
    const form = await http.request({ method: 'GET', url: `/detail/${variant.id}`, headers: { accept: 'text/html', cookie } });
    cookie = cookieOf(form);
    const csrf = /name="_csrf_token" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
    const added = await http.request({
      method: 'POST',
      url: '/checkout/line-item/add',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ productId: variant.id as string, quantity: '1', _csrf_token: csrf }).toString(),
    });
    // the first write stores the context under a new token
    cookie = cookieOf(added);
  }
  const cart = await page('/checkout/cart', cookie)();
  const items = cart.body.split('remove-button').length - 1;
  if (items !== variants.length) throw new Error(`the bench cart holds ${items} items, not ${variants.length}`);

  const cases: Array<[string, string, string?]> = [
    ['GET / (home, demo catalogue)', '/'],
    ['GET /navigation/{top category}', `/navigation/${top.id}`],
    ['GET /navigation/{leaf category}', `/navigation/${leaf.id}`],
    ['GET /detail/{product with variants}', `/detail/${parent.id}`],
    [`GET /search?search=${word}`, `/search?search=${encodeURIComponent(word)}`],
    [`GET /suggest?search=${word}`, `/suggest?search=${encodeURIComponent(word)}`],
    ['GET /checkout/cart (3 items)', '/checkout/cart', cookie],
  ];
  const rows: Row[] = [notFound];
  for (const [name, url, session] of cases) rows.push(compared(await measure(name, 100, page(url, session)), notFound, TARGET));

  // a home page composed of 20 slots (Shopping Experiences), assigned to the channel's navigation category
  const layoutId = await insertTwentySlotLayout(platform, http);
  await db.updateTable('category').set({ cms_page_id: layoutId }).where('id', '=', channel.navigation_category_id as string).execute();
  try {
    const home = await page('/')();
    if (!home.body.includes('cms-section')) throw new Error('the home page did not draw the 20-slot layout');
    rows.push(compared(await measure('GET / (home with a 20-slot layout)', 100, page('/')), notFound, TARGET));
  } finally {
    await db.updateTable('category').set({ cms_page_id: null }).where('id', '=', channel.navigation_category_id as string).execute();
  }
  return rows;
}

/**
 * A layout of 20 slots through the Admin API, as a merchant would compose a home page: per round an image
 * slider of three demo images, a text, a product slider of eight demo products, a product box and an image.
 */
async function insertTwentySlotLayout(platform: Platform, http: BenchClient): Promise<string> {
  const db = platform.db;
  const media = (await db.selectFrom('media').select('id').where('path', 'is not', null).orderBy('id').limit(3).execute()).map((row) => row.id as string);
  const products = (await db.selectFrom('product').select('id').where('product_number', 'like', 'DEMO-FLG%').where('parent_id', 'is', null).orderBy('product_number').limit(8).execute()).map((row) => row.id as string);
  const stat = (value: unknown) => ({ source: 'static', value });
  const round: Array<[string, Record<string, unknown>]> = [
    ['image-slider', { sliderItems: stat(media.map((mediaId) => ({ mediaId, url: null }))) }],
    ['text', { content: stat('<h2>Autumn in the shop</h2><p>New arrivals every week.</p>') }],
    ['product-slider', { products: stat(products) }],
    ['product-box', { product: stat(products[0]) }],
    ['image', { media: stat(media[0]) }],
  ];
  const slots = Array.from({ length: 4 }, () => round).flat();
  const id = newId();
  const body = {
    id,
    name: 'Bench home (20 slots)',
    type: 'landingpage',
    sections: [{ position: 0, type: 'default', blocks: slots.map(([type, config], position) => ({ position, type, slots: [{ type, slot: 'content', config }] })) }],
  };
  const token = await adminToken(http, platform.env.adminPassword);
  const written = await http.request({ method: 'POST', url: '/api/cms-page', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  if (written.statusCode !== 204) throw new Error(`the bench layout was refused: ${written.statusCode} ${written.body}`);
  return id;
}

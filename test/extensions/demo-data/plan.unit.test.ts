import { beforeAll, describe, expect, it } from 'vitest';
import { loadBlueprint } from '../../../src/extensions/demo-data/blueprint/load-blueprint.js';
import type { Blueprint } from '../../../src/extensions/demo-data/blueprint/schema.js';
import { identityKey, idFor, pathOfKey, type DemoEntityType } from '../../../src/extensions/demo-data/identity.js';
import type { SeedOptions } from '../../../src/extensions/demo-data/options.js';
import { buildSeedPlan, countPlan } from '../../../src/extensions/demo-data/plan/build-plan.js';
import { productNames } from '../../../src/extensions/demo-data/plan/products.js';
import { SEED_ORDER, type OrderDetails, type OrderNode, type SeedPlan } from '../../../src/extensions/demo-data/plan/types.js';

type FullPlan = Omit<SeedPlan, 'orders'> & { orders: Array<Omit<OrderNode, 'details'> & OrderDetails> };

/** The plan with every order's details planned: tests compare values, never closures. */
function fullPlan(b: Blueprint, options: SeedOptions): FullPlan {
  const p = buildSeedPlan(b, options);
  return { ...p, orders: p.orders.map(({ details, ...head }) => ({ ...head, ...details() })) };
}

let blueprint: Blueprint;
let plan: FullPlan;
const all = (b: Blueprint, extra: Partial<SeedOptions> = {}): SeedOptions => ({
  channels: b.channels.map((c) => c.key),
  perCategory: b.defaultPerCategory,
  skipMedia: false,
  skipOrders: false,
  ...extra,
});

beforeAll(async () => {
  blueprint = await loadBlueprint();
  plan = fullPlan(blueprint, all(blueprint));
});

/** Every row of a plan with an id: nodes and the rows written with them. */
function rowsOf(p: FullPlan): Array<{ key: string; id: string }> {
  const rows: Array<{ key: string; id: string }> = [];
  for (const family of SEED_ORDER) {
    for (const node of p[family] as unknown as Array<Record<string, unknown> & { key: string; id: string }>) {
      rows.push({ key: node.key, id: node.id });
      for (const field of ['domain', 'visibility', 'productMedia', 'address', 'orderCustomer', 'billingAddress', 'delivery', 'transaction', 'section']) {
        const child = node[field] as { key: string; id: string } | null | undefined;
        if (child) rows.push({ key: child.key, id: child.id });
      }
      for (const field of ['lineItems', 'assigned']) {
        for (const child of (node[field] as Array<{ key: string; id: string }> | undefined) ?? []) rows.push({ key: child.key, id: child.id });
      }
      for (const block of (node.blocks as Array<{ key: string; id: string; slot: { key: string; id: string } }> | undefined) ?? []) rows.push({ key: block.key, id: block.id }, { key: block.slot.key, id: block.slot.id });
    }
  }
  return rows;
}

describe('the seed plan of the default blueprint', () => {
  it('has these entity counts at the default per-category count', () => {
    expect(blueprint.defaultPerCategory).toBe(8);
    expect(countPlan(plan)).toEqual({
      taxes: 2,
      rules: 2,
      manufacturers: 19,
      propertyGroups: 14,
      propertyGroupOptions: 80,
      tags: 7,
      customerGroups: 2,
      salesChannels: 5,
      categories: 55,
      products: 736,
      productPrices: 392,
      media: 832,
      landingPages: 20,
      cmsPages: 10,
      customers: 80,
      orders: 150,
      crossSellings: 264,
      reviews: 405,
    });
    expect(plan.products.filter((p) => p.parentId === null)).toHaveLength(264);
  });

  it('is the same on every build', () => {
    expect(JSON.stringify(fullPlan(blueprint, all(blueprint)))).toBe(JSON.stringify(plan));
  });

  it('gives every row a unique key and the id derived from that key', () => {
    const rows = rowsOf(plan);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (const row of rows) {
      const type = row.key.slice(0, row.key.indexOf(':')) as DemoEntityType;
      expect(row.id).toBe(idFor(type, pathOfKey(row.key)));
    }
    expect(plan.products[0]!.key).toBe(identityKey('product', 'flagship/kitchen/knives#1'));
  });

  it('refers only to rows of the plan (host records are named, not referenced)', () => {
    const ids = new Set(rowsOf(plan).map((r) => r.id));
    const refs: Array<string | null> = [
      ...plan.propertyGroupOptions.map((o) => o.groupId),
      ...plan.rules.flatMap((r) => r.conditions.flatMap((c) => c.value.salesChannelIds)),
      ...plan.salesChannels.flatMap((c) => [c.navigationCategoryId, c.customerGroupId]),
      ...plan.categories.flatMap((c) => [c.parentId, c.afterCategoryId]),
      ...plan.products.flatMap((p) => [p.parentId, p.manufacturerId, p.taxId, p.visibility?.salesChannelId ?? null, ...p.categoryIds, ...p.tagIds, ...p.propertyIds, ...p.optionIds]),
      ...plan.productPrices.flatMap((p) => [p.productId, p.ruleId]),
      ...plan.media.map((m) => m.attachTo.id),
      ...plan.landingPages.flatMap((l) => l.salesChannelIds),
      ...plan.customers.flatMap((c) => [c.salesChannelId, c.groupId]),
      ...plan.orders.flatMap((o) => [o.salesChannelId, o.customerId, ...o.lineItems.map((l) => l.productId)]),
      ...plan.crossSellings.flatMap((c) => [c.productId, ...c.assigned.map((a) => a.productId)]),
      ...plan.reviews.flatMap((r) => [r.productId, r.salesChannelId]),
      ...plan.cmsPages.flatMap((p) => [
        p.assignTo.id,
        ...p.blocks.flatMap(({ element }) =>
          element.type === 'image-slider' ? element.slides.flatMap((s) => [s.mediaId, s.categoryId]) : element.type === 'product-slider' ? element.productIds : [],
        ),
      ]),
    ];
    for (const ref of refs) if (ref !== null) expect(ids.has(ref), ref).toBe(true);
  });

  it("plans per channel a home layout on its navigation category and a layout for its marketing landing page, showing its own products' images and buyable products", () => {
    for (const channel of plan.salesChannels) {
      const [home, landing] = plan.cmsPages.filter((p) => p.channel === channel.channel);
      expect(home!.assignTo).toEqual({ entity: 'category', id: channel.navigationCategoryId });
      expect(home!.blocks.map((b) => b.element.type)).toEqual(['image-slider', 'text', 'text', 'product-slider', 'text', 'product-slider']);
      expect(plan.landingPages.find((l) => l.id === landing!.assignTo.id)!.serviceKey).toBeNull();
      for (const { element } of [...home!.blocks, ...landing!.blocks]) {
        if (element.type === 'image-slider') {
          expect(element.slides).toHaveLength(3);
          for (const slide of element.slides) expect(plan.products.find((p) => p.id === plan.media.find((m) => m.id === slide.mediaId)!.attachTo.id)!.channel).toBe(channel.channel);
        }
        if (element.type === 'product-slider') {
          expect(element.productIds.length).toBeGreaterThan(0);
          for (const id of element.productIds) expect(plan.products.find((p) => p.id === id)).toMatchObject({ channel: channel.channel, buyable: true });
        }
      }
    }
  });

  it('orders categories parent first and chains siblings through afterCategoryId', () => {
    const seen = new Set<string>();
    const children = new Map<string | null, typeof plan.categories>();
    for (const category of plan.categories) {
      if (category.parentId !== null) expect(seen.has(category.parentId)).toBe(true);
      seen.add(category.id);
      children.set(category.parentId, [...(children.get(category.parentId) ?? []), category]);
    }
    for (const [parentId, siblings] of children) {
      if (parentId === null) {
        expect(siblings.every((s) => s.isRoot && s.level === 1 && s.afterCategoryId === null)).toBe(true);
        continue;
      }
      // exactly one first sibling, each other one after the one before it
      expect(siblings.filter((s) => s.afterCategoryId === null)).toHaveLength(1);
      siblings.forEach((s, i) => expect(s.afterCategoryId).toBe(i === 0 ? null : siblings[i - 1]!.id));
    }
    const roots = plan.categories.filter((c) => c.isRoot);
    expect(roots.map((r) => r.name)).toEqual(blueprint.channels.map((c) => c.rootCategory));
    expect(plan.salesChannels.map((c) => c.navigationCategoryId)).toEqual(roots.map((r) => r.id));
    expect(Math.max(...plan.categories.map((c) => c.level))).toBe(4);
    // the same category name under two channels is two rows
    const drinks = plan.categories.filter((c) => c.name === 'Oils & Vinegars' || c.name === 'Oils & Balms');
    expect(new Set(drinks.map((c) => c.id)).size).toBe(2);
  });

  it('numbers products readably, variants after their parent, prices with charm endings', () => {
    const numbers = plan.products.map((p) => p.productNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers[0]).toBe('DEMO-FLG-KNI-0001');
    expect(numbers.slice(1, 5)).toEqual(['DEMO-FLG-KNI-0001-9-CM', 'DEMO-FLG-KNI-0001-15-CM', 'DEMO-FLG-KNI-0001-20-CM', 'DEMO-FLG-KNI-0001-24-CM']);
    expect(numbers.every((n) => n.length <= 64 && /^DEMO-(FLG|FRS|TRD|WEL|OUT)-[A-Z0-9]{2,5}-\d{4}(-[A-Z0-9-]+)?$/.test(n))).toBe(true);
    plan.products.forEach((p, i) => {
      if (p.parentId === null) {
        expect(p.price!.gross % 100 === 99 || p.price!.gross % 100 === 49 || p.price!.gross % 100 === 0).toBe(true);
        expect(p.name).not.toBeNull();
        expect(p.buyable).toBe(!p.hasVariants);
      } else {
        // a variant follows its parent or a sibling variant
        const previous = plan.products[i - 1]!;
        expect(previous.parentId ?? previous.id).toBe(p.parentId);
        expect(p.price).toBeNull();
        expect(p.optionIds).toHaveLength(1);
        expect(p.buyable).toBe(true);
      }
    });
  });

  it('applies the channel: tax rate, price factor, closeout, bulk tiers', () => {
    const fresh = plan.products.find((p) => p.channel === 'fresh' && p.price)!;
    expect(fresh.price!.net).toBe(Math.round((fresh.price!.gross * 100) / 107));
    expect(plan.products.filter((p) => p.channel === 'outlet').every((p) => p.isCloseout)).toBe(true);
    expect(plan.products.filter((p) => p.channel !== 'outlet').some((p) => p.isCloseout)).toBe(false);
    // the outlet's factor applies to the drawn price: its sneakers are cheaper than the blueprint's range allows
    const sneakers = plan.products.filter((p) => p.categoryPath === 'outlet/footwear/sneakers' && p.price).map((p) => p.price!.gross);
    expect(Math.max(...sneakers)).toBeLessThanOrEqual(Math.floor(14900 * 0.72));
    const tiers = plan.productPrices.filter((p) => p.productId === fresh.id);
    expect(tiers.map((t) => [t.quantityStart, t.quantityEnd, t.discountPercent])).toEqual([
      [1, 5, 0],
      [6, 11, 5],
      [12, null, 10],
    ]);
    expect(tiers[0]!.price).toEqual(fresh.price);
    expect(tiers[2]!.price.gross).toBeLessThan(tiers[1]!.price.gross);
    expect(new Set(plan.productPrices.map((p) => p.productId.length))).toEqual(new Set([32]));
    expect(plan.rules.map((r) => r.channel)).toEqual(['fresh', 'trade']);
  });

  it('gives the first customers of each channel the demo password, the others are guests', () => {
    const flagship = plan.customers.filter((c) => c.channel === 'flagship');
    expect(flagship).toHaveLength(16);
    expect(flagship.slice(0, 2).map((c) => [c.guest, c.password])).toEqual([
      [false, 'demo-flagship'],
      [false, 'demo-flagship'],
    ]);
    expect(flagship.slice(2).every((c) => c.guest && c.password === null)).toBe(true);
    const emails = plan.customers.map((c) => c.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.every((e) => /^[a-z0-9]+\.[a-z0-9]+\.\d+@[a-z]+\.quayside-demo\.example$/.test(e))).toBe(true);
    expect(plan.customers.filter((c) => c.channel === 'trade').every((c) => c.company !== null && c.groupId === idFor('customer_group', 'trade-accounts'))).toBe(true);
    expect(plan.customers.filter((c) => c.channel === 'wellness').every((c) => c.address.countryIso === 'AT')).toBe(true);
  });

  it("plans an order's details on first use only, with the same values whenever and in whatever order they are asked for", () => {
    const lazy = buildSeedPlan(blueprint, all(blueprint));
    const first = lazy.orders[0]!;
    expect(first.details()).toBe(first.details());
    const backwards = [...lazy.orders].reverse().map((o) => o.details());
    expect(backwards.reverse()).toEqual(plan.orders.map(({ id, key, naturalKey, entity, channel, orderNumber, ...details }) => details));
  });

  it('adds up every order exactly and dates it within the history before the reference date', () => {
    const reference = Date.parse('2026-01-01T00:00:00Z');
    const products = new Map(plan.products.map((p) => [p.id, p]));
    for (const order of plan.orders) {
      expect(order.positionPrice).toBe(order.lineItems.reduce((s, l) => s + l.totalPrice, 0));
      for (const line of order.lineItems) {
        expect(line.totalPrice).toBe(line.unitPrice * line.quantity);
        const product = products.get(line.productId)!;
        expect(product.buyable).toBe(true);
        expect(product.channel).toBe(order.channel);
      }
      const freeFrom = 7500;
      expect(order.shippingCosts.gross).toBe(order.positionPrice >= freeFrom ? 0 : 499);
      expect(order.amountTotal).toBe(order.positionPrice + order.shippingCosts.gross);
      expect(order.amountNet).toBeLessThan(order.amountTotal);
      expect(order.transaction.amount).toBe(order.amountTotal);
      const placed = Date.parse(order.orderDateTime);
      expect(placed).toBeLessThan(reference);
      expect(placed).toBeGreaterThanOrEqual(reference - 366 * 86_400_000);
      expect(Date.parse(order.delivery.shippingDateEarliest)).toBeGreaterThan(placed);
    }
    const states = new Set(plan.orders.map((o) => `${o.states.order}/${o.states.transaction}/${o.states.delivery}`));
    expect(states.size).toBeGreaterThanOrEqual(4);
  });

  it('prices order lines at the bulk tier their quantity reaches', () => {
    const products = new Map(plan.products.map((p) => [p.id, p]));
    const tiersOf = (productId: string) => plan.productPrices.filter((t) => t.productId === productId);
    const tradeLines = plan.orders.filter((o) => o.channel === 'trade').flatMap((o) => o.lineItems);
    expect(tradeLines.some((l) => l.quantity >= 10)).toBe(true);
    for (const line of tradeLines) {
      const product = products.get(line.productId)!;
      const priced = product.parentId ? products.get(product.parentId)! : product;
      const tier = tiersOf(priced.id).find((t) => line.quantity >= t.quantityStart && (t.quantityEnd === null || line.quantity <= t.quantityEnd))!;
      expect(line.unitPrice).toBe(tier.price.gross);
    }
    // without tiers the line costs the product's price
    const flagshipLine = plan.orders.find((o) => o.channel === 'flagship')!.lineItems[0]!;
    const product = products.get(flagshipLine.productId)!;
    expect(flagshipLine.unitPrice).toBe((product.parentId ? products.get(product.parentId)! : product).price!.gross);
  });

  it('cross-sells within the same top-level category, never the product itself', () => {
    const products = new Map(plan.products.map((p) => [p.id, p]));
    for (const list of plan.crossSellings) {
      const product = products.get(list.productId)!;
      expect(list.assigned.length).toBeGreaterThan(0);
      expect(list.assigned.length).toBeLessThanOrEqual(4);
      for (const link of list.assigned) {
        expect(link.productId).not.toBe(product.id);
        const other = products.get(link.productId)!;
        expect(other.categoryPath.split('/').slice(0, 2)).toEqual(product.categoryPath.split('/').slice(0, 2));
      }
    }
  });

  it('dates reviews between release and reference date, with 1 to 5 points', () => {
    for (const review of plan.reviews) {
      expect(review.points).toBeGreaterThanOrEqual(1);
      expect(review.points).toBeLessThanOrEqual(5);
      expect(Date.parse(review.createdAt)).toBeLessThanOrEqual(Date.parse('2026-01-01T00:00:00Z'));
    }
  });

  it('plans three drawn images per product (its kind, its variants\' colours), one per manufacturer, top-level category and channel', () => {
    const byOwner = (entity: string) => plan.media.filter((m) => m.attachTo.entity === entity);
    expect(byOwner('product')).toHaveLength(264 * 3);
    expect(byOwner('sales_channel')).toHaveLength(5);
    const knife = byOwner('product').filter((m) => m.attachTo.id === plan.media[0]!.attachTo.id);
    expect(knife.map((m) => [m.drawing?.kind, m.drawing?.view, m.productMedia?.position])).toEqual([['knife', 0, 1], ['knife', 1, 2], ['knife', 2, 3]]);
    // a product with colour variants shows them: every colour of the gallery is one of its variants' options
    const parent = plan.products.find((p) => p.hasVariants && p.channel === 'flagship' && plan.products.some((v) => v.parentId === p.id && v.optionIds.some((id) => plan.propertyGroupOptions.find((o) => o.id === id)?.colorHexCode)))!;
    const colours = new Set(plan.products.filter((v) => v.parentId === parent.id).flatMap((v) => v.optionIds.map((id) => plan.propertyGroupOptions.find((o) => o.id === id)?.colorHexCode)));
    for (const m of byOwner('product').filter((m) => m.attachTo.id === parent.id)) expect(colours.has(m.drawing!.colour)).toBe(true);
    expect(byOwner('product_manufacturer')).toHaveLength(19);
    expect(byOwner('category')).toHaveLength(16);
    const first = plan.media[0]!;
    expect(first).toMatchObject({ fileName: 'demo-flg-kni-0001', fileExtension: 'png', mimeType: 'image/png' });
    expect(first.image).toMatchObject({ width: 800, height: 800, seedKey: first.key, label: 'PK' });
    expect(new Set(plan.media.map((m) => m.fileName)).size).toBe(plan.media.length);
  });
});

describe('plan stability', () => {
  it('more products per category keep the first ones as they were', () => {
    const six = fullPlan(blueprint, all(blueprint, { perCategory: 6 }));
    const byKey = new Map(plan.products.map((p) => [p.key, p]));
    for (const product of six.products) expect(byKey.get(product.key)).toEqual(product);
    const reviews = new Map(plan.reviews.map((r) => [r.key, r]));
    for (const review of six.reviews) expect(reviews.get(review.key)).toEqual(review);
    const prices = new Map(plan.productPrices.map((p) => [p.key, p]));
    for (const price of six.productPrices) expect(prices.get(price.key)).toEqual(price);
    expect(plan.customers).toEqual(six.customers);
    // an order changes only where a new product (#7, #8) won a line
    const orders = new Map(plan.orders.map((o) => [o.key, o]));
    let changed = 0;
    for (const order of six.orders) {
      const now = orders.get(order.key)!;
      expect(now.orderDateTime).toBe(order.orderDateTime);
      expect(now.customerId).toBe(order.customerId);
      if (JSON.stringify(now) !== JSON.stringify(order)) {
        changed++;
        expect(now.lineItems.some((l) => /#[78](\/|$)/.test(pathOfKey(plan.products.find((p) => p.id === l.productId)!.key)))).toBe(true);
      }
    }
    expect(changed).toBeLessThan(six.orders.length);
  });

  it('more customers per channel keep the first ones; orders move only to a newcomer', () => {
    const more = structuredClone(blueprint);
    more.people.customersPerChannel = 20;
    const next = fullPlan(more, all(more));
    const before = new Map(plan.customers.map((c) => [c.key, c]));
    expect(next.customers).toHaveLength(100);
    for (const customer of next.customers) if (before.has(customer.key)) expect(customer).toEqual(before.get(customer.key));
    const customers = new Map(next.customers.map((c) => [c.id, c]));
    plan.orders.forEach((order, i) => {
      const now = next.orders[i]!;
      if (now.customerId !== order.customerId) expect(pathOfKey(customers.get(now.customerId)!.key)).toMatch(/#(17|18|19|20)$/);
      else expect(now).toEqual(order);
    });
  });

  it('one channel alone is planned exactly as within all channels, with only what it uses', () => {
    const fresh = fullPlan(blueprint, all(blueprint, { channels: ['fresh'] }));
    const inAll = (family: 'products' | 'categories' | 'customers' | 'orders' | 'reviews' | 'productPrices' | 'crossSellings') =>
      (plan[family] as Array<{ key: string }>).filter((n) => fresh[family].some((f) => f.key === n.key));
    for (const family of ['products', 'categories', 'customers', 'orders', 'reviews', 'productPrices', 'crossSellings'] as const) {
      expect(fresh[family].length).toBeGreaterThan(0);
      expect(fresh[family]).toEqual(inAll(family));
    }
    expect(fresh.salesChannels.map((c) => c.channel)).toEqual(['fresh']);
    expect(fresh.taxes.map((t) => t.taxRate)).toEqual([7]);
    expect(fresh.manufacturers.map((m) => m.name)).toEqual(['Millbrook Bakehouse', 'Copper Kettle Roasters', 'Olive & Salt Pantry', 'Brightspring Drinks']);
    expect(fresh.customerGroups).toEqual([]);
  });

  it('a new leaf category in the blueprint leaves the existing products untouched', () => {
    const extended = structuredClone(blueprint);
    const kitchen = extended.channels[0]!.tree[0]!;
    kitchen.children!.splice(1, 0, {
      key: 'baking',
      name: 'Baking',
      products: { ...kitchen.children![0]!.products!, names: [['Loaf', 'Cake'], ['Tin']] },
    });
    const next = fullPlan(extended, all(extended));
    const before = new Map(plan.products.map((p) => [p.key, p]));
    const unchanged = next.products.filter((p) => !p.path.includes('/baking#'));
    expect(unchanged).toHaveLength(plan.products.length);
    for (const product of unchanged) expect(product).toEqual(before.get(product.key));
    // the new sibling is chained in; the one after it now follows it
    const cookware = next.categories.find((c) => c.path === 'flagship/kitchen/cookware')!;
    expect(cookware.afterCategoryId).toBe(idFor('category', 'flagship/kitchen/baking'));
  });

  it('skipping media and orders leaves everything else as it was', () => {
    const lean = fullPlan(blueprint, all(blueprint, { skipMedia: true, skipOrders: true }));
    expect(lean.media).toEqual([]);
    expect(lean.customers).toEqual([]);
    expect(lean.orders).toEqual([]);
    expect(lean.products).toEqual(plan.products);
    expect(lean.reviews).toEqual(plan.reviews);
    expect(lean.customerGroups).toEqual(plan.customerGroups);
  });

  it('refuses channel keys the options did not resolve', () => {
    expect(() => fullPlan(blueprint, all(blueprint, { channels: ['nowhere'] }))).toThrow(/unknown channel keys nowhere/);
  });
});

describe('product names', () => {
  it('combine the parts, each once, then add editions', () => {
    const names = productNames('x/y', [['Bread', 'Paring'], ['Knife']], ['Studio', 'Pro'], 7);
    expect(new Set(names.slice(0, 2))).toEqual(new Set(['Bread Knife', 'Paring Knife']));
    expect(names.slice(2, 4).map((n) => n.replace(/^(Bread|Paring) Knife /, ''))).toEqual(['Studio', 'Studio']);
    expect(names.slice(4, 6).every((n) => n.endsWith(' Pro'))).toBe(true);
    expect(names[6]).toMatch(/ Studio 2$/);
    expect(new Set(names).size).toBe(7);
  });
});
